// W §6 Roles and permissions: route access by auth flags.

/** Routes guarded by flags; access is granted if any listed flag is true. */
export const ROUTE_FLAGS: Readonly<Record<string, readonly string[]>> = {
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

/** Routes that always pass: dashboard and keywordoptimize; login, /auth and /pages pass freely. */
export const ALWAYS_OPEN_ROUTES: readonly string[] = ['dashboard', 'keywordoptimize', 'auth.login', 'login'];
const OPEN_PREFIXES = ['/auth', 'auth/', 'auth.', '/pages', 'pages/', 'pages.'];

export interface AccessUser {
  auth?: Readonly<Record<string, boolean | undefined>> | undefined;
  addAccount?: boolean | undefined;
}

/** A flag counts: showlite only for users without addAccount, showsales only for users with it. */
export function isFlagEffective(user: AccessUser, flag: string): boolean {
  if (!user.auth?.[flag]) return false;
  if (flag === 'showlite') return !user.addAccount;
  if (flag === 'showsales') return !!user.addAccount;
  return true;
}

/** W §6 guard: may this logged-in user open the route? Unlisted routes are open. */
export function canAccessRoute(route: string, user: AccessUser): boolean {
  const name = route.replace(/^\//, '');
  if (ALWAYS_OPEN_ROUTES.includes(name) || OPEN_PREFIXES.some((p) => route.startsWith(p))) return true;
  const flags = ROUTE_FLAGS[name];
  return !flags || flags.some((flag) => isFlagEffective(user, flag));
}

/** W §6: a user without permission goes to keywordoptimize if showsales or makeProductName, else dashboard. */
export function deniedRouteRedirect(user: AccessUser): 'keywordoptimize' | 'dashboard' {
  return isFlagEffective(user, 'showsales') || isFlagEffective(user, 'makeProductName')
    ? 'keywordoptimize'
    : 'dashboard';
}
