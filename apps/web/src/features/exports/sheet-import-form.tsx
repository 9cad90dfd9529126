import { Alert, Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import { errorText } from '../../shared/products/http';
import { importXlsx, SheetRefused } from './api';
import { initialSheetImportState, sheetImportReducer } from './export-menu-state';
import { useExportsT } from './i18n';

/** The Excel review sheet's import: choose the file, see what changed and what was refused. */
export function SheetImportForm() {
  const { t, i18n } = useExportsT();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(sheetImportReducer, initialSheetImportState);
  const { file, result, error } = state;
  const lang = i18n.language === 'en' ? 'en' : 'ko';
  const send = useMutation({
    mutationFn: importXlsx,
    onMutate: () => dispatch({ type: 'sending' }),
    onSuccess: (answer) => {
      dispatch({ type: 'imported', result: answer });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    },
    // A refused sheet saved nothing: what was refused, and what was held back, is shown below.
    onError: (e) =>
      dispatch({ type: 'failed', error: errorText(e), result: e instanceof SheetRefused ? e.answer : null }),
  });

  return (
    <Stack gap="sm">
      <Text size="sm">{t('import.choose')}</Text>
      <Group align="flex-end">
        <FileInput
          label={t('import.file')}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(f) => dispatch({ type: 'file', file: f })}
          clearable
          style={{ flex: 1 }}
          data-testid="import-file"
        />
        <Button
          onClick={() => file && send.mutate(file)}
          loading={send.isPending}
          disabled={!file}
          data-testid="import-submit"
        >
          {t('import.submit')}
        </Button>
      </Group>
      {error ? (
        <Alert color="red" py={6} role="alert">
          {error}
        </Alert>
      ) : null}
      {result ? (
        <Stack gap={6} data-testid="import-result" data-applied={result.applied ? 'true' : 'false'}>
          <Text size="sm" fw={600}>
            {t(result.applied ? 'import.changed' : 'import.heldBack', {
              n: result.changed.reduce((n, r) => n + r.changes.length, 0),
            })}{' '}
            · {t('import.refused', { n: result.refused.length })} ·{' '}
            {t('import.unchanged', { n: result.unchangedRows })}
          </Text>
          {result.applied && result.changed.length === 0 && result.refused.length === 0 ? (
            <Text size="sm">{t('import.nothing')}</Text>
          ) : null}
          {result.refused.map((r) => (
            <Text key={`${r.row}:${r.column}`} size="xs" c="red" data-testid="import-refused">
              {t('import.row', { row: r.row })} ·{' '}
              {r.conflict
                ? // The reason names the product, option and field, with the value stored now.
                  `${r.reason[lang]} (${t('import.sheetValue')}: "${r.value}")`
                : `${r.registrationId} ${r.optionNumber} · ${r.header} "${r.value}": ${r.reason[lang]}`}
            </Text>
          ))}
          {result.changed.map((r) =>
            r.changes.map((c) => (
              <Text
                key={`${r.row}:${c.column}`}
                size="xs"
                c={result.applied ? undefined : 'dimmed'}
                data-testid="import-change"
              >
                {t('import.row', { row: r.row })} · {r.registrationId} {r.optionNumber} · {c.header}:{' '}
                {c.from || '—'} → {c.to}
                {result.applied ? '' : ` (${t('import.notSaved')})`}
              </Text>
            )),
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}
