// W §6 Roles and permissions: route access by auth flags.

/** Spec §6's table: routes guarded by flags; access is granted if any listed flag is true. */
export const SPEC_ROUTE_FLAGS: Readonly<Record<string, readonly string[]>> = {
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

/**
 * Issue 42: the screens this app built that §6 leaves open to every signed-in user, with this app's
 * own flags (docs/decisions.md, "Flags for the screens §6 leaves open"): registering products and
 * their categories go with the rocket registration, the settings (API keys) with `showSettings`, the
 * company's users with `manageUsers`. account and profile (the user's own) stay open.
 */
export const APP_ROUTE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  regproduct: ['showRocketReg', 'showdeveloper'],
  addproduct: ['showRocketReg', 'showdeveloper'],
  category: ['showRocketReg', 'showdeveloper'],
  category_min: ['showRocketReg', 'showdeveloper'],
  listcategory: ['showRocketReg', 'showdeveloper'],
  addcategory: ['showRocketReg', 'showdeveloper'],
  AIpage: ['showRocketReg', 'showdeveloper'],
  AIpageV2: ['showRocketReg', 'showdeveloper'],
  settings: ['showSettings'],
  users: ['manageUsers'],
  addusers: ['manageUsers'],
  'user-auth-manager': ['manageUsers'],
};

/** Every guarded route: §6's table and this app's additions. */
export const ROUTE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  ...SPEC_ROUTE_FLAGS,
  ...APP_ROUTE_FLAGS,
};

/** The flag that lets a user invite staff and change their flags (the company's owner holds it). */
export const USER_MANAGEMENT_FLAG = 'manageUsers';

/** Every flag a route checks, in table order: what an owner can give a staff member. */
export const ASSIGNABLE_FLAGS: readonly string[] = [...new Set(Object.values(ROUTE_FLAGS).flat())];

/** The routes each flag opens (a flag may open several; a route may be opened by several flags). */
export function routesOpenedBy(flag: string): string[] {
  return Object.entries(ROUTE_FLAGS)
    .filter(([, flags]) => flags.includes(flag))
    .map(([route]) => route);
}

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

/** The flags of which one would open this route for the user; empty when it is open to them. */
export function missingFlagsFor(route: string, user: AccessUser): readonly string[] {
  if (canAccessRoute(route, user)) return [];
  return ROUTE_FLAGS[route.replace(/^\//, '')] ?? [];
}

/** W §6: a user without permission goes to keywordoptimize if showsales or makeProductName, else dashboard. */
export function deniedRouteRedirect(user: AccessUser): 'keywordoptimize' | 'dashboard' {
  return isFlagEffective(user, 'showsales') || isFlagEffective(user, 'makeProductName')
    ? 'keywordoptimize'
    : 'dashboard';
}
