import { describe, expect, it } from 'vitest';
import { canAccessRoute, deniedRouteRedirect, isFlagEffective } from './route-access.ts';

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
  ])('%s → %s', (route, u, expected) => expect(canAccessRoute(route, u)).toBe(expected));

  it('redirects denied users', () => {
    expect(deniedRouteRedirect(user({ makeProductName: true }))).toBe('keywordoptimize');
    expect(deniedRouteRedirect(user({ showsales: true }, true))).toBe('keywordoptimize');
    expect(deniedRouteRedirect(user({ showsales: true }))).toBe('dashboard');
    expect(isFlagEffective({}, 'showproduct')).toBe(false);
  });
});
