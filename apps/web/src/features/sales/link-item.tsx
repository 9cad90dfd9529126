import { Alert, Button, NumberInput, Popover, Select, Stack } from '@mantine/core';
import { SalesLinkResponse } from '@rr/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { http } from '../../app/http';
import { getSummaries } from '../../shared/products/api';
import { errorText } from '../../shared/products/http';
import { useSalesT } from './i18n';

/** "상품 연결": the seller links a Coupang item to one of our products' options (its 1688 cost). */
export function LinkItem({ vendorItemId }: { vendorItemId: string }) {
  const { t } = useSalesT();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [productId, setProductId] = useState<string | null>(null);
  const [option, setOption] = useState(1);
  const products = useQuery({
    queryKey: ['sales', 'link-products'],
    queryFn: ({ signal }) => getSummaries({ pageSize: 200 }, signal),
    enabled: opened,
  });
  const chosen = products.data?.rows.find((p) => p._id === productId);
  const link = useMutation({
    mutationFn: () =>
      http.post('/api/sales/links', SalesLinkResponse, { vendorItemId, productId, optionIndex: option - 1 }),
    onSuccess: () => {
      setOpened(false);
      void queryClient.invalidateQueries({ queryKey: ['sales'] });
    },
  });
  return (
    <Popover opened={opened} onChange={setOpened} width={340} withArrow>
      <Popover.Target>
        <Button size="compact-xs" variant="light" onClick={() => setOpened(!opened)} data-testid="link-item">
          {t('linkItem')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Select
            label={t('linkProduct')}
            searchable
            data={(products.data?.rows ?? []).map((p) => ({
              value: p._id,
              label: `${p.korName || p.productName || p.registrationId} (${p.registrationId})`,
            }))}
            value={productId}
            onChange={setProductId}
            comboboxProps={{ withinPortal: false }}
            data-testid="link-product"
          />
          <NumberInput
            label={t('linkOption')}
            min={1}
            max={Math.max(1, chosen?.optionCount ?? 1)}
            value={option}
            onChange={(v) => setOption(Math.max(1, Math.trunc(Number(v) || 1)))}
          />
          <Button
            onClick={() => link.mutate()}
            disabled={!productId}
            loading={link.isPending}
            data-testid="link-save"
          >
            {t('save')}
          </Button>
          {link.error ? <Alert color="red">{errorText(link.error)}</Alert> : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
