import { Button, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/http';
import { useAuthForm } from '../auth/auth-form-state';
import { hasErrors, makeValidators } from '../auth/validate';
import { useAccountT } from './i18n';
import { useAccount } from './use-account';

type Field = 'current' | 'next' | 'confirm';

/** Change the password with the current one; the server ends every other signed-in browser. */
export function PasswordForm() {
  const { t } = useAccountT();
  const { t: tApp } = useTranslation();
  const { changePassword } = useAccount();
  const { state, dispatch, field } = useAuthForm<Field>({ current: '', next: '', confirm: '' });
  const { values, formError, busy, done } = state;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = makeValidators(tApp);
    const errors = {
      current: values.current === '' ? t('password.currentRequired') : undefined,
      next: v.password(values.next),
      confirm: v.confirm(values.confirm, values.next),
    };
    dispatch({ type: 'checked', errors });
    if (hasErrors(errors)) return;
    try {
      const answer = await changePassword.mutateAsync({ current: values.current, next: values.next });
      dispatch({ type: 'fill', values: { current: '', next: '', confirm: '' } });
      dispatch({ type: 'done', message: answer.message });
    } catch (err) {
      dispatch({ type: 'failed', formError: errorMessage(err) });
    }
  };

  return (
    <Paper withBorder p="sm" data-testid="password-form">
      <Text fw={700} size="sm" mb="xs">
        {t('password.title')}
      </Text>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="xs" maw={360}>
          <PasswordInput
            size="xs"
            label={t('password.current')}
            autoComplete="current-password"
            {...field('current')}
          />
          <PasswordInput
            size="xs"
            label={t('password.next')}
            description={tApp('form.passwordHint')}
            autoComplete="new-password"
            {...field('next')}
          />
          <PasswordInput
            size="xs"
            label={t('password.confirm')}
            autoComplete="new-password"
            {...field('confirm')}
          />
          <Button size="xs" type="submit" loading={busy} data-testid="password-submit">
            {t('password.submit')}
          </Button>
          {formError ? (
            <Text c="red" size="sm" role="alert">
              {formError}
            </Text>
          ) : null}
          {done ? (
            <Text c="green.8" size="sm" role="status" data-testid="password-done">
              {done}
            </Text>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
