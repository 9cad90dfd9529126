import { Button, Modal, Text, UnstyledButton } from '@mantine/core';
import type { ProductPreflight } from '@rr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../shared/products/http';
import { useExportsT } from './i18n';
import { checkProducts, PreflightBadge, PreflightResults, preflightKey } from './preflight-results';

/**
 * The registration table's pre-flight column: the product's last pre-flight (✓ / errors / warnings),
 * opening its findings; "점검" checks it now.
 */
export function PreflightCell({ productId }: { productId: string }) {
  const { t } = useExportsT();
  const queryClient = useQueryClient();
  const { data } = useQuery<ProductPreflight | undefined>({
    queryKey: preflightKey(productId),
    queryFn: () => undefined,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function check() {
    setBusy(true);
    setError(null);
    try {
      await checkProducts(queryClient, [productId]);
      setOpen(true);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {data ? (
        <UnstyledButton
          onClick={() => setOpen(true)}
          aria-label={t('preflight.title')}
          data-testid="preflight-cell"
          data-status={data.status}
        >
          <PreflightBadge preflight={data} />
        </UnstyledButton>
      ) : (
        <Button
          size="compact-xs"
          variant="subtle"
          px={4}
          h={16}
          fz={11}
          loading={busy}
          onClick={() => void check()}
          data-testid="preflight-check"
          title={error ?? t('preflight.notChecked')}
        >
          {error ? (
            <Text span c="red" fz={11}>
              !
            </Text>
          ) : (
            t('preflight.check')
          )}
        </Button>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={t('preflight.title')} size="xl">
        {data ? <PreflightResults products={[data]} /> : null}
      </Modal>
    </>
  );
}

/** The column's header (its own i18n namespace). */
export function PreflightHeader() {
  const { t } = useExportsT();
  return <>{t('preflight.column')}</>;
}
