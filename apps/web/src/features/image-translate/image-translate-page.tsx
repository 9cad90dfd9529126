import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { type DragEvent, type UIEvent, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { setProcessing } from '../../app/processing-store';
import { TitleSection } from '../../ui/title-section';
import {
  messageOf,
  queryOcr,
  regenerateImage,
  type SourceLanguage,
  translateImage,
  uploadImage,
} from './api';
import { useImageT } from './i18n';
import { ImagePanel, OcrOverlay } from './image-panel';
import classes from './image-translate.module.css';
import { initialTranslateState, type Job, translateReducer, withRegenerated } from './image-translate-state';
import { changedIndexes, isImageAddress, type OcrItem } from './ocr-logic';
import { OcrTable } from './ocr-table';
import { readRecent, writeRecent } from './recent';

const ZOOMS = ['1', '1.5', '2', '3'];
type PanelKey = 'original' | 'removed' | 'translated';

/** Scrolling one panel scrolls the others to the same spot, so the three images compare line by line. */
function useSyncedScroll() {
  const refs = useRef<Record<PanelKey, HTMLDivElement | null>>({
    original: null,
    removed: null,
    translated: null,
  });
  const syncing = useRef(false);
  const onScroll = (from: PanelKey) => (e: UIEvent<HTMLDivElement>) => {
    if (syncing.current) return;
    const src = e.currentTarget;
    const fx = src.scrollWidth > src.clientWidth ? src.scrollLeft / (src.scrollWidth - src.clientWidth) : 0;
    const fy =
      src.scrollHeight > src.clientHeight ? src.scrollTop / (src.scrollHeight - src.clientHeight) : 0;
    syncing.current = true;
    for (const key of Object.keys(refs.current) as PanelKey[]) {
      const el = refs.current[key];
      if (!el || key === from) continue;
      el.scrollLeft = fx * (el.scrollWidth - el.clientWidth);
      el.scrollTop = fy * (el.scrollHeight - el.clientHeight);
    }
    requestAnimationFrame(() => {
      syncing.current = false;
    });
  };
  const bind = (key: PanelKey) => ({
    ref: (el: HTMLDivElement | null) => {
      refs.current[key] = el;
    },
    onScroll: onScroll(key),
  });
  return bind;
}

type Source = { file: File } | { url: string };

/** Upload (for a file) → translate → OCR data by request id. A missing OCR keeps the translation-only result. */
async function translateSource(
  source: Source,
  lang: SourceLanguage,
  step: (stage: 'uploading' | 'translating' | 'loadingOcr') => void,
): Promise<Job> {
  let imgUrl: string;
  if ('file' in source) {
    step('uploading');
    imgUrl = await uploadImage(source.file);
  } else imgUrl = source.url.trim();
  step('translating');
  const refs = await translateImage(imgUrl, lang);
  step('loadingOcr');
  let items: OcrItem[] = [];
  let ocrError: string | null = null;
  let originUrl = refs.originUrl;
  try {
    const entry = await queryOcr(refs.requestId);
    items = entry.items;
    originUrl ??= entry.originUrl;
  } catch (e) {
    ocrError = messageOf(e);
  }
  return {
    sourceUrl: imgUrl,
    originUrl: originUrl ?? imgUrl,
    rmUrl: refs.rmUrl,
    versions: [{ requestId: refs.requestId, url: refs.url }],
    items,
    ocrError,
  };
}

/** Opens an earlier translation by its request id (getImageTranslateBatchQuery). */
async function loadRequest(requestId: string, loadFailed: string): Promise<Job> {
  const entry = await queryOcr(requestId);
  if (!entry.url || !entry.rmUrl) throw new Error(loadFailed);
  return {
    sourceUrl: entry.originUrl ?? entry.url,
    originUrl: entry.originUrl ?? entry.url,
    rmUrl: entry.rmUrl,
    versions: [{ requestId, url: entry.url }],
    items: entry.items,
    ocrError: null,
  };
}

export default function ImageTranslatePage() {
  const { t } = useImageT();
  const [state, dispatch] = useReducer(translateReducer, undefined, () =>
    initialTranslateState(readRecent()),
  );
  const { stage, error, job, edited, shown, hover, recent } = state;
  const [tab, setTab] = useState<string | null>('file');
  const [lang, setLang] = useState<SourceLanguage>('CHN');
  const [urlInput, setUrlInput] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [idInput, setIdInput] = useState('');
  const [dragging, setDragging] = useState(false);
  const [zoom, setZoom] = useState('1');
  const [showBoxes, setShowBoxes] = useState(true);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const [enlarged, setEnlarged] = useState<PanelKey | null>(null);
  const scroll = useSyncedScroll();

  const busy = stage !== 'idle';
  useEffect(() => {
    if (stage === 'idle') setProcessing(false);
    else setProcessing(true, t(`stage.${stage}`));
  }, [stage, t]);
  useEffect(() => () => setProcessing(false), []);
  useEffect(() => writeRecent(recent), [recent]);

  const changed = useMemo(() => new Set(job ? changedIndexes(job.items, edited) : []), [job, edited]);
  const opened = (next: Job) => dispatch({ type: 'opened', job: next, at: new Date().toISOString() });
  const failed = (e: unknown) => dispatch({ type: 'failed', message: messageOf(e) });

  const translate = useMutation({
    mutationFn: (source: Source) =>
      translateSource(source, lang, (s) => dispatch({ type: 'stage', stage: s })),
    onSuccess: opened,
    onError: failed,
  });
  const load = useMutation({
    mutationFn: (requestId: string) => {
      dispatch({ type: 'stage', stage: 'loadingOcr' });
      return loadRequest(requestId.trim(), t('panel.loadFailed'));
    },
    onSuccess: opened,
    onError: failed,
  });
  const regenerate = useMutation({
    mutationFn: async (current: Job) => {
      dispatch({ type: 'stage', stage: 'regenerating' });
      const latest = current.versions[current.versions.length - 1]!;
      const res = await regenerateImage({
        preRequestId: latest.requestId,
        url: current.sourceUrl,
        rmUrl: current.rmUrl,
        items: edited,
      });
      return { next: withRegenerated(current, edited, res), requestId: res.requestId };
    },
    onSuccess: ({ next, requestId }) => {
      opened(next);
      notifications.show({
        color: 'green',
        message: t('regenerated', { id: requestId }),
        position: 'bottom-right',
      });
    },
    onError: failed,
  });

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    const file = Array.from(e.dataTransfer.files).find((f) => f.type.startsWith('image/'));
    if (file && !busy) translate.mutate({ file });
  };

  const submitUrl = () => {
    if (!isImageAddress(urlInput)) {
      setUrlError(t('source.urlInvalid'));
      return;
    }
    setUrlError(null);
    translate.mutate({ url: urlInput });
  };

  const version = job?.versions[Math.min(shown, job.versions.length - 1)];
  const z = Number(zoom);
  const panelUrl: Record<PanelKey, string | null> = {
    original: job?.originUrl ?? null,
    removed: job?.rmUrl ?? null,
    translated: version?.url ?? null,
  };
  const panelTitle: Record<PanelKey, string> = {
    original: t('panel.original'),
    removed: t('panel.removed'),
    translated: t('panel.translated'),
  };
  const overlayFor = (size: { width: number; height: number }) =>
    showBoxes && job ? (
      <OcrOverlay
        items={edited}
        width={size.width}
        height={size.height}
        active={hover}
        onHover={(i) => dispatch({ type: 'hover', index: i })}
        onSelect={(i) => {
          dispatch({ type: 'hover', index: i });
          setFocusIndex(null);
          requestAnimationFrame(() => setFocusIndex(i));
        }}
      />
    ) : null;

  return (
    <Stack gap="sm">
      <TitleSection title={t('title')} description={t('description')} />

      <Card withBorder padding="sm">
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Stack gap="xs" style={{ flex: '1 1 520px' }}>
            <Tabs value={tab} onChange={setTab} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="file">{t('source.file')}</Tabs.Tab>
                <Tabs.Tab value="url">{t('source.url')}</Tabs.Tab>
                <Tabs.Tab value="request">{t('source.request')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="file" pt="xs">
                {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target only; the file button inside is the keyboard path */}
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
                      onChange={(file) => file && translate.mutate({ file })}
                      disabled={busy}
                    >
                      {(props) => (
                        <Button {...props} loading={stage === 'uploading'} disabled={busy}>
                          {t('source.chooseFile')}
                        </Button>
                      )}
                    </FileButton>
                    <Text size="sm" c="dimmed">
                      {t('source.dropHint')}
                    </Text>
                  </Group>
                </div>
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
                      value={urlInput}
                      onChange={(e) => setUrlInput(e.currentTarget.value)}
                      error={urlError}
                      style={{ flex: 1 }}
                      size="sm"
                    />
                    <Button
                      type="submit"
                      disabled={busy || !urlInput.trim()}
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
                    if (idInput.trim()) load.mutate(idInput);
                  }}
                >
                  <Group align="flex-end" gap="xs" wrap="nowrap">
                    <TextInput
                      label={t('source.requestLabel')}
                      placeholder={t('source.requestPlaceholder')}
                      value={idInput}
                      onChange={(e) => setIdInput(e.currentTarget.value)}
                      style={{ flex: 1 }}
                      size="sm"
                      ff="monospace"
                    />
                    <Button type="submit" variant="default" disabled={busy || !idInput.trim()}>
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
              value={lang}
              onChange={(v) => setLang(v as SourceLanguage)}
              data={[
                { value: 'CHN', label: t('source.chinese') },
                { value: 'ENG', label: t('source.english') },
              ]}
              aria-label={t('source.language')}
            />
          </Stack>
          <Stack gap={4} style={{ flex: '1 1 260px', minWidth: 0 }}>
            <Text size="sm" fw={500}>
              {t('source.recent')}
            </Text>
            {recent.length === 0 ? (
              <Text size="xs" c="dimmed">
                {t('source.recentEmpty')}
              </Text>
            ) : (
              <Group gap={6} data-testid="recent">
                {recent.map((r) => (
                  <Tooltip key={r.requestId} label={r.requestId}>
                    <button
                      type="button"
                      onClick={() => load.mutate(r.requestId)}
                      disabled={busy}
                      aria-label={`${t('source.open')} ${r.requestId}`}
                      style={{
                        padding: 0,
                        border: '1px solid var(--mantine-color-default-border)',
                        borderRadius: 4,
                        cursor: 'pointer',
                        background: 'none',
                        lineHeight: 0,
                      }}
                    >
                      <img
                        src={r.url}
                        alt=""
                        width={40}
                        height={40}
                        style={{ objectFit: 'cover', borderRadius: 3 }}
                      />
                    </button>
                  </Tooltip>
                ))}
              </Group>
            )}
          </Stack>
        </Group>
      </Card>

      {busy && (
        <Alert color="blue" variant="light" icon={<Loader size="xs" />} data-testid="stage">
          {t(`stage.${stage}`)}
        </Alert>
      )}
      {error && (
        <Alert
          color="red"
          title={t('common.error', { ns: 'translation' })}
          withCloseButton
          onClose={() => dispatch({ type: 'dismissError' })}
        >
          {error}
        </Alert>
      )}
      {job?.ocrError && (
        <Alert color="yellow" variant="light">
          {job.ocrError}
        </Alert>
      )}

      <Card withBorder padding="sm">
        <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
          <Group gap="xs">
            {version && (
              <>
                <Text size="sm" c="dimmed">
                  {t('requestId')}
                </Text>
                <Badge variant="light" ff="monospace" tt="none" data-testid="request-id">
                  {version.requestId}
                </Badge>
              </>
            )}
            {job && job.versions.length > 1 && (
              <SegmentedControl
                size="xs"
                value={String(shown)}
                onChange={(v) => dispatch({ type: 'show', version: Number(v) })}
                aria-label={t('version')}
                data={job.versions.map((_, i) => ({
                  value: String(i),
                  label: i === 0 ? t('versionOriginal') : t('versionEdited', { n: i + 1 }),
                }))}
              />
            )}
          </Group>
          <Group gap="md">
            <Switch
              size="xs"
              label={t('showBoxes')}
              checked={showBoxes}
              onChange={(e) => setShowBoxes(e.currentTarget.checked)}
            />
            <Group gap={6}>
              <Text size="sm">{t('zoom')}</Text>
              <SegmentedControl
                size="xs"
                value={zoom}
                onChange={setZoom}
                aria-label={t('zoom')}
                data={ZOOMS.map((v) => ({ value: v, label: v === '1' ? t('fit') : `${Number(v) * 100}%` }))}
              />
            </Group>
          </Group>
        </Group>
        <div className={classes.panels}>
          <ImagePanel
            title={panelTitle.original}
            testId="panel-original"
            url={panelUrl.original}
            zoom={z}
            overlay={overlayFor}
            onEnlarge={() => setEnlarged('original')}
            extra={
              job && (
                <Badge size="xs" variant="outline">
                  {t('panel.boxCount', { count: edited.length })}
                </Badge>
              )
            }
            {...scroll('original')}
          />
          <ImagePanel
            title={panelTitle.removed}
            testId="panel-removed"
            url={panelUrl.removed}
            zoom={z}
            onEnlarge={() => setEnlarged('removed')}
            {...scroll('removed')}
          />
          <ImagePanel
            title={panelTitle.translated}
            testId="panel-translated"
            url={panelUrl.translated}
            zoom={z}
            onEnlarge={() => setEnlarged('translated')}
            {...scroll('translated')}
          />
        </div>
      </Card>

      {job && (
        <Card withBorder padding="sm">
          <Group justify="space-between" mb="xs" wrap="wrap">
            <Stack gap={0}>
              <Title order={2} size="h5">
                {t('ocr.title', { count: edited.length })}
              </Title>
              <Text size="xs" c="dimmed">
                {t('fontGroups')}
              </Text>
            </Stack>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                disabled={busy || changed.size === 0}
                onClick={() => dispatch({ type: 'revert' })}
              >
                {t('revert')}
              </Button>
              <Button
                size="xs"
                onClick={() => regenerate.mutate(job)}
                disabled={busy || changed.size === 0}
                loading={stage === 'regenerating'}
              >
                {changed.size ? t('regenerateCount', { count: changed.size }) : t('regenerate')}
              </Button>
            </Group>
          </Group>
          <OcrTable
            items={edited}
            changed={changed}
            active={hover}
            focusIndex={focusIndex}
            onHover={(i) => dispatch({ type: 'hover', index: i })}
            disabled={busy}
            onChange={(index, patch) => dispatch({ type: 'edit', index, patch })}
          />
        </Card>
      )}

      <Modal
        opened={enlarged !== null}
        onClose={() => setEnlarged(null)}
        title={enlarged ? panelTitle[enlarged] : ''}
        size="90%"
        centered
      >
        {enlarged && panelUrl[enlarged] && (
          <div className={classes.stage} style={{ maxWidth: '100%' }}>
            <img src={panelUrl[enlarged] ?? ''} alt={panelTitle[enlarged]} />
            {enlarged === 'original' && job && (
              <EnlargedOverlay url={panelUrl.original ?? ''} render={overlayFor} />
            )}
          </div>
        )}
      </Modal>
    </Stack>
  );
}

/** The overlay in the enlarged view needs the image's natural size too. */
function EnlargedOverlay({
  url,
  render,
}: {
  url: string;
  render: (size: { width: number; height: number }) => React.ReactNode;
}) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const img = new Image();
    img.onload = () => setSize({ width: img.naturalWidth, height: img.naturalHeight });
    img.src = url;
  }, [url]);
  return size ? render(size) : null;
}
