import { Alert, Badge, Button, Group, Select, Text, Tooltip } from '@mantine/core';
import type { QuotationRunMode, RocketProduct } from '@rr/contracts';
import { type FieldSource, isRecord, selectQuotationOptions } from '@rr/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { updatePartial } from '../../shared/products/api';
import { errorText } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { useStartRun } from '../../shared/workflow/use-runs';
import { SourceBadge } from './field-source';
import { setPath } from './set-path';

// The quotation tab's own parts: manual quotation (this option / all), reprocess of failed options
// (quotation-only runs, POST /api/workflow/runs with `quotation`), dropdown attributes from the
// category schema, and the 1688 text an AI value came from.

/** The option numbers the reprocess path would work on (Q §4): error status or processError.failedOptions. */
export function failedOptionNumbers(p: RocketProduct): string[] {
  return selectQuotationOptions(p.options ?? [], p.processError, {
    kind: 'failed',
  });
}

/** quotation.options[optionNumber].attributes[name].source: the 1688 text the value was made from. */
export function quotationSourceText(p: RocketProduct, optionNumber: string | undefined, name: string) {
  const q = p.quotation;
  if (!optionNumber || !isRecord(q) || !Array.isArray(q.options)) return undefined;
  const option = q.options.find((o) => isRecord(o) && o.optionNumber === optionNumber);
  if (!isRecord(option) || !Array.isArray(option.attributes)) return undefined;
  const attr = option.attributes.find((a) => isRecord(a) && a.name === name);
  return isRecord(attr) && typeof attr.source === 'string' && attr.source ? attr.source : undefined;
}

/** Buttons of the quotation tab: quote the option on screen or all, reprocess the failed ones. */
export function QuotationActions({
  p,
  optionNumber,
}: {
  p: RocketProduct;
  optionNumber: string | undefined;
}) {
  const { t } = useProductsT();
  const start = useStartRun();
  const [started, setStarted] = useState<string | null>(null);
  const failed = failedOptionNumbers(p);
  const processing = p.quotationStatus === 'processing';
  const processError = p.processError;
  const run = (quotation: QuotationRunMode, label: string) =>
    start.mutate(
      { productIds: [p._id], tasks: ['quotation'], quotation },
      { onSuccess: () => setStarted(label) },
    );

  return (
    <div>
      <Group gap="xs" wrap="wrap" data-testid="quotation-actions">
        <Button
          size="compact-sm"
          variant="light"
          disabled={!optionNumber || processing}
          loading={start.isPending}
          data-testid="quote-option"
          onClick={() =>
            optionNumber && run({ kind: 'options', optionNumbers: [optionNumber] }, t('quotation.runOne'))
          }
        >
          {t('quotation.runOne')}
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          disabled={processing}
          loading={start.isPending}
          data-testid="quote-all"
          onClick={() => run({ kind: 'all' }, t('quotation.runAll'))}
        >
          {t('quotation.runAll')}
        </Button>
        <Tooltip label={failed.join(', ') || t('quotation.noFailed')} withinPortal multiline maw={320}>
          <Button
            size="compact-sm"
            variant="light"
            color="orange"
            disabled={failed.length === 0 || processing}
            loading={start.isPending}
            data-testid="quote-reprocess"
            onClick={() => run({ kind: 'failed' }, t('quotation.reprocess', { count: failed.length }))}
          >
            {t('quotation.reprocess', { count: failed.length })}
          </Button>
        </Tooltip>
        {started && !start.isPending && !start.error ? (
          <Text size="xs" c="dimmed" data-testid="quotation-started">
            {t('quotation.started', { what: started })}
          </Text>
        ) : null}
      </Group>
      {start.error ? (
        <Alert color="red" py={4} mt="xs" withCloseButton onClose={() => start.reset()}>
          {errorText(start.error)}
        </Alert>
      ) : null}
      {isRecord(processError) && typeof processError.message === 'string' ? (
        <Alert color="orange" py={4} mt="xs" data-testid="quotation-error">
          {processError.message}
          {Array.isArray(processError.failedOptions) && processError.failedOptions.length
            ? ` (${processError.failedOptions.join(', ')})`
            : ''}
        </Alert>
      ) : null}
    </div>
  );
}

/**
 * A dropdown attribute (schema inputType SELECT): the schema's choices, saved on change. A value the
 * rules changed is shown with the reason the server gave.
 */
export function DropdownField({
  productId,
  path,
  value,
  label,
  choices,
  source,
}: {
  productId: string;
  path: string;
  value: unknown;
  label: string;
  choices: readonly string[];
  source?: FieldSource | undefined;
}) {
  const { t, i18n } = useProductsT();
  const queryClient = useQueryClient();
  const current = value === null || value === undefined ? null : String(value);
  const data = [...new Set([...(current && !choices.includes(current) ? [current] : []), ...choices])];
  const [state, setState] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; text: string }>(
    {
      kind: 'idle',
    },
  );
  const [note, setNote] = useState<string | null>(null);

  async function save(next: string | null) {
    if (next === current) return;
    setState({ kind: 'saving' });
    setNote(null);
    try {
      const res = await updatePartial(productId, { [path]: next });
      queryClient.setQueryData<RocketProduct | null>(['product', productId], (old) =>
        old ? { ...setPath(old, path, next), updatedAt: res.updatedAt } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['product', productId] });
      void queryClient.invalidateQueries({ queryKey: ['products', 'summary'] });
      const change = res.normalized?.find((c) => c.path === path);
      if (change) setNote(`${change.reason[i18n.language === 'en' ? 'en' : 'ko']}: ${String(change.stored)}`);
      setState({ kind: 'saved' });
    } catch (e) {
      setState({ kind: 'error', text: t('product.saveFailed', { message: errorText(e) }) });
    }
  }

  return (
    <Select
      size="xs"
      aria-label={label}
      data-path={path}
      data={data}
      value={current}
      onChange={(v) => void save(v)}
      searchable
      clearable={false}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      rightSection={source ? <SourceBadge source={source} /> : undefined}
      rightSectionWidth={source ? 56 : undefined}
      description={
        note ??
        (state.kind === 'saving'
          ? t('product.saving')
          : state.kind === 'saved'
            ? t('product.saved')
            : undefined)
      }
      error={state.kind === 'error' ? state.text : undefined}
    />
  );
}

/** "출처: 颜色: 白色" under an attribute the AI filled. */
export function SourceText({ text }: { text: string | undefined }) {
  const { t } = useProductsT();
  if (!text) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="value-source">
      {t('quotation.sourceText')}{' '}
      <Badge size="xs" variant="outline" color="gray" tt="none" radius="sm" component="span" lang="zh">
        {text}
      </Badge>
    </Text>
  );
}
