import { APP_ROUTE_FLAGS } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import { canAccess, deniedFlags, guardRedirect } from './guard';
import { EXTRA_ROUTE_NAMES, MAIN_ROUTE_NAMES, type RouteName } from './route-catalog';

const user = (flags: string[] = [], addAccount = false) => ({
  auth: Object.fromEntries(flags.map((f) => [f, true])),
  addAccount,
});

/** The §6 table, row by row, as the spec writes it. */
const TABLE: [RouteName[], string[]][] = [
  [['listproduct'], ['showproduct']],
  [['AIimage', 'CleanUp', 'AIAssistant', 'KnowledgeBase', 'AITutor', 'admin-api-monitor'], ['showdeveloper']],
  [['AIRocketReg'], ['showRocketReg', 'showdeveloper']],
  [['nomadKeywordCollect'], ['showKeywordCollect', 'shownomad']],
  [['nomadKeywordAnalysis'], ['shownomadv2', 'showNomadKeyword']],
  [
    ['sourcingmasterTS', 'TF'],
    ['shownomadv2', 'showNomadMenu'],
  ],
  [
    ['growthdb', 'growthscm'],
    ['showgrowth', 'showSCM'],
  ],
];

describe('spec §6 flag table', () => {
  for (const [routes, flags] of TABLE) {
    for (const route of routes) {
      for (const flag of flags) {
        it(`${route}: ${flag} grants access`, () => {
          expect(canAccess(route, user([flag]))).toBe(true);
          expect(guardRedirect(route, user([flag]))).toBeNull();
        });
      }
      it(`${route}: without ${flags.join(' / ')} the user goes to dashboard`, () => {
        const other = user(['showproduct', 'showRocketReg', 'showgrowth'].filter((f) => !flags.includes(f)));
        expect(canAccess(route, other)).toBe(false);
        expect(guardRedirect(route, other)).toBe('dashboard');
      });
      it(`${route}: a flag set to false does not count`, () => {
        const u = { auth: Object.fromEntries(flags.map((f) => [f, false])), addAccount: false };
        expect(canAccess(route, u)).toBe(false);
      });
    }
  }

  it('keyword: showKeywordAnalysis grants access regardless of addAccount', () => {
    expect(canAccess('keyword', user(['showKeywordAnalysis'], false))).toBe(true);
    expect(canAccess('keyword', user(['showKeywordAnalysis'], true))).toBe(true);
    expect(canAccess('keyword', user([]))).toBe(false);
  });
});

describe('special cases', () => {
  it('showlite counts only for users without addAccount', () => {
    expect(canAccess('keyword', user(['showlite'], false))).toBe(true);
    expect(canAccess('keyword', user(['showlite'], true))).toBe(false);
  });

  it('showsales counts only for users with addAccount', () => {
    expect(canAccess('keyword', user(['showsales'], true))).toBe(true);
    expect(canAccess('keyword', user(['showsales'], false))).toBe(false);
  });

  it('dashboard and keywordoptimize always pass, even with no flags', () => {
    expect(canAccess('dashboard', user())).toBe(true);
    expect(canAccess('keywordoptimize', user())).toBe(true);
    expect(guardRedirect('keywordoptimize', user())).toBeNull();
  });

  it('a denied user with makeProductName goes to keywordoptimize', () => {
    expect(guardRedirect('AIimage', user(['makeProductName']))).toBe('keywordoptimize');
  });

  it('a denied user with showsales (and addAccount) goes to keywordoptimize', () => {
    expect(guardRedirect('AIimage', user(['showsales'], true))).toBe('keywordoptimize');
  });

  it('showsales without addAccount does not count for the redirect either: dashboard', () => {
    expect(guardRedirect('AIimage', user(['showsales'], false))).toBe('dashboard');
  });

  it('a denied user with neither goes to dashboard', () => {
    expect(guardRedirect('AIimage', user(['showproduct', 'showRocketReg']))).toBe('dashboard');
  });

  it('login, /auth and /pages pass freely for a user with no flags', () => {
    const free: RouteName[] = [
      'auth.login',
      'auth.sign-up',
      'auth.sign-fail',
      'auth.lock-screen',
      'auth.reset-password',
      'pages.error-404',
      'pages.error-500',
      'pages.pages-maintainance',
    ];
    for (const name of free) expect(canAccess(name, user())).toBe(true);
  });

  it('not-logged-in users are not blocked by the guard, on any route', () => {
    for (const name of [...MAIN_ROUTE_NAMES, ...EXTRA_ROUTE_NAMES]) {
      expect(canAccess(name, null)).toBe(true);
      expect(guardRedirect(name, null)).toBeNull();
    }
  });

  it('routes without a row in the table pass for any logged-in user', () => {
    // Issue 42: this app's own rows (the screens §6 left open) count as listed.
    const listed = new Set<string>([
      ...TABLE.flatMap(([r]) => r),
      'keyword',
      'keywordoptimize',
      ...Object.keys(APP_ROUTE_FLAGS),
    ]);
    const unlisted = MAIN_ROUTE_NAMES.filter((n) => !listed.has(n));
    expect(unlisted.length).toBeGreaterThan(50);
    for (const name of unlisted) expect(canAccess(name, user())).toBe(true);
  });

  it('a signed-up seller (showproduct, showRocketReg) opens product list and rocket registration only among flagged routes', () => {
    const seller = user(['showproduct', 'showRocketReg']);
    const flagged = TABLE.flatMap(([r]) => r).concat(['keyword']);
    const open = flagged.filter((n) => canAccess(n, seller));
    expect(open.sort()).toEqual(['AIRocketReg', 'listproduct']);
  });
});

describe('the denied page’s flags (issue 42)', () => {
  it('names the flags of which one would open the route; none when it opens or nobody is signed in', () => {
    expect(deniedFlags('listproduct', user([]))).toEqual(['showproduct']);
    expect(deniedFlags('settings', user(['showproduct']))).toEqual(['showSettings']);
    expect(deniedFlags('users', user(['showproduct']))).toEqual(['manageUsers']);
    expect(deniedFlags('listproduct', user(['showproduct']))).toEqual([]);
    expect(deniedFlags('account', user([]))).toEqual([]);
    expect(deniedFlags('listproduct', null)).toEqual([]);
  });
});
