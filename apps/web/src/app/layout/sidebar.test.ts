import { describe, expect, it } from 'vitest';
import { EXTRA_ROUTE_NAMES, MAIN_ROUTE_NAMES } from '../route-catalog';
import type { UserInfo } from '../user-info';
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
];

const user = (flags: string[], addAccount = false) =>
  ({ auth: Object.fromEntries(flags.map((f) => [f, true])), addAccount }) as unknown as UserInfo;

const names = (u: UserInfo) => visibleNav(u).flatMap((g) => g.routes);

describe('sidebar', () => {
  it('a user with every flag sees every route of §2, grouped', () => {
    const groups = visibleNav(user(ALL_FLAGS));
    expect(groups.map((g) => g.group)).toEqual([
      'core',
      'ai',
      'sales',
      'purchases',
      'returns',
      'parties',
      'export',
      'logistics',
      'sourcing',
      'growth',
      'analysis',
      'ads',
      'other',
      'extra',
    ]);
    expect(names(user(ALL_FLAGS))).toHaveLength(MAIN_ROUTE_NAMES.length + EXTRA_ROUTE_NAMES.length);
  });

  it('a new seller does not see the routes their flags forbid', () => {
    const seen = names(user(['showproduct', 'showRocketReg']));
    for (const hidden of [
      'AIimage',
      'CleanUp',
      'admin-api-monitor',
      'growthdb',
      'TF',
      'keyword',
      'nomadKeywordCollect',
    ]) {
      expect(seen).not.toContain(hidden);
    }
    for (const shown of ['dashboard', 'listproduct', 'AIRocketReg', 'keywordoptimize', 'listsale']) {
      expect(seen).toContain(shown);
    }
  });

  it('showlite shows keyword only without addAccount', () => {
    expect(names(user(['showlite'], false))).toContain('keyword');
    expect(names(user(['showlite'], true))).not.toContain('keyword');
  });
});
