import { Alert, Button, Group } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../shared/products/http';
import { useSalesT } from './i18n';
import { syncSales } from './sales-api';

/** "쿠팡에서 가져오기" and "엑셀로 내보내기" above every sales list; a sync refreshes every sales query. */
export function SyncBar({ exportHref }: { exportHref: string }) {
  const { t } = useSalesT();
  const queryClient = useQueryClient();
  const sync = useMutation({
    mutationFn: syncSales,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sales'] }),
  });
  return (
    <>
      <Group gap="xs">
        <Button onClick={() => sync.mutate()} loading={sync.isPending} data-testid="sales-sync">
          {sync.isPending ? t('syncing') : t('sync')}
        </Button>
        <Button component="a" href={exportHref} variant="light" data-testid="sales-export">
          {t('export')}
        </Button>
      </Group>
      {sync.data ? (
        <Alert color="green" data-testid="sales-sync-result">
          {sync.data.message}
        </Alert>
      ) : null}
      {sync.error ? <Alert color="red">{errorText(sync.error)}</Alert> : null}
    </>
  );
}
