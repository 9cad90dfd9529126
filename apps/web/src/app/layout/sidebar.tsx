import { NavLink, ScrollArea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { canAccess } from '../guard';
import {
  EXTRA_ROUTE_NAMES,
  MAIN_GROUP_IDS,
  MAIN_ROUTE_GROUPS,
  type MainGroupId,
  pathOf,
  type RouteName,
} from '../route-catalog';
import type { UserInfo } from '../user-info';

export function routeLabelKey(name: RouteName): string {
  return name.startsWith('extra.') ? `routes.extra.${name.slice(6)}` : `routes.${name}`;
}

/** The sidebar groups, each with the routes this user may open (§6); empty groups are dropped. */
export function visibleNav(user: UserInfo | null): { group: MainGroupId | 'extra'; routes: RouteName[] }[] {
  const groups: { group: MainGroupId | 'extra'; routes: RouteName[] }[] = MAIN_GROUP_IDS.map((group) => ({
    group,
    routes: MAIN_ROUTE_GROUPS[group].filter((name) => canAccess(name, user)),
  }));
  groups.push({ group: 'extra', routes: EXTRA_ROUTE_NAMES.filter((name) => canAccess(name, user)) });
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
