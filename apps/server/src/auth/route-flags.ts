/** Every route flag of spec §6; the demo user holds all of them. */
export const ALL_ROUTE_FLAGS = [
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
] as const;

/** A new seller's account: product list and rocket registration, the product this app is for. */
export const SIGNUP_FLAGS: Record<string, boolean> = { showproduct: true, showRocketReg: true };
