import { Alert, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useReducer } from 'react';
import { errorText } from '../../shared/products/http';
import { FlagCheckboxes } from './flag-checkboxes';
import { useTeamT } from './i18n';
import { checkInvite, initialInvite, inviteReducer } from './invite-state';
import { useTeam } from './use-team';

/** The invitation form: email, name and the flags to give; the mail goes out on submit (issue 42). */
export function InviteForm() {
  const { t } = useTeamT();
  const { invite } = useTeam();
  const [state, dispatch] = useReducer(inviteReducer, { showproduct: true }, initialInvite);

  async function submit() {
    const errors = checkInvite(state, {
      emailRequired: t('invite.emailRequired'),
      emailInvalid: t('invite.emailInvalid'),
      nameRequired: t('invite.nameRequired'),
    });
    dispatch({ type: 'checked', errors });
    if (Object.keys(errors).length > 0) return;
    try {
      const answer = await invite.mutateAsync({
        email: state.email.trim(),
        name: state.name.trim(),
        flags: state.flags,
      });
      dispatch({ type: 'sent', message: answer.message });
    } catch {
      // invite.error shows the server's message
    }
  }

  return (
    <Paper withBorder p="sm" data-testid="invite-form">
      <Text fw={700} size="sm" mb={4}>
        {t('invite.title')}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {t('invite.intro')}
      </Text>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="xs">
          <Group align="flex-start" gap="xs">
            <TextInput
              size="xs"
              w={260}
              label={t('invite.email')}
              type="email"
              value={state.email}
              maxLength={200}
              error={state.errors.email}
              onChange={(e) => dispatch({ type: 'email', value: e.currentTarget.value })}
              data-testid="invite-email"
            />
            <TextInput
              size="xs"
              w={200}
              label={t('invite.name')}
              value={state.name}
              maxLength={100}
              error={state.errors.name}
              onChange={(e) => dispatch({ type: 'name', value: e.currentTarget.value })}
              data-testid="invite-name"
            />
          </Group>
          <Text size="xs" fw={600}>
            {t('invite.flags')}
          </Text>
          <FlagCheckboxes value={state.flags} onChange={(flag, on) => dispatch({ type: 'flag', flag, on })} />
          <Group>
            <Button size="xs" type="submit" loading={invite.isPending} data-testid="invite-submit">
              {t('invite.submit')}
            </Button>
          </Group>
          {invite.error ? (
            <Text c="red" size="sm" role="alert">
              {errorText(invite.error)}
            </Text>
          ) : null}
          {state.sent ? (
            <Alert color="green" role="status" data-testid="invite-sent">
              {state.sent}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
