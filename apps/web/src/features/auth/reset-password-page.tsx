import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../app/http';
import { pathOf } from '../../app/route-catalog';
import { resetPassword } from './auth-api';
import { AuthHeader } from './auth-header';
import { type FieldErrors, hasErrors, makeValidators } from './validate';

type Field = 'password' | 'confirm';

/** /auth/reset-password/:token: set a new password with the link from the outbox. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = makeValidators(t);
    const next = { password: v.password(password), confirm: v.confirm(confirm, password) };
    setErrors(next);
    setFormError(null);
    if (hasErrors(next)) return;
    setBusy(true);
    try {
      const answer = await resetPassword(token, password);
      setDone(answer.message ?? t('auth.reset.done'));
    } catch (err) {
      setFormError(errorMessage(err));
    } finally {
      setBusy(false);
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
            value={password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setErrors((x) => ({ ...x, password: undefined }));
            }}
            error={errors.password}
            withAsterisk
            autoFocus
          />
          <PasswordInput
            label={t('form.passwordConfirm')}
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => {
              setConfirm(e.currentTarget.value);
              setErrors((x) => ({ ...x, confirm: undefined }));
            }}
            error={errors.confirm}
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
