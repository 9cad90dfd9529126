import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lockScreen, signOut } from '../../features/auth/auth-api';
import { showAlert } from '../alert-store';
import { errorMessage } from '../http';
import { useSession, useSessionActions } from '../session';

const LOCK_NAME_KEY = 'rr-lock-name';

export function lockedUserName(): string | null {
  try {
    return sessionStorage.getItem(LOCK_NAME_KEY);
  } catch {
    return null;
  }
}

/** User menu: who is signed in, lock screen, sign out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const actions = useSessionActions();
  const navigate = useNavigate();
  if (!user) return null;

  const onLock = async () => {
    try {
      await lockScreen();
      sessionStorage.setItem(LOCK_NAME_KEY, user.name);
      await navigate('/auth/lock-screen');
      actions.locked();
    } catch (err) {
      showAlert(errorMessage(err));
    }
  };
  const onSignOut = async () => {
    try {
      await signOut();
    } finally {
      await navigate('/', { replace: true });
      actions.signedOut();
    }
  };

  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('topbar.userMenu')} data-testid="user-menu">
          <Avatar color="blue" radius="xl" size={34} src={user.image}>
            {user.name.slice(0, 1)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.companyName ?? ''} · {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item onClick={() => void onLock()}>{t('topbar.lock')}</Menu.Item>
        <Menu.Item color="red" onClick={() => void onSignOut()}>
          {t('topbar.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
