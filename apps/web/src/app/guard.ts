import type { RouteName } from './route-catalog';
import type { UserInfo } from './user-info';

/** Spec §6: the flags listed per route; access is granted if any listed flag is true. */
export const ROUTE_FLAGS: Partial<Record<RouteName, readonly string[]>> = {
  listproduct: ['showproduct'],
  AIimage: ['showdeveloper'],
  CleanUp: ['showdeveloper'],
  AIAssistant: ['showdeveloper'],
  KnowledgeBase: ['showdeveloper'],
  AITutor: ['showdeveloper'],
  'admin-api-monitor': ['showdeveloper'],
  AIRocketReg: ['showRocketReg', 'showdeveloper'],
  nomadKeywordCollect: ['showKeywordCollect', 'shownomad'],
  nomadKeywordAnalysis: ['shownomadv2', 'showNomadKeyword'],
  sourcingmasterTS: ['shownomadv2', 'showNomadMenu'],
  TF: ['shownomadv2', 'showNomadMenu'],
  growthdb: ['showgrowth', 'showSCM'],
  growthscm: ['showgrowth', 'showSCM'],
  keyword: ['showsales', 'showlite', 'showKeywordAnalysis'],
  keywordoptimize: ['showsales', 'makeProductName'],
};

type GuardUser = Pick<UserInfo, 'auth' | 'addAccount'>;

/** §6 special cases: showlite counts only without addAccount, showsales only with addAccount. */
export function hasFlag(user: GuardUser, flag: string): boolean {
  const set = user.auth?.[flag] === true;
  if (flag === 'showlite') return set && !user.addAccount;
  if (flag === 'showsales') return set && !!user.addAccount;
  return set;
}

const ALWAYS_OPEN: ReadonlySet<RouteName> = new Set<RouteName>(['dashboard', 'keywordoptimize']);

function isFreeRoute(name: RouteName): boolean {
  return name === 'auth.login' || name.startsWith('auth.') || name.startsWith('pages.');
}

/** Spec §6 guard: may this user open this route? `null` = not logged in, never blocked by the guard. */
export function canAccess(name: RouteName, user: GuardUser | null): boolean {
  if (!user) return true;
  if (isFreeRoute(name) || ALWAYS_OPEN.has(name)) return true;
  const flags = ROUTE_FLAGS[name];
  if (!flags) return true;
  return flags.some((flag) => hasFlag(user, flag));
}

/** Where a denied user goes: keywordoptimize if showsales or makeProductName, else dashboard; `null` = allowed. */
export function guardRedirect(
  name: RouteName,
  user: GuardUser | null,
): 'keywordoptimize' | 'dashboard' | null {
  if (!user || canAccess(name, user)) return null;
  return hasFlag(user, 'showsales') || hasFlag(user, 'makeProductName') ? 'keywordoptimize' : 'dashboard';
}
