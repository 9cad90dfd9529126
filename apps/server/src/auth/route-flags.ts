import { ROUTE_FLAGS } from '@rr/domain';

/** Every route flag of spec §6 (read from the domain's route table); the demo user holds all of them. */
export const ALL_ROUTE_FLAGS: readonly string[] = [...new Set(Object.values(ROUTE_FLAGS).flat())];

/** A new seller's account: product list and rocket registration, the product this app is for. */
export const SIGNUP_FLAGS: Record<string, boolean> = { showproduct: true, showRocketReg: true };
