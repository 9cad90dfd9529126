import { Anchor, Avatar, Button, Group, PasswordInput, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { HttpError } from '../../app/http';
import { lockedUserName } from '../../app/layout/user-menu';
import { pathOf } from '../../app/route-catalog';
import { useSessionActions } from '../../app/session';
import { unlockScreen } from './auth-api';
import { useAuthForm } from './auth-form-state';
import { AuthHeader } from './auth-header';

/** /auth/lock-screen: the session stays, the screen needs the password again. */
export default function LockScreenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useSessionActions();
  const name = lockedUserName();
  const { state, dispatch, field } = useAuthForm({ password: '' });
  const { password } = state.values;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    dispatch({
      type: 'checked',
      errors: password === '' ? { password: t('form.required', { field: t('form.password') }) } : {},
    });
    if (password === '') return;
    try {
      await unlockScreen(password);
      const session = await actions.refresh();
      await navigate(session.user ? pathOf('dashboard') : pathOf('auth.login'), { replace: true });
      dispatch({ type: 'finished' });
    } catch (err) {
      dispatch({
        type: 'failed',
        errors: {
          password: err instanceof HttpError ? (err.serverMessage ?? err.message) : t('http.unknown'),
        },
      });
    }
  };

  return (
    <>
      <Group justify="center" mb="sm">
        <Avatar size={56} radius="xl" color="blue">
          {name?.slice(0, 1) ?? '🔒'}
        </Avatar>
      </Group>
      <AuthHeader
        title={t('auth.lock.title')}
        subtitle={name ? t('auth.lock.subtitle', { name }) : t('auth.lock.subtitleNoName')}
      />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('form.password')}
            autoComplete="current-password"
            {...field('password')}
            withAsterisk
            autoFocus
          />
          <Button type="submit" loading={state.busy} fullWidth>
            {t('auth.lock.submit')}
          </Button>
          <Anchor component={Link} to={pathOf('auth.login')} size="sm" ta="center">
            {t('auth.lock.other')}
          </Anchor>
        </Stack>
      </form>
    </>
  );
}
