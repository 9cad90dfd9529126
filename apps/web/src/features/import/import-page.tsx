import {
  Alert,
  Badge,
  Button,
  CloseButton,
  FileButton,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import type { Import1688Response, ImportDiff, ImportInput, ImportResult } from '@rr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { getProduct } from '../../shared/products/api';
import { grams, num, yuan } from '../../shared/products/format';
import { errorText, post } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { productPath, regProductPath } from '../../shared/products/paths';

type Upload = { name: string; json?: unknown; text?: string };

const OUTCOME_COLOUR: Record<string, string> = {
  created: 'green',
  updated: 'green',
  unchanged: 'gray',
  updateAvailable: 'yellow',
  needsCapture: 'orange',
  refused: 'red',
};

function importCall(inputs: ImportInput[], confirmOfferIds: string[] = []) {
  return post<Import1688Response>('/api/import1688', { inputs, confirmOfferIds });
}

/** addproduct: import 1688 captures (pasted page data or JSON files, many at once), with the re-import diff. */
export default function ImportPage() {
  const { t } = useProductsT();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Upload[]>([]);
  const [fileErrors, setFileErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<ImportResult[]>([]);
  /** The inputs of the last run, sent again when the seller confirms a re-import. */
  const [lastInputs, setLastInputs] = useState<ImportInput[]>([]);
  const [applying, setApplying] = useState<string | null>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (results.length) resultsRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [results]);

  async function addFiles(list: File[]) {
    const ok: Upload[] = [];
    const bad: string[] = [];
    for (const f of list) {
      const body = await f.text();
      try {
        ok.push({ name: f.name, json: JSON.parse(body) });
      } catch {
        // Not JSON: a saved page source or script text is sent as text.
        if (body.trim()) ok.push({ name: f.name, text: body });
        else bad.push(t('import.badJson', { name: f.name }));
      }
    }
    setFiles((prev) => [...prev, ...ok]);
    setFileErrors(bad);
  }

  async function run() {
    const inputs: ImportInput[] = [];
    if (text.trim()) inputs.push({ text, name: t('import.paste') });
    for (const f of files) {
      inputs.push(f.text !== undefined ? { text: f.text, name: f.name } : { json: f.json, name: f.name });
    }
    if (!inputs.length) {
      setError(t('import.nothing'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await importCall(inputs);
      setResults(res.results);
      setLastInputs(inputs);
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  async function apply(offerId: string) {
    setApplying(offerId);
    setError(null);
    try {
      // Same inputs again, this time with the seller's confirmation for this offer only.
      const res = await importCall(lastInputs, [offerId]);
      const applied = res.results.find((n) => n.offerId === offerId);
      setResults((prev) => prev.map((r) => (r.offerId === offerId && applied ? applied : r)));
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setApplying(null);
    }
  }

  return (
    <Stack gap="sm" maw={1200}>
      <Title order={2} size="h4">
        {t('import.title')}
      </Title>
      <Text size="sm">{t('import.intro')}</Text>
      <Alert color="blue" variant="light" py={6}>
        {t('import.howTo')}
      </Alert>
      <Textarea
        label={t('import.paste')}
        placeholder={t('import.pastePlaceholder')}
        autosize
        minRows={5}
        maxRows={6}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
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
                  onClick={() => setFiles((prev) => prev.filter((_, j) => j !== k))}
                />
              }
            >
              {f.name}
            </Badge>
          ))}
        </Group>
      ) : null}
      {fileErrors.map((m) => (
        <Text key={m} c="red" size="sm">
          {m}
        </Text>
      ))}
      <Group>
        <Button onClick={() => void run()} loading={busy} data-testid="import-submit">
          {t('import.submit')}
        </Button>
      </Group>
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
          {results.map((r, k) => (
            <ResultCard
              // biome-ignore lint/suspicious/noArrayIndexKey: positional list (same values may repeat)
              key={`${r.offerId ?? 'x'}-${k}`}
              r={r}
              applying={applying === r.offerId}
              onApply={r.offerId ? () => void apply(r.offerId as string) : undefined}
            />
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}

function ResultCard({ r, applying, onApply }: { r: ImportResult; applying: boolean; onApply?: () => void }) {
  const { t } = useProductsT();
  const failed = r.outcome === 'refused' || r.outcome === 'needsCapture';
  return (
    <Paper withBorder p="sm" data-testid="import-result" data-outcome={r.outcome}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Badge color={OUTCOME_COLOUR[r.outcome] ?? 'gray'} radius="sm">
              {t(`import.outcome.${r.outcome}`)}
            </Badge>
            {r.offerId ? (
              <Text size="xs" c="dimmed">
                1688 #{r.offerId}
              </Text>
            ) : null}
            <Text size="sm" fw={600} lang="zh">
              {r.title ?? r.inputs.join(', ')}
            </Text>
          </Group>
          {r.productId ? (
            <Group gap={6}>
              <Button component={Link} to={productPath(r.productId)} size="compact-xs" variant="light">
                {t('import.openProduct')}
              </Button>
              <Button component={Link} to={regProductPath([r.productId])} size="compact-xs" variant="default">
                {t('import.addToRegistration')}
              </Button>
            </Group>
          ) : null}
        </Group>
        <Text size="sm" c={failed ? 'red' : undefined} role={failed ? 'alert' : undefined}>
          {r.message}
        </Text>
        {!failed ? (
          <Text size="sm" fw={600} data-testid="read-kept">
            {t('import.readKept', { read: num(r.readOptions), kept: num(r.keptOptions) })}
          </Text>
        ) : null}
        {!failed && r.readOptions !== r.keptOptions ? (
          <Alert color="yellow" py={4}>
            {t('import.mismatch', { read: num(r.readOptions), kept: num(r.keptOptions) })}
          </Alert>
        ) : null}
        {r.warnings.length ? (
          <Alert color="yellow" py={4}>
            <List size="sm" spacing={0}>
              {r.warnings.map((w) => (
                <List.Item key={w}>{w}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {r.diff && (r.outcome === 'updateAvailable' || r.outcome === 'updated') ? (
          <DiffView
            diff={r.diff}
            pending={r.outcome === 'updateAvailable'}
            applying={applying}
            onApply={onApply}
          />
        ) : null}
        {r.productId && !failed ? <ProductOptions productId={r.productId} /> : null}
      </Stack>
    </Paper>
  );
}

function formatValue(field: string, v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'number') {
    if (field === 'priceFen') return yuan(v / 100);
    if (field === 'price') return yuan(v);
    if (field === 'weightG') return grams(v);
    return num(v);
  }
  if (Array.isArray(v)) {
    return v
      .map((x) =>
        x && typeof x === 'object' && 'minQuantity' in x && 'priceFen' in x
          ? `${num((x as { minQuantity: number }).minQuantity)}+ ${yuan((x as { priceFen: number }).priceFen / 100)}`
          : String(x),
      )
      .join(', ');
  }
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function DiffView({
  diff,
  pending,
  applying,
  onApply,
}: {
  diff: ImportDiff;
  pending: boolean;
  applying: boolean;
  onApply?: () => void;
}) {
  const { t } = useProductsT();
  const fieldName = (f: string) =>
    t(`import.fieldNames.${f === 'priceFen' ? 'price' : f === 'minOrderQuantity' ? 'moq' : f}`, {
      defaultValue: f,
    });
  return (
    <Paper withBorder p="xs" bg="var(--mantine-color-yellow-light)" data-testid="import-diff">
      <Stack gap={6}>
        {pending ? (
          <Text size="sm" fw={600}>
            {t('import.diffTitle')}
          </Text>
        ) : null}
        {diff.changes.length ? (
          <Table fz="xs" verticalSpacing={2} withTableBorder bg="var(--mantine-color-body)">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('import.field')}</Table.Th>
                <Table.Th>{t('import.optionKey')}</Table.Th>
                <Table.Th ta="right">{t('import.before')}</Table.Th>
                <Table.Th ta="right">{t('import.after')}</Table.Th>
                <Table.Th>{t('import.applies')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {diff.changes.map((c, k) => (
                <Table.Tr
                  // biome-ignore lint/suspicious/noArrayIndexKey: positional list (same values may repeat)
                  key={`${c.field}-${c.optionKey ?? ''}-${k}`}
                  data-testid="diff-row"
                >
                  <Table.Td>{fieldName(c.field)}</Table.Td>
                  <Table.Td lang="zh">{c.optionKey ?? '—'}</Table.Td>
                  <Table.Td ta="right" td="line-through" c="dimmed">
                    {formatValue(c.field, c.before)}
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {formatValue(c.field, c.after)}
                  </Table.Td>
                  <Table.Td>{c.applies ? '✓' : t('import.keptSeller')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {diff.addedOptions.length ? (
          <Text size="sm">
            <b>{t('import.added')}:</b> <span lang="zh">{diff.addedOptions.join(', ')}</span>
          </Text>
        ) : null}
        {diff.removedOptions.length ? (
          <Text size="sm">
            <b>{t('import.removedOptions')}:</b> <span lang="zh">{diff.removedOptions.join(', ')}</span>
          </Text>
        ) : null}
        {pending && onApply ? (
          <Group>
            <Button size="xs" color="yellow" onClick={onApply} loading={applying} data-testid="import-apply">
              {t('import.apply')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The stored product's options with prices and weights, as they are after the import. */
function ProductOptions({ productId }: { productId: string }) {
  const { t } = useProductsT();
  const q = useQuery({
    queryKey: ['product', productId],
    queryFn: ({ signal }) => getProduct(productId, signal),
  });
  const options = q.data?.options ?? [];
  if (!options.length) return null;
  return (
    <div>
      <Text size="xs" c="dimmed" mb={2}>
        {t('import.optionsTitle', { count: options.length })}
      </Text>
      <Table fz="xs" verticalSpacing={1} striped withTableBorder data-testid="import-options">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('product.sourceKey')}</Table.Th>
            <Table.Th>{t('product.optionKorName')}</Table.Th>
            <Table.Th ta="right">{t('product.price')}</Table.Th>
            <Table.Th ta="right">{t('product.stock')}</Table.Th>
            <Table.Th ta="right">{t('product.weight')}</Table.Th>
            <Table.Th>{t('product.size')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {options.map((o) => (
            <Table.Tr key={o.sourceKey || o.optionNumber} data-testid="import-option-row">
              <Table.Td lang="zh">{o.sourceKey}</Table.Td>
              <Table.Td>{o.korName ?? ''}</Table.Td>
              <Table.Td ta="right">
                {o.price === null || o.priceMissing ? (
                  <Badge size="xs" color="red">
                    {t('product.priceMissing')}
                  </Badge>
                ) : (
                  yuan(o.price)
                )}
              </Table.Td>
              <Table.Td ta="right">{num(o.stock ?? null)}</Table.Td>
              <Table.Td ta="right">{grams(o.weightG ?? null)}</Table.Td>
              <Table.Td>
                {o.sizeCm
                  ? `${o.sizeCm.length ?? '?'}×${o.sizeCm.width ?? '?'}×${o.sizeCm.height ?? '?'}`
                  : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
