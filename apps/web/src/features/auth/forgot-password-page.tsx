import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../app/http';
import { pathOf } from '../../app/route-catalog';
import { requestPasswordReset } from './auth-api';
import { useAuthForm } from './auth-form-state';
import { AuthHeader } from './auth-header';
import { makeValidators } from './validate';

/** /auth/forgot-password and /auth/recover-password: ask for a reset link by email. */
export function ForgotPasswordForm({
  titleKey,
}: {
  titleKey: 'auth.forgot.title' | 'auth.forgot.recoverTitle';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, dispatch, field } = useAuthForm({ email: '' });
  const { formError, busy } = state;
  const { email } = state.values;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const err = makeValidators(t).email(email);
    dispatch({ type: 'checked', errors: err ? { email: err } : {} });
    if (err) return;
    try {
      await requestPasswordReset(email.trim());
      await navigate(pathOf('auth.confirm-mail'), { state: { email: email.trim() } });
      dispatch({ type: 'finished' });
    } catch (e) {
      dispatch({ type: 'failed', formError: errorMessage(e) });
    }
  };

  return (
    <>
      <AuthHeader title={t(titleKey)} subtitle={t('auth.forgot.subtitle')} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('form.email')}
            type="email"
            autoComplete="email"
            {...field('email')}
            withAsterisk
            autoFocus
          />
          {formError && (
            <Alert color="red" role="alert" variant="light">
              {formError}
            </Alert>
          )}
          <Button type="submit" loading={busy} fullWidth>
            {t('auth.forgot.submit')}
          </Button>
          <Anchor component={Link} to={pathOf('auth.login')} size="sm" ta="center">
            {t('common.backToSignIn')}
          </Anchor>
        </Stack>
      </form>
    </>
  );
}

export default function ForgotPasswordPage() {
  return <ForgotPasswordForm titleKey="auth.forgot.title" />;
}
