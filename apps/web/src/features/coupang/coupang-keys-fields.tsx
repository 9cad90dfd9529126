import { Button, Group, PasswordInput, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import { checkCoupangConnection, coupangErrorText } from './api';
import { useCoupangT } from './i18n';

/**
 * The Open API keys in the export settings' seller details, and 연결 확인 (a harmless call with the
 * saved keys). The keys come back masked; a masked value sent back leaves the stored key as it is.
 */
export function CoupangKeysFields({
  accessKey,
  secretKey,
  hasKeys,
  onChange,
}: {
  accessKey: string;
  secretKey: string;
  hasKeys: boolean;
  onChange: (patch: { accessKey?: string; secretKey?: string }) => void;
}) {
  const { t } = useCoupangT();
  const [check, setCheck] = useState<{ busy: boolean; ok: boolean | null; text: string }>({
    busy: false,
    ok: null,
    text: '',
  });
  async function run() {
    setCheck({ busy: true, ok: null, text: '' });
    try {
      const r = await checkCoupangConnection();
      setCheck({ busy: false, ok: r.ok, text: r.message });
    } catch (e) {
      setCheck({ busy: false, ok: false, text: coupangErrorText(e) });
    }
  }
  return (
    <>
      <Text size="sm" fw={600}>
        {t('keys.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('keys.hint')}
      </Text>
      <SimpleGrid cols={2} spacing="xs">
        <PasswordInput
          size="xs"
          label={t('keys.accessKey')}
          value={accessKey}
          autoComplete="off"
          onChange={(e) => onChange({ accessKey: e.currentTarget.value })}
          data-testid="coupang-access-key"
        />
        <PasswordInput
          size="xs"
          label={t('keys.secretKey')}
          value={secretKey}
          autoComplete="off"
          onChange={(e) => onChange({ secretKey: e.currentTarget.value })}
          data-testid="coupang-secret-key"
        />
      </SimpleGrid>
      <Group gap="xs">
        <Button
          size="compact-xs"
          variant="light"
          loading={check.busy}
          disabled={!hasKeys}
          title={hasKeys ? undefined : t('keys.saveFirst')}
          onClick={() => void run()}
          data-testid="coupang-check"
        >
          {t('keys.check')}
        </Button>
        {check.ok !== null ? (
          <Text
            size="xs"
            c={check.ok ? 'teal' : 'red'}
            role={check.ok ? 'status' : 'alert'}
            data-testid="coupang-check-result"
          >
            {check.text}
          </Text>
        ) : null}
      </Group>
    </>
  );
}
