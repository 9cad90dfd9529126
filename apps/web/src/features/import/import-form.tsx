import { Badge, Button, CloseButton, FileButton, Group, Text, Textarea } from '@mantine/core';
import type { Dispatch } from 'react';
import { useProductsT } from '../../shared/products/i18n';
import type { ImportAction, ImportState } from './import-state';

/** The pasted page data, the chosen files (removable) and the import button. */
export function ImportForm({
  state,
  dispatch,
  addFiles,
  run,
  busy,
}: {
  state: ImportState;
  dispatch: Dispatch<ImportAction>;
  addFiles: (files: File[]) => Promise<void>;
  run: () => void;
  busy: boolean;
}) {
  const { t } = useProductsT();
  const { files } = state;
  return (
    <>
      <Textarea
        label={t('import.paste')}
        placeholder={t('import.pastePlaceholder')}
        autosize
        minRows={5}
        maxRows={6}
        value={state.text}
        onChange={(e) => dispatch({ type: 'text', text: e.currentTarget.value })}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        data-testid="import-paste"
      />
      <Group gap="xs" align="center">
        <FileButton
          onChange={(f) => void addFiles(f)}
          accept="application/json,.json,.txt,.html,.js"
          multiple
        >
          {(props) => (
            <Button variant="default" size="xs" {...props}>
              {t('import.files')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {files.length ? t('import.filesChosen', { count: files.length }) : t('import.filesHint')}
        </Text>
      </Group>
      {files.length ? (
        <Group gap={6}>
          {files.map((f, k) => (
            <Badge
              // biome-ignore lint/suspicious/noArrayIndexKey: positional list (same values may repeat)
              key={`${f.name}-${k}`}
              variant="light"
              radius="sm"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t('import.removeFile', { name: f.name })}
                  onClick={() => dispatch({ type: 'removeFile', index: k })}
                />
              }
            >
              {f.name}
            </Badge>
          ))}
        </Group>
      ) : null}
      {state.fileErrors.map((m) => (
        <Text key={m} c="red" size="sm">
          {m}
        </Text>
      ))}
      <Group>
        <Button onClick={run} loading={busy} data-testid="import-submit">
          {t('import.submit')}
        </Button>
      </Group>
    </>
  );
}
