import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { errorText } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { useWorkflowT } from '../../shared/workflow/i18n';

type DialogProps = {
  opened: boolean;
  pending: boolean;
  /** The failed call's error, shown in the dialog. */
  error: unknown;
  onClose: () => void;
  onConfirm: () => void;
};

/** Asks before deleting the selected products. */
export function DeleteDialog({
  opened,
  pending,
  error,
  onClose,
  onConfirm,
  count,
}: DialogProps & { count: number }) {
  const { t } = useProductsT();
  return (
    <Modal opened={opened} onClose={onClose} title={t('reg.delete')} centered>
      <Stack>
        <Text>{t('reg.deleteConfirm', { count })}</Text>
        {error ? <Alert color="red">{errorText(error)}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('reg.cancel')}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {t('reg.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Asks before cancelling a run. */
export function CancelRunDialog({ opened, pending, error, onClose, onConfirm }: DialogProps) {
  const { t: tw } = useWorkflowT();
  return (
    <Modal opened={opened} onClose={onClose} title={tw('cancel')} centered>
      <Stack>
        <Text size="sm">{tw('cancelConfirm')}</Text>
        {error ? <Alert color="red">{errorText(error)}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tw('keepRunning')}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm} data-testid="confirm-cancel">
            {tw('cancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
