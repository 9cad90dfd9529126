import { NavLink, ScrollArea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { canAccess } from '../guard';
import {
  EXTRA_ROUTE_NAMES,
  hasScreen,
  MAIN_ROUTE_GROUPS,
  type MainGroupId,
  pathOf,
  type RouteName,
} from '../route-catalog';
import type { UserInfo } from '../user-info';

export function routeLabelKey(name: RouteName): string {
  return name.startsWith('extra.') ? `routes.extra.${name.slice(6)}` : `routes.${name}`;
}

/**
 * The sidebar groups, each with the built screens this user may open (§6); routes whose screen is the
 * "준비 중" placeholder are left out (reachable by URL only), and empty groups are dropped.
 */
export function visibleNav(
  user: Pick<UserInfo, 'auth' | 'addAccount'> | null,
): { group: MainGroupId | 'extra'; routes: RouteName[] }[] {
  const shown = (name: Parameters<typeof hasScreen>[0]) => hasScreen(name) && canAccess(name, user);
  const groups: { group: MainGroupId | 'extra'; routes: RouteName[] }[] = MAIN_ROUTE_GROUPS.map((g) => ({
    group: g.id,
    routes: g.routes.filter(shown),
  }));
  groups.push({ group: 'extra', routes: EXTRA_ROUTE_NAMES.filter(shown) });
  return groups.filter((g) => g.routes.length > 0);
}

const OPEN_BY_DEFAULT = new Set(['core', 'ai']);

export function Sidebar({ user, onNavigate }: { user: UserInfo; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <ScrollArea component="nav" aria-label={t('nav.label')} type="auto" h="100%" px="xs" py="sm">
      {visibleNav(user).map(({ group, routes }) => {
        const containsActive = routes.some((r) => pathOf(r) === pathname);
        return (
          <NavLink
            key={`${group}-${containsActive}`}
            label={t(`nav.groups.${group}`)}
            defaultOpened={containsActive || OPEN_BY_DEFAULT.has(group)}
            childrenOffset="sm"
            fw={600}
            data-testid={`nav-group-${group}`}
          >
            {routes.map((name) => (
              <NavLink
                key={name}
                component={RouterNavLink}
                to={pathOf(name)}
                label={t(routeLabelKey(name))}
                active={pathOf(name) === pathname}
                onClick={onNavigate}
                py={4}
              />
            ))}
          </NavLink>
        );
      })}
    </ScrollArea>
  );
}
