import { Alert, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useProductsT } from '../../shared/products/i18n';
import { ImportForm } from './import-form';
import { ResultCard } from './import-result-card';
import { useImport } from './use-import';

/** addproduct: import 1688 captures (pasted page data or JSON files, many at once), with the re-import diff. */
export default function ImportPage() {
  const { t } = useProductsT();
  const { state, dispatch, addFiles, run, busy, applying, apply } = useImport();
  const { results, error } = state;
  const resultsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (results.length) resultsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [results]);

  return (
    <Stack gap="sm" maw={1200}>
      <Title order={2} size="h4">
        {t('import.title')}
      </Title>
      <Text size="sm">{t('import.intro')}</Text>
      <Alert color="blue" variant="light" py={6}>
        {t('import.howTo')}
      </Alert>
      <ImportForm state={state} dispatch={dispatch} addFiles={addFiles} run={run} busy={busy} />
      {error ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : null}

      {results.length ? (
        <Stack gap="sm" data-testid="import-results" ref={resultsRef}>
          <Title order={3} size="h5">
            {t('import.results')}
          </Title>
          {results.map((r, k) => {
            const offerId = r.offerId;
            return (
              <ResultCard
                // biome-ignore lint/suspicious/noArrayIndexKey: positional list (same values may repeat)
                key={`${offerId ?? 'x'}-${k}`}
                r={r}
                applying={offerId !== null && offerId !== undefined && applying === offerId}
                onApply={offerId ? () => apply(offerId) : undefined}
              />
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
