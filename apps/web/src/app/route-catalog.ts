/**
 * Every route of spec §2, by layout group. A main-layout route's name is also its path
 * (relative to root, e.g. `AIimage` → `/AIimage`), so the names match the guard table of §6.
 */

export const MAIN_ROUTE_GROUPS = {
  core: [
    'dashboard',
    'listproduct',
    'regproduct',
    'addproduct',
    'category',
    'category_min',
    'listcategory',
    'addcategory',
  ],
  ai: [
    'AIRocketReg',
    'AIimage',
    'CleanUp',
    'AITest',
    'AIAssistant',
    'KnowledgeBase',
    'AITutor',
    'AITutorStudent',
    'AIpage',
    'AIpageV2',
  ],
  sales: ['listsale', 'totallistsale', 'addsale'],
  purchases: ['listpurchases', 'listreqpurchases', 'addpurchase', 'reqpurchase'],
  returns: ['listreturns', 'addreturn'],
  parties: ['customers', 'addcustomers', 'users', 'addusers', 'suppliers', 'addsuppliers'],
  export: ['exportlist', 'addexport'],
  logistics: [
    'logis',
    'logisinvoice',
    'logisimportlist',
    'logisnotify',
    'logisaddimport',
    'logisimportbox',
    'logisexportlist',
    'logisuserlist',
    'logisaddexport',
    'logispurchaselist',
    'logisTotalList',
    'logisreqpurchase',
    'logisreqchanges',
    'logisaddpurchase',
  ],
  sourcing: [
    'sourcingmaster',
    'sourcingmasterv2',
    'nomadKeywordCollect',
    'nomadKeywordAnalysis',
    'nomadCategoryAnalysis',
    'categoryAnalysis',
    'sourcingmasterTS',
    'TF',
    'TF2',
    'saveitem',
    'saveitemM',
    'sourcingVerify',
    'nomadreqpo',
    'nomadtraffic',
    'nomaduserlist',
  ],
  growth: ['growthdb', 'samplePo', 'growthsales', 'growthscm', 'salesstatus', 'adsstatus', 'bookkeeping'],
  analysis: ['keyword', 'keywordoptimize', 'sourcing', 'ranking', 'trackingsales'],
  ads: ['adkeyword', 'adSourcing', 'adMarketing'],
  other: ['report', 'admin-api-monitor', 'user-auth-manager', 'settings', 'account', 'profile'],
} as const;

export type MainGroupId = keyof typeof MAIN_ROUTE_GROUPS;
export type MainRouteName = (typeof MAIN_ROUTE_GROUPS)[MainGroupId][number];

/** /extra-pages/*: shown inside the main layout. Route name `extra.<page>`. */
export const EXTRA_PAGES = [
  'contact',
  'timeline',
  'pricing',
  'invoice',
  'subscriber',
  'faq',
  'blank-page',
] as const;
export type ExtraRouteName = `extra.${(typeof EXTRA_PAGES)[number]}`;

/** /auth/*: free passage (§6). Route name `auth.<page>`; the sign-in page is `auth.login` at `/`. */
export const AUTH_PAGES = [
  'sign-fail',
  'sign-up',
  'recover-password',
  'lock-screen',
  'confirm-mail',
  'forgot-password',
  'reset-password',
] as const;
export type AuthRouteName = 'auth.login' | `auth.${(typeof AUTH_PAGES)[number]}`;

/** /pages/*: free passage (§6). */
export const STATUS_PAGES = ['error-404', 'error-500', 'pages-maintainance'] as const;
export type StatusRouteName = `pages.${(typeof STATUS_PAGES)[number]}`;

export type RouteName = MainRouteName | ExtraRouteName | AuthRouteName | StatusRouteName;

export const MAIN_GROUP_IDS = Object.keys(MAIN_ROUTE_GROUPS) as MainGroupId[];
export const MAIN_ROUTE_NAMES: MainRouteName[] = MAIN_GROUP_IDS.flatMap((g) => [...MAIN_ROUTE_GROUPS[g]]);
export const EXTRA_ROUTE_NAMES: ExtraRouteName[] = EXTRA_PAGES.map((p) => `extra.${p}` as const);

/** The URL of a route by name (`reset-password` takes its token). */
export function pathOf(name: RouteName, params: { token?: string } = {}): string {
  if (name === 'auth.login') return '/';
  if (name === 'auth.reset-password') return `/auth/reset-password/${encodeURIComponent(params.token ?? '')}`;
  if (name.startsWith('auth.')) return `/auth/${name.slice(5)}`;
  if (name.startsWith('pages.')) return `/pages/${name.slice(6)}`;
  if (name.startsWith('extra.')) return `/extra-pages/${name.slice(6)}`;
  return `/${name}`;
}
