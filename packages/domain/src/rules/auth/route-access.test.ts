import { describe, expect, it } from 'vitest';
import {
  ASSIGNABLE_FLAGS,
  canAccessRoute,
  deniedRouteRedirect,
  isFlagEffective,
  missingFlagsFor,
  routesOpenedBy,
} from './route-access.ts';

const user = (auth: Record<string, boolean>, addAccount = false) => ({ auth, addAccount });

describe('route access (W §6)', () => {
  it.each([
    ['listproduct', user({ showproduct: true }), true],
    ['listproduct', user({}), false],
    ['AIRocketReg', user({ showdeveloper: true }), true],
    ['AIRocketReg', user({ showRocketReg: true }), true],
    ['AIimage', user({ showRocketReg: true }), false],
    ['keyword', user({ showlite: true }), true],
    ['keyword', user({ showlite: true }, true), false],
    ['keyword', user({ showsales: true }), false],
    ['keyword', user({ showsales: true }, true), true],
    ['keywordoptimize', user({}), true],
    ['dashboard', user({}), true],
    ['/auth/sign-up', user({}), true],
    ['/pages/error-404', user({}), true],
    ['growthscm', user({ showSCM: true }), true],
    ['listsale', user({}), true],
    // Issue 42: the screens §6 left open have this app's flags; the user's own pages stay open.
    ['regproduct', user({}), false],
    ['regproduct', user({ showRocketReg: true }), true],
    ['settings', user({ showRocketReg: true }), false],
    ['settings', user({ showSettings: true }), true],
    ['users', user({ showSettings: true }), false],
    ['users', user({ manageUsers: true }), true],
    ['account', user({}), true],
    ['profile', user({}), true],
  ])('%s → %s', (route, u, expected) => expect(canAccessRoute(route, u)).toBe(expected));

  it('redirects denied users', () => {
    expect(deniedRouteRedirect(user({ makeProductName: true }))).toBe('keywordoptimize');
    expect(deniedRouteRedirect(user({ showsales: true }, true))).toBe('keywordoptimize');
    expect(deniedRouteRedirect(user({ showsales: true }))).toBe('dashboard');
    expect(isFlagEffective({}, 'showproduct')).toBe(false);
  });
});

describe('flags for the team screens (issue 42)', () => {
  it('names the flags that would open a denied route, none for an open one', () => {
    expect(missingFlagsFor('listproduct', user({}))).toEqual(['showproduct']);
    expect(missingFlagsFor('/AIRocketReg', user({}))).toEqual(['showRocketReg', 'showdeveloper']);
    expect(missingFlagsFor('listproduct', user({ showproduct: true }))).toEqual([]);
    expect(missingFlagsFor('dashboard', user({}))).toEqual([]);
  });

  it('lists each flag once, with the routes it opens', () => {
    expect(new Set(ASSIGNABLE_FLAGS).size).toBe(ASSIGNABLE_FLAGS.length);
    expect(ASSIGNABLE_FLAGS).toEqual(expect.arrayContaining(['showproduct', 'manageUsers', 'showSettings']));
    expect(routesOpenedBy('manageUsers')).toEqual(['users', 'addusers', 'user-auth-manager']);
    expect(routesOpenedBy('showproduct')).toEqual(['listproduct']);
  });
});
