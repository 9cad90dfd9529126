import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { HttpError } from '../../app/http';
import { pathOf } from '../../app/route-catalog';
import { useSession, useSessionActions } from '../../app/session';
import { fetchDemoAccount, signIn } from './auth-api';
import { useAuthForm } from './auth-form-state';
import { AuthHeader } from './auth-header';
import { type FieldErrors, focusFirstError, hasErrors, makeValidators } from './validate';

type Field = 'email' | 'password';

/** The root route (auth.login): email + password, and the demo account in demo mode. */
export default function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const actions = useSessionActions();
  const formRef = useRef<HTMLFormElement>(null);
  const { state, dispatch, field } = useAuthForm<Field>({ email: '', password: '' });
  const { email, password } = state.values;
  const demo = useQuery({
    queryKey: ['auth-demo'],
    queryFn: fetchDemoAccount,
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (user) return <Navigate to={pathOf('dashboard')} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = makeValidators(t);
    const next: FieldErrors<Field> = {
      email: v.email(email),
      password: password === '' ? t('form.required', { field: t('form.password') }) : undefined,
    };
    dispatch({ type: 'checked', errors: next });
    if (hasErrors(next)) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    try {
      const answer = await signIn({ email: email.trim(), password });
      actions.signedIn(answer.userinfo);
      await navigate(pathOf('dashboard'), { replace: true });
      dispatch({ type: 'finished' });
    } catch (err) {
      if (err instanceof HttpError && err.status === 429) {
        dispatch({ type: 'finished' });
        await navigate(pathOf('auth.sign-fail'), { state: { message: err.message } });
        return;
      }
      dispatch({
        type: 'failed',
        formError: err instanceof HttpError ? (err.serverMessage ?? err.message) : t('http.unknown'),
      });
    }
  };

  const account = demo.data?.demo ? demo.data : null;

  return (
    <>
      <AuthHeader title={t('auth.signIn.title')} subtitle={t('auth.signIn.subtitle')} />
      {account?.email && account.password && (
        <Paper
          withBorder
          radius="sm"
          p="sm"
          mb="md"
          bg="var(--mantine-color-blue-light)"
          data-testid="demo-account"
        >
          <Text fw={600} size="sm">
            {t('auth.signIn.demoTitle')}
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            {t('auth.signIn.demoBody')}
          </Text>
          <Group gap="xs" justify="space-between">
            <Stack gap={2}>
              <Text size="sm">
                {t('form.email')}: <Code>{account.email}</Code>
              </Text>
              <Text size="sm">
                {t('form.password')}: <Code>{account.password}</Code>
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="light"
              onClick={() =>
                dispatch({
                  type: 'fill',
                  values: { email: account.email ?? '', password: account.password ?? '' },
                })
              }
            >
              {t('auth.signIn.demoFill')}
            </Button>
          </Group>
        </Paper>
      )}
      <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('form.email')}
            type="email"
            autoComplete="username"
            {...field('email')}
            withAsterisk
            autoFocus
          />
          <PasswordInput
            label={t('form.password')}
            autoComplete="current-password"
            {...field('password')}
            withAsterisk
          />
          {state.formError && (
            <Alert color="red" role="alert" variant="light">
              {state.formError}
            </Alert>
          )}
          <Button type="submit" loading={state.busy} fullWidth>
            {t('auth.signIn.submit')}
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to={pathOf('auth.forgot-password')} size="sm">
              {t('auth.signIn.forgot')}
            </Anchor>
            <Text size="sm">
              {t('auth.signIn.noAccount')}{' '}
              <Anchor component={Link} to={pathOf('auth.sign-up')}>
                {t('auth.signIn.toSignUp')}
              </Anchor>
            </Text>
          </Group>
        </Stack>
      </form>
    </>
  );
}
