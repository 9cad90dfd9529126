import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_ROUTES, type RouteName } from '../route-catalog';
import { routeScreens } from '../route-table';
import { appRoutes } from '../router';
import { visibleNav } from './sidebar';

const ALL_FLAGS = [
  'showproduct',
  'showdeveloper',
  'showRocketReg',
  'showKeywordCollect',
  'shownomad',
  'shownomadv2',
  'showNomadKeyword',
  'showNomadMenu',
  'showgrowth',
  'showSCM',
  'showsales',
  'showlite',
  'showKeywordAnalysis',
  'makeProductName',
  // Issue 42: this app's flags for the screens §6 left open.
  'showSettings',
  'manageUsers',
];

const user = (flags: string[], addAccount = false) => ({
  auth: Object.fromEntries(flags.map((f) => [f, true])),
  addAccount,
});

const names = (u: ReturnType<typeof user>) => visibleNav(u).flatMap((g) => g.routes);

/** The main layout's child routes, by route name, as the router builds them. */
function mainLayoutRoutes(): Map<string, RouteObject> {
  const byName = new Map<string, RouteObject>();
  for (const top of appRoutes) {
    for (const child of top.children ?? []) {
      const handle: unknown = child.handle;
      if (
        handle &&
        typeof handle === 'object' &&
        'routeName' in handle &&
        typeof handle.routeName === 'string'
      )
        byName.set(handle.routeName, child);
    }
  }
  return byName;
}

describe('sidebar', () => {
  it('a user with every flag sees every built screen, grouped, and nothing else', () => {
    const groups = visibleNav(user(ALL_FLAGS));
    expect(groups.map((g) => g.group)).toEqual([
      'core',
      'ai',
      'sales',
      'returns',
      'parties',
      'growth',
      'analysis',
      'ads',
      'other',
    ]);
    expect(names(user(ALL_FLAGS)).sort()).toEqual(Object.keys(routeScreens).sort());
  });

  it('no menu entry opens the "준비 중" placeholder: each one loads its screen', () => {
    const routes = mainLayoutRoutes();
    const menu = names(user(ALL_FLAGS));
    expect(menu.length).toBeGreaterThan(0);
    for (const name of menu) {
      const route = routes.get(name);
      expect(route?.lazy, name).toBeTypeOf('function');
      expect(route?.element, name).toBeUndefined();
      expect(PLACEHOLDER_ROUTES).not.toContain(name);
    }
  });

  it('the routes without a screen stay reachable by URL (the placeholder page), out of the menu', () => {
    const routes = mainLayoutRoutes();
    const menu: RouteName[] = names(user(ALL_FLAGS));
    for (const name of PLACEHOLDER_ROUTES) {
      const route = routes.get(name);
      expect(route?.element, name).toBeDefined();
      expect(route?.lazy, name).toBeUndefined();
      expect(menu).not.toContain(name);
    }
  });

  it('a new seller does not see the routes their flags forbid', () => {
    const seen = names(user(['showproduct', 'showRocketReg']));
    for (const hidden of ['AIimage', 'CleanUp', 'admin-api-monitor', 'settings', 'users']) {
      expect(seen).not.toContain(hidden);
    }
    for (const shown of ['dashboard', 'listproduct', 'AIRocketReg', 'addproduct']) {
      expect(seen).toContain(shown);
    }
  });

  it('a company owner (signed up: settings and user management too) sees the team screens (issue 42)', () => {
    const seen = names(user(['showproduct', 'showRocketReg', 'showSettings', 'manageUsers']));
    for (const shown of ['settings', 'users', 'addusers', 'user-auth-manager']) expect(seen).toContain(shown);
    // A staff member with the product list only: no registration, settings nor users in the menu.
    const staff = names(user(['showproduct']));
    expect(staff).toContain('listproduct');
    for (const hidden of ['AIRocketReg', 'regproduct', 'addproduct', 'settings', 'users']) {
      expect(staff).not.toContain(hidden);
    }
  });
});
