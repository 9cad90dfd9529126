/**
 * Every route of spec §2, by layout group. A main-layout route's name is also its path
 * (relative to root, e.g. `AIimage` → `/AIimage`), so the names match the guard table of §6.
 */

export const MAIN_ROUTE_GROUPS = [
  {
    id: 'core',
    routes: [
      'dashboard',
      'listproduct',
      'regproduct',
      'addproduct',
      'category',
      'category_min',
      'listcategory',
      'addcategory',
    ],
  },
  {
    id: 'ai',
    routes: [
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
  },
  { id: 'sales', routes: ['listsale', 'totallistsale', 'addsale'] },
  { id: 'purchases', routes: ['listpurchases', 'listreqpurchases', 'addpurchase', 'reqpurchase'] },
  { id: 'returns', routes: ['listreturns', 'addreturn'] },
  { id: 'parties', routes: ['customers', 'addcustomers', 'users', 'addusers', 'suppliers', 'addsuppliers'] },
  { id: 'export', routes: ['exportlist', 'addexport'] },
  {
    id: 'logistics',
    routes: [
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
  },
  {
    id: 'sourcing',
    routes: [
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
  },
  {
    id: 'growth',
    routes: ['growthdb', 'samplePo', 'growthsales', 'growthscm', 'salesstatus', 'adsstatus', 'bookkeeping'],
  },
  { id: 'analysis', routes: ['keyword', 'keywordoptimize', 'sourcing', 'ranking', 'trackingsales'] },
  { id: 'ads', routes: ['adkeyword', 'adSourcing', 'adMarketing'] },
  {
    id: 'other',
    routes: ['report', 'admin-api-monitor', 'user-auth-manager', 'settings', 'account', 'profile'],
  },
] as const;

export type MainGroupId = (typeof MAIN_ROUTE_GROUPS)[number]['id'];
export type MainRouteName = (typeof MAIN_ROUTE_GROUPS)[number]['routes'][number];

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
  'invitation',
] as const;
export type AuthRouteName = 'auth.login' | `auth.${(typeof AUTH_PAGES)[number]}`;

/** /pages/*: free passage (§6). */
export const STATUS_PAGES = ['error-404', 'error-500', 'pages-maintainance'] as const;
export type StatusRouteName = `pages.${(typeof STATUS_PAGES)[number]}`;

export type RouteName = MainRouteName | ExtraRouteName | AuthRouteName | StatusRouteName;

export const MAIN_ROUTE_NAMES: MainRouteName[] = MAIN_ROUTE_GROUPS.flatMap((g) => [...g.routes]);
export const EXTRA_ROUTE_NAMES: ExtraRouteName[] = EXTRA_PAGES.map((p) => `extra.${p}` as const);
const ALL_ROUTE_NAMES: readonly RouteName[] = [
  ...MAIN_ROUTE_NAMES,
  ...EXTRA_ROUTE_NAMES,
  'auth.login',
  ...AUTH_PAGES.map((p) => `auth.${p}` as const),
  ...STATUS_PAGES.map((p) => `pages.${p}` as const),
];

/** The route a value names (a route's `handle.routeName`), or null. */
export const routeNameOf = (v: unknown): RouteName | null => ALL_ROUTE_NAMES.find((n) => n === v) ?? null;

/**
 * The named routes of §2 that have no screen yet, in one place. They stay reachable by URL (the
 * "준비 중" page inside the layout, behind the §6 guard) but the menu never lists them. Every other
 * main-layout route has its screen in `route-table.tsx` (the type there requires it).
 */
export const PLACEHOLDER_ROUTES = [
  'AITest',
  'AIAssistant',
  'KnowledgeBase',
  'AITutor',
  'AITutorStudent',
  'listpurchases',
  'listreqpurchases',
  'addpurchase',
  'reqpurchase',
  'customers',
  'addcustomers',
  'suppliers',
  'addsuppliers',
  'exportlist',
  'addexport',
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
  'samplePo',
  'adsstatus',
  'sourcing',
  'ranking',
  'trackingsales',
  'adSourcing',
  'adMarketing',
  'report',
  'extra.contact',
  'extra.timeline',
  'extra.pricing',
  'extra.invoice',
  'extra.subscriber',
  'extra.faq',
  'extra.blank-page',
] as const;
export type PlaceholderRouteName = (typeof PLACEHOLDER_ROUTES)[number];
/** A main-layout route with a built screen (listed in the menu when the user may open it). */
export type ScreenRouteName = Exclude<MainRouteName | ExtraRouteName, PlaceholderRouteName>;

const placeholders: ReadonlySet<string> = new Set(PLACEHOLDER_ROUTES);

/** Whether this route opens a built screen (not the "준비 중" placeholder). */
export function hasScreen(name: MainRouteName | ExtraRouteName): name is ScreenRouteName {
  return !placeholders.has(name);
}

/** The URL of a route by name (`reset-password` takes its token). */
export function pathOf(name: RouteName, params: { token?: string } = {}): string {
  if (name === 'auth.login') return '/';
  if (name === 'auth.reset-password') return `/auth/reset-password/${encodeURIComponent(params.token ?? '')}`;
  if (name === 'auth.invitation') return `/auth/invitation/${encodeURIComponent(params.token ?? '')}`;
  if (name.startsWith('auth.')) return `/auth/${name.slice(5)}`;
  if (name.startsWith('pages.')) return `/pages/${name.slice(6)}`;
  if (name.startsWith('extra.')) return `/extra-pages/${name.slice(6)}`;
  return `/${name}`;
}
