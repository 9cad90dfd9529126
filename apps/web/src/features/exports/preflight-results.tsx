import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { PreflightFinding, ProductPreflight } from '@rr/contracts';
import { isRecord } from '@rr/domain';
import { type QueryClient, useQueries, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getProduct, updatePartial } from '../../shared/products/api';
import { errorText } from '../../shared/products/http';
import { runPreflight, squareMainImage } from './api';
import { useExportsT } from './i18n';

/** The last pre-flight of a product, kept in the query cache (OCR makes a check take a while). */
export const preflightKey = (productId: string) => ['preflight', productId] as const;

export async function checkProducts(queryClient: QueryClient, ids: string[]): Promise<ProductPreflight[]> {
  const { products } = await runPreflight(ids);
  for (const p of products) queryClient.setQueryData(preflightKey(p.productId), p);
  return products;
}

export function storePreflight(queryClient: QueryClient, products: ProductPreflight[]): void {
  for (const p of products) queryClient.setQueryData(preflightKey(p.productId), p);
}

/** Every product's findings: field, rule, message and a one-click fix where one exists. */
export function PreflightResults({ products: given }: { products: ProductPreflight[] }) {
  const { t, i18n } = useExportsT();
  const queryClient = useQueryClient();
  // The latest check of each product (a fix or "check again" replaces it in the cache).
  const live = useQueries({
    queries: given.map((p) => ({
      queryKey: preflightKey(p.productId),
      queryFn: () => p,
      enabled: false,
      staleTime: Number.POSITIVE_INFINITY,
      initialData: p,
    })),
  });
  const products = given.map((p, i) => live[i]?.data ?? p);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lang = i18n.language === 'en' ? 'en' : 'ko';

  async function fix(p: ProductPreflight, f: PreflightFinding, key: string) {
    if (!f.fix) return;
    setBusy(key);
    setError(null);
    try {
      if ('action' in f.fix) {
        await squareMainImage(p.productId, await currentMainImage(p, f));
      } else await updatePartial(p.productId, f.fix.updateFields);
      await checkProducts(queryClient, [p.productId]);
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="sm" data-testid="preflight-results">
      {error ? (
        <Alert color="red" py={6} role="alert">
          {error}
        </Alert>
      ) : null}
      {products.map((p) => (
        <Stack key={p.productId} gap={4} data-testid="preflight-product" data-status={p.status}>
          <Group gap={6}>
            <PreflightBadge preflight={p} />
            <Text size="sm" fw={600} ff="monospace">
              {p.registrationId}
            </Text>
            <Text size="sm" truncate maw={420}>
              {p.productName}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              loading={busy === `recheck:${p.productId}`}
              onClick={async () => {
                setBusy(`recheck:${p.productId}`);
                try {
                  await checkProducts(queryClient, [p.productId]);
                } catch (e) {
                  setError(errorText(e));
                } finally {
                  setBusy(null);
                }
              }}
            >
              {t('preflight.recheck')}
            </Button>
          </Group>
          {p.findings.length === 0 ? (
            <Text size="xs" c="dimmed">
              {t('preflight.noFindings')}
            </Text>
          ) : (
            <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={64} />
                  <Table.Th w={110}>{t('preflight.field')}</Table.Th>
                  <Table.Th>{t('preflight.rule')}</Table.Th>
                  <Table.Th w={220} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.findings.map((f, k) => {
                  const key = `${p.productId}:${k}`;
                  return (
                    <Table.Tr key={key} data-testid="preflight-finding" data-rule={f.rule}>
                      <Table.Td>
                        <Badge size="xs" color={f.severity === 'error' ? 'red' : 'yellow'} variant="light">
                          {t(`preflight.${f.severity}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td title={f.field}>
                        {f.optionIndex === null
                          ? t('preflight.product')
                          : t('preflight.option', { n: f.optionIndex + 1 })}
                        <Text span size="xs" c="dimmed" display="block" ff="monospace">
                          {f.field.replace(/^coupangDoc\.jsonDocument\.\d+\./, '')}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs">{f.message[lang]}</Text>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {f.rule}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {f.fix ? (
                          <Button
                            size="compact-xs"
                            variant="light"
                            loading={busy === key}
                            onClick={() => void fix(p, f, key)}
                            data-testid="preflight-fix"
                          >
                            {f.fix.label[lang]}
                          </Button>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/** The image at the finding's field, read from the product itself. */
async function currentMainImage(p: ProductPreflight, f: PreflightFinding): Promise<string> {
  let v: unknown = await getProduct(p.productId);
  for (const k of f.field.split('.')) v = Array.isArray(v) ? v[Number(k)] : isRecord(v) ? v[k] : undefined;
  return typeof v === 'string' ? v : '';
}

/** ✓ passed · ✖ n errors · ⚠ n warnings. */
export function PreflightBadge({ preflight }: { preflight: ProductPreflight }) {
  const { t } = useExportsT();
  const errors = preflight.findings.filter((f) => f.severity === 'error').length;
  const warnings = preflight.findings.length - errors;
  if (errors)
    return (
      <Badge size="xs" color="red" variant="filled">
        {t('preflight.errors', { n: errors })}
      </Badge>
    );
  if (warnings)
    return (
      <Badge size="xs" color="yellow" variant="light">
        {t('preflight.warnings', { n: warnings })}
      </Badge>
    );
  return (
    <Badge size="xs" color="teal" variant="light">
      {t('preflight.ok')}
    </Badge>
  );
}
