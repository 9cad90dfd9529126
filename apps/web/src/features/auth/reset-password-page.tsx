import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../app/http';
import { pathOf } from '../../app/route-catalog';
import { resetPassword } from './auth-api';
import { useAuthForm } from './auth-form-state';
import { AuthHeader } from './auth-header';
import { hasErrors, makeValidators } from './validate';

type Field = 'password' | 'confirm';

/** /auth/reset-password/:token: set a new password with the link from the outbox. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const { state, dispatch, field } = useAuthForm<Field>({ password: '', confirm: '' });
  const { values, formError, done, busy } = state;
  const { password, confirm } = values;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = makeValidators(t);
    const next = { password: v.password(password), confirm: v.confirm(confirm, password) };
    dispatch({ type: 'checked', errors: next });
    if (hasErrors(next)) return;
    try {
      const answer = await resetPassword(token, password);
      dispatch({ type: 'done', message: answer.message ?? t('auth.reset.done') });
    } catch (err) {
      dispatch({ type: 'failed', formError: errorMessage(err) });
    }
  };

  if (done) {
    return (
      <>
        <AuthHeader title={t('auth.reset.title')} />
        <Alert color="green" variant="light" role="status" mb="md">
          {done}
        </Alert>
        <Button component={Link} to={pathOf('auth.login')} fullWidth>
          {t('auth.signIn.submit')}
        </Button>
      </>
    );
  }

  return (
    <>
      <AuthHeader title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('auth.reset.newPassword')}
            description={t('form.passwordHint')}
            autoComplete="new-password"
            {...field('password')}
            withAsterisk
            autoFocus
          />
          <PasswordInput
            label={t('form.passwordConfirm')}
            autoComplete="new-password"
            {...field('confirm')}
            withAsterisk
          />
          {formError && (
            <Alert color="red" role="alert" variant="light">
              {formError}{' '}
              <Anchor component={Link} to={pathOf('auth.forgot-password')} size="sm">
                {t('auth.signFail.reset')}
              </Anchor>
            </Alert>
          )}
          <Button type="submit" loading={busy} fullWidth>
            {t('auth.reset.submit')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
