import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dismissAlert, useAlertMessage } from '../alert-store';

/** Shows the alerted message (e.g. the login-status answer) until the seller confirms it. */
export function AlertModal() {
  const { t } = useTranslation();
  const message = useAlertMessage();
  return (
    <Modal opened={message !== null} onClose={dismissAlert} title={t('common.notice')} centered>
      <Text role="alert">{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={dismissAlert} data-autofocus>
          {t('common.ok')}
        </Button>
      </Group>
    </Modal>
  );
}
