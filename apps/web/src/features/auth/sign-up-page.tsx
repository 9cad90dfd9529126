import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { HttpError } from '../../app/http';
import { pathOf } from '../../app/route-catalog';
import { useSessionActions } from '../../app/session';
import { signUp } from './auth-api';
import { AuthHeader } from './auth-header';
import { type FieldErrors, focusFirstError, hasErrors, makeValidators } from './validate';

type Field = 'companyName' | 'name' | 'email' | 'password' | 'confirm';

/** /auth/sign-up: creates a company and its first user, then signs in. */
export default function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useSessionActions();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<Field, string>>({
    companyName: '',
    name: '',
    email: '',
    password: '',
    confirm: '',
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const field = (key: Field) => ({
    value: values[key],
    error: errors[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
      setErrors((x) => ({ ...x, [key]: undefined }));
    },
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = makeValidators(t);
    const next: FieldErrors<Field> = {
      companyName: v.required(values.companyName, t('form.companyName')),
      name: v.required(values.name, t('form.name')),
      email: v.email(values.email),
      password: v.password(values.password),
      confirm: v.confirm(values.confirm, values.password),
    };
    setErrors(next);
    setFormError(null);
    if (hasErrors(next)) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    setBusy(true);
    try {
      const answer = await signUp({
        companyName: values.companyName.trim(),
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      actions.signedIn(answer.userinfo);
      await navigate(pathOf('dashboard'), { replace: true });
    } catch (err) {
      if (err instanceof HttpError && err.code === 'email_taken') setErrors({ email: err.message });
      else if (err instanceof HttpError && err.code === 'weak_password') setErrors({ password: err.message });
      else setFormError(err instanceof HttpError ? (err.serverMessage ?? err.message) : t('http.unknown'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <AuthHeader title={t('auth.signUp.title')} subtitle={t('auth.signUp.subtitle')} />
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('form.companyName')}
            autoComplete="organization"
            withAsterisk
            autoFocus
            {...field('companyName')}
          />
          <TextInput label={t('form.name')} autoComplete="name" withAsterisk {...field('name')} />
          <TextInput
            label={t('form.email')}
            type="email"
            autoComplete="email"
            withAsterisk
            {...field('email')}
          />
          <PasswordInput
            label={t('form.password')}
            description={t('form.passwordHint')}
            autoComplete="new-password"
            withAsterisk
            {...field('password')}
          />
          <PasswordInput
            label={t('form.passwordConfirm')}
            autoComplete="new-password"
            withAsterisk
            {...field('confirm')}
          />
          {formError && (
            <Alert color="red" role="alert" variant="light">
              {formError}
            </Alert>
          )}
          <Button type="submit" loading={busy} fullWidth mt="xs">
            {t('auth.signUp.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('auth.signUp.haveAccount')}{' '}
            <Anchor component={Link} to={pathOf('auth.login')}>
              {t('auth.signUp.toSignIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </>
  );
}
