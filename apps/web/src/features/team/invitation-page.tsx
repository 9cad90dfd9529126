import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../app/http';
import { pathOf } from '../../app/route-catalog';
import { useSessionActions } from '../../app/session';
import { useAuthForm } from '../auth/auth-form-state';
import { AuthHeader } from '../auth/auth-header';
import { hasErrors, makeValidators } from '../auth/validate';
import { useTeamT } from './i18n';
import { acceptInvitation, fetchInvitation } from './use-team';

type Field = 'name' | 'password' | 'confirm';

/** /auth/invitation/:token: the invited staff member chooses a password and joins the company (issue 42). */
export default function InvitationPage() {
  const { t } = useTeamT();
  const { t: tApp } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const session = useSessionActions();
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => fetchInvitation(token),
    retry: false,
  });
  const { state, dispatch, field } = useAuthForm<Field>({ name: '', password: '', confirm: '' });
  const { values, formError, busy } = state;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = makeValidators(tApp);
    const name = values.name.trim() === '' ? (invitation.data?.name ?? '') : values.name;
    const next = {
      name: v.required(name, t('invitation.name')),
      password: v.password(values.password),
      confirm: v.confirm(values.confirm, values.password),
    };
    dispatch({ type: 'checked', errors: next });
    if (hasErrors(next)) return;
    try {
      const answer = await acceptInvitation({ token, name: name.trim(), password: values.password });
      session.signedIn(answer.userinfo);
      void navigate(pathOf('dashboard'), { replace: true });
    } catch (err) {
      dispatch({ type: 'failed', formError: errorMessage(err) });
    }
  };

  if (invitation.isPending) return <Text>{t('invitation.loading')}</Text>;
  if (invitation.error || !invitation.data) {
    return (
      <>
        <AuthHeader title={t('invitation.title')} />
        <Alert color="red" role="alert" data-testid="invitation-invalid">
          {invitation.error ? errorMessage(invitation.error) : t('invitation.invalid')}
        </Alert>
      </>
    );
  }
  const info = invitation.data;
  return (
    <>
      <AuthHeader
        title={t('invitation.title')}
        subtitle={t('invitation.subtitle', { company: info.companyName, email: info.email })}
      />
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="invitation-form">
        <Stack gap="md">
          <TextInput label={tApp('form.email')} value={info.email} readOnly />
          <TextInput
            label={t('invitation.name')}
            placeholder={info.name}
            autoComplete="name"
            {...field('name')}
          />
          <PasswordInput
            label={tApp('form.password')}
            description={tApp('form.passwordHint')}
            autoComplete="new-password"
            {...field('password')}
            withAsterisk
            autoFocus
          />
          <PasswordInput
            label={tApp('form.passwordConfirm')}
            autoComplete="new-password"
            {...field('confirm')}
            withAsterisk
          />
          {formError && (
            <Alert color="red" role="alert" variant="light">
              {formError}
            </Alert>
          )}
          <Button type="submit" loading={busy} fullWidth data-testid="invitation-submit">
            {t('invitation.submit')}
          </Button>
        </Stack>
      </form>
    </>
  );
}
