import {
  Button,
  Card,
  FileButton,
  Group,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { type DragEvent, useState } from 'react';
import { SOURCE_LANGUAGES } from './api';
import { useImageT } from './i18n';
import classes from './image-translate.module.css';
import { RecentList } from './recent-list';
import type { ImageTranslate } from './use-image-translate';

/** Where the image comes from: a file (chosen or dropped), an address, or an earlier request id; its language; the recent ones. */
export function SourceCard({ screen }: { screen: ImageTranslate }) {
  const { t } = useImageT();
  const { state, dispatch, busy, translate, submitUrl, openRequest } = screen;
  const { source, stage } = state;

  return (
    <Card withBorder padding="sm">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap="xs" style={{ flex: '1 1 520px' }}>
          <Tabs value={source.tab} onChange={(tab) => dispatch({ type: 'tab', tab })} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="file">{t('source.file')}</Tabs.Tab>
              <Tabs.Tab value="url">{t('source.url')}</Tabs.Tab>
              <Tabs.Tab value="request">{t('source.request')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="file" pt="xs">
              <DropZone
                busy={busy}
                uploading={stage === 'uploading'}
                onFile={(file) => translate({ file })}
              />
            </Tabs.Panel>
            <Tabs.Panel value="url" pt="xs">
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  submitUrl();
                }}
              >
                <Group align="flex-end" gap="xs" wrap="nowrap">
                  <TextInput
                    label={t('source.urlLabel')}
                    placeholder={t('source.urlPlaceholder')}
                    value={source.url}
                    onChange={(e) => dispatch({ type: 'urlInput', value: e.currentTarget.value })}
                    error={source.urlInvalid ? t('source.urlInvalid') : null}
                    style={{ flex: 1 }}
                    size="sm"
                  />
                  <Button
                    type="submit"
                    disabled={busy || !source.url.trim()}
                    loading={stage === 'translating'}
                  >
                    {t('source.translate')}
                  </Button>
                </Group>
              </form>
            </Tabs.Panel>
            <Tabs.Panel value="request" pt="xs">
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  openRequest(source.requestId);
                }}
              >
                <Group align="flex-end" gap="xs" wrap="nowrap">
                  <TextInput
                    label={t('source.requestLabel')}
                    placeholder={t('source.requestPlaceholder')}
                    value={source.requestId}
                    onChange={(e) => dispatch({ type: 'requestIdInput', value: e.currentTarget.value })}
                    style={{ flex: 1 }}
                    size="sm"
                    ff="monospace"
                  />
                  <Button type="submit" variant="default" disabled={busy || !source.requestId.trim()}>
                    {t('source.open')}
                  </Button>
                </Group>
              </form>
            </Tabs.Panel>
          </Tabs>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('source.language')}
          </Text>
          <SegmentedControl
            size="xs"
            value={source.lang}
            onChange={(v) => {
              const lang = SOURCE_LANGUAGES.find((l) => l === v);
              if (lang) dispatch({ type: 'language', lang });
            }}
            data={[
              { value: 'CHN', label: t('source.chinese') },
              { value: 'ENG', label: t('source.english') },
            ]}
            aria-label={t('source.language')}
          />
        </Stack>
        <RecentList recent={state.recent} disabled={busy} onOpen={openRequest} />
      </Group>
    </Card>
  );
}

/** A file button, and the area around it takes a dropped image. */
function DropZone({
  busy,
  uploading,
  onFile,
}: {
  busy: boolean;
  uploading: boolean;
  onFile: (file: File) => void;
}) {
  const { t } = useImageT();
  // only the look of the area while something is dragged over it
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    const file = Array.from(e.dataTransfer.files).find((f) => f.type.startsWith('image/'));
    if (file) onFile(file);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target only; the file button inside is the keyboard path
    <div
      className={`${classes.drop} ${dragging ? classes.dropActive : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="drop-zone"
    >
      <Group gap="sm" wrap="nowrap">
        <FileButton
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(file) => file && onFile(file)}
          disabled={busy}
        >
          {(props) => (
            <Button {...props} loading={uploading} disabled={busy}>
              {t('source.chooseFile')}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed">
          {t('source.dropHint')}
        </Text>
      </Group>
    </div>
  );
}
