import { ROUTE_FLAGS, USER_MANAGEMENT_FLAG } from '@rr/domain';

/** Every route flag of spec §6 (read from the domain's route table); the demo user holds all of them. */
export const ALL_ROUTE_FLAGS: readonly string[] = [...new Set(Object.values(ROUTE_FLAGS).flat())];

/**
 * A new company's owner: product list and rocket registration (the product this app is for), the
 * settings and the company's users (issue 42: the owner invites staff and gives them flags).
 */
export const SIGNUP_FLAGS: Record<string, boolean> = {
  showproduct: true,
  showRocketReg: true,
  showSettings: true,
  [USER_MANAGEMENT_FLAG]: true,
};
