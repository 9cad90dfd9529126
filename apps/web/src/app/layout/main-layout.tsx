import { AppShell, Box, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isRecord } from '@rr/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { AccessDenied } from '../../features/team/access-denied';
import { showAlert } from '../alert-store';
import { WorkflowLive } from '../events/workflow-live';
import { deniedFlags } from '../guard';
import { pathOf, type RouteName, routeNameOf } from '../route-catalog';
import { useSession, useSessionActions } from '../session';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { LanguageSwitch } from './language-switch';
import { ProcessingIndicator } from './processing-indicator';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';

export type RouteHandle = { routeName: RouteName };

function useCurrentRouteName(): RouteName | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle: unknown = matches[i]?.handle;
    const name = isRecord(handle) ? routeNameOf(handle.routeName) : null;
    if (name) return name;
  }
  return null;
}

/** Not signed in on a main-layout route: alert the login-status message and go to sign-in (§2, §4). */
function RequireLogin({ message, locked }: { message: string | null; locked: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (locked) {
      void navigate(pathOf('auth.lock-screen'), { replace: true });
      return;
    }
    if (message) showAlert(message);
    void navigate(pathOf('auth.login'), { replace: true });
  }, [locked, message, navigate]);
  return null;
}

/**
 * The user's flags are read again on every move to another screen (issue 42): a flag the owner
 * changed applies on the user's next screen, not only after signing in again.
 */
function useFlagsFresh() {
  const { pathname } = useLocation();
  const { refresh } = useSessionActions();
  useEffect(() => {
    void pathname;
    void refresh();
  }, [pathname, refresh]);
}

/** The main layout: top bar, grouped sidebar, and the §6 guard in front of every screen. */
export function MainLayout() {
  const { t } = useTranslation();
  const { user, message, locked } = useSession();
  const routeName = useCurrentRouteName();
  const [navOpened, nav] = useDisclosure(false);

  useFlagsFresh();

  if (!user) return <RequireLogin message={message} locked={locked} />;
  // Issue 42: a screen the user's flags do not open shows which flag is missing (in the layout).
  const missing = routeName ? deniedFlags(routeName, user) : [];

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <WorkflowLive />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('topbar.toggleNav')}
            />
            <Text
              component={Link}
              to="/dashboard"
              fw={800}
              size="lg"
              c="blue.7"
              style={{ whiteSpace: 'nowrap' }}
            >
              {t('app.name')}
            </Text>
          </Group>
          <Box style={{ flex: 1, minWidth: 0 }}>
            <ProcessingIndicator />
          </Box>
          <Group gap="xs" wrap="nowrap">
            <Box visibleFrom="xs">
              <LanguageSwitch />
            </Box>
            <ColorSchemeToggle />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar user={user} onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        {routeName && missing.length > 0 ? <AccessDenied route={routeName} flags={missing} /> : <Outlet />}
      </AppShell.Main>
    </AppShell>
  );
}
