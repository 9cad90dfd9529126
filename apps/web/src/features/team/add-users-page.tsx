import { Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { pathOf } from '../../app/route-catalog';
import { TitleSection } from '../../ui/title-section';
import { useTeamT } from './i18n';
import { InviteForm } from './invite-form';
import { OutboxPanel } from './outbox-panel';

/** /addusers: invite a staff member by mail with their flags (issue 42; manageUsers). */
export default function AddUsersPage() {
  const { t } = useTeamT();
  return (
    <Stack gap="md">
      <TitleSection title={t('invite.title')} description={t('invite.intro')} />
      <Anchor component={Link} to={pathOf('users')} size="sm">
        {t('users.title')}
      </Anchor>
      <InviteForm />
      <OutboxPanel />
    </Stack>
  );
}
