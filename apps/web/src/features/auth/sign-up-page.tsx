import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { HttpError } from '../../app/http';
import { pathOf } from '../../app/route-catalog';
import { useSessionActions } from '../../app/session';
import { signUp } from './auth-api';
import { useAuthForm } from './auth-form-state';
import { AuthHeader } from './auth-header';
import { type FieldErrors, focusFirstError, hasErrors, makeValidators } from './validate';

type Field = 'companyName' | 'name' | 'email' | 'password' | 'confirm';

/** /auth/sign-up: creates a company and its first user, then signs in. */
export default function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useSessionActions();
  const formRef = useRef<HTMLFormElement>(null);
  const { state, dispatch, field } = useAuthForm<Field>({
    companyName: '',
    name: '',
    email: '',
    password: '',
    confirm: '',
  });
  const { values, formError, busy } = state;

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
    dispatch({ type: 'checked', errors: next });
    if (hasErrors(next)) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    try {
      const answer = await signUp({
        companyName: values.companyName.trim(),
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      actions.signedIn(answer.userinfo);
      await navigate(pathOf('dashboard'), { replace: true });
      dispatch({ type: 'finished' });
    } catch (err) {
      if (err instanceof HttpError && err.code === 'email_taken')
        dispatch({ type: 'failed', errors: { email: err.message } });
      else if (err instanceof HttpError && err.code === 'weak_password')
        dispatch({ type: 'failed', errors: { password: err.message } });
      else
        dispatch({
          type: 'failed',
          formError: err instanceof HttpError ? (err.serverMessage ?? err.message) : t('http.unknown'),
        });
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
