import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { errorText } from '../../shared/products/http';
import { TitleSection } from '../../ui/title-section';
import { useAccountT } from './i18n';
import { SubscriptionCard } from './subscription-card';
import { useAccount } from './use-account';

/** /profile: the user's name and phone, their company, and its subscription fields (issue 42). */
export default function ProfilePage() {
  const { t } = useAccountT();
  const { account, save } = useAccount();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const data = account.data;
  useEffect(() => {
    if (!data) return;
    setName(data.name);
    setPhone(data.phone ?? '');
  }, [data]);

  function submit() {
    if (name.trim() === '') {
      setNameError(t('profile.nameRequired'));
      return;
    }
    save.mutate({ name: name.trim(), phone: phone.trim() === '' ? null : phone.trim() });
  }

  return (
    <Stack gap="md">
      <TitleSection title={t('profile.title')} description={t('profile.intro')} />
      {account.error ? (
        <Text c="red" role="alert">
          {errorText(account.error)}
        </Text>
      ) : null}
      {data ? (
        <>
          <Paper withBorder p="sm" data-testid="profile-form">
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <Stack gap="xs" maw={420}>
                <TextInput size="xs" label={t('profile.email')} value={data.email} readOnly />
                <TextInput size="xs" label={t('profile.company')} value={data.companyName} readOnly />
                <TextInput
                  size="xs"
                  label={t('profile.name')}
                  value={name}
                  maxLength={100}
                  error={nameError}
                  onChange={(e) => {
                    setName(e.currentTarget.value);
                    setNameError(undefined);
                  }}
                  data-testid="profile-name"
                />
                <TextInput
                  size="xs"
                  label={t('profile.phone')}
                  value={phone}
                  maxLength={40}
                  onChange={(e) => setPhone(e.currentTarget.value)}
                />
                <Group>
                  <Button size="xs" type="submit" loading={save.isPending} data-testid="profile-save">
                    {t('profile.save')}
                  </Button>
                </Group>
                {save.error ? (
                  <Text c="red" size="sm" role="alert">
                    {errorText(save.error)}
                  </Text>
                ) : null}
                {save.data ? (
                  <Text c="green.8" size="sm" role="status" data-testid="profile-saved">
                    {save.data.message}
                  </Text>
                ) : null}
              </Stack>
            </form>
          </Paper>
          <SubscriptionCard subscription={data.subscription} />
        </>
      ) : null}
    </Stack>
  );
}
