import {
  canAccessRoute,
  ROUTE_FLAGS as DOMAIN_ROUTE_FLAGS,
  deniedRouteRedirect,
  isFlagEffective,
  missingFlagsFor,
} from '@rr/domain';
import type { RouteName } from './route-catalog';
import type { UserInfo } from './user-info';

// The §6 rule itself lives once in @rr/domain (rules/auth/route-access.ts); this file adapts it to the
// router's route names.

/** Spec §6: the flags listed per route; access is granted if any listed flag is true. */
export const ROUTE_FLAGS: Readonly<Partial<Record<RouteName, readonly string[]>>> = DOMAIN_ROUTE_FLAGS;

type GuardUser = Pick<UserInfo, 'auth' | 'addAccount'>;

/** §6 special cases: showlite counts only without addAccount, showsales only with addAccount. */
export const hasFlag = (user: GuardUser, flag: string): boolean => isFlagEffective(user, flag);

/** Spec §6 guard: may this user open this route? `null` = not logged in, never blocked by the guard. */
export function canAccess(name: RouteName, user: GuardUser | null): boolean {
  return !user || canAccessRoute(name, user);
}

/** Where a denied user goes: keywordoptimize if showsales or makeProductName, else dashboard; `null` = allowed. */
export function guardRedirect(
  name: RouteName,
  user: GuardUser | null,
): 'keywordoptimize' | 'dashboard' | null {
  if (!user || canAccess(name, user)) return null;
  return deniedRouteRedirect(user);
}

/**
 * Issue 42: the flags of which any one would open this route for the user (empty: it opens). A denied
 * user sees a screen naming them (features/team/access-denied.tsx) instead of being sent elsewhere.
 */
export function deniedFlags(name: RouteName, user: GuardUser | null): readonly string[] {
  return user ? missingFlagsFor(name, user) : [];
}
