import { canAccessRoute, ROUTE_FLAGS } from '@rr/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden, unauthorized } from '../errors/app-error.ts';
import type { RefusalHolds } from './refusal-holds.ts';
import { mayCarryLargeBody } from './unauthenticated-bodies.ts';

/**
 * Which screens (§2 routes) each API route serves. A signed-in user may call a route when the
 * domain's §6 rule (`canAccessRoute`) lets them open any of its screens: a screen outside the §6
 * table is open to every signed-in user, one in it needs one of its flags. `public` routes need no
 * session at all. The first matching prefix wins; a route may also declare `config.screens`.
 * Every /api route must be covered: `installScreenGuard` refuses to start otherwise.
 */
export const API_SCREENS: ReadonlyArray<readonly [prefix: string, screens: 'public' | readonly string[]]> = [
  ['/api/health', 'public'],
  // The API's description (OpenAPI 3.1) and its readable page: no company data (docs/decisions.md).
  ['/api/openapi.json', 'public'],
  ['/api/docs', 'public'],
  ['/api/auth/', 'public'],
  ['/api/loginstatus', 'public'],
  ['/api/dashboard/', ['dashboard']],
  ['/api/settings', ['settings']],
  ['/api/savesetting', ['settings']],
  // A user's own tokens: the settings screen and their account page (open to every user).
  ['/api/tokens', ['settings', 'account']],
  // Issue 42: the company's users (manageUsers), the demo's outbox (every signed-in user of the company).
  ['/api/users', ['users', 'addusers', 'user-auth-manager']],
  ['/api/demo/', ['dashboard']],
  // The user's own account (account and profile screens: open to every signed-in user).
  ['/api/account', ['account', 'profile']],
  ['/api/notifications', ['account', 'profile']],
  ['/api/category/', ['regproduct', 'category']],
  ['/api/import1688', ['addproduct']],
  // Issue 42: keywords collected on Coupang's search (the extension's send, the keyword screen).
  ['/api/getadkeyword', ['keyword', 'keywordoptimize', 'adkeyword']],
  ['/api/keywords', ['keyword', 'keywordoptimize', 'adkeyword']],
  ['/api/ai-monitor/', ['admin-api-monitor']],
  // Product lists feed the registration table, the product list and the category step.
  ['/api/aiRocketReg/getlist', ['AIRocketReg', 'listproduct', 'regproduct']],
  ['/api/rocketReg/regproduct', ['regproduct']],
  ['/api/rocketReg/deleteItem', ['AIRocketReg', 'listproduct']],
  // The spec's image helpers serve the registration screen and the developer image tools.
  ['/api/aiPage/getProductInfo', ['AIRocketReg']],
  ['/api/aiPage/', ['AIRocketReg', 'AIimage']],
  ['/api/rocket-registration/upload-image', ['AIRocketReg', 'AIimage']],
  ['/api/images/cleanup', ['AIRocketReg', 'CleanUp']],
  ['/api/aiRocketReg/', ['AIRocketReg']],
  ['/api/rocketReg/', ['AIRocketReg']],
  // The product page's image tabs and the AI 상세페이지 screens (reorder, drop, merge again).
  ['/api/product-images/', ['AIRocketReg']],
  ['/api/workflow/', ['AIRocketReg']],
  ['/api/events', ['AIRocketReg']],
  ['/api/export/', ['AIRocketReg']],
  ['/api/import/', ['AIRocketReg']],
  // Issue 23: the Open API connection check and category fetch (settings, category screens), registration sync.
  ['/api/coupang/check', ['AIRocketReg', 'settings']],
  ['/api/coupang/categories', ['regproduct', 'category', 'AIRocketReg']],
  ['/api/coupang/', ['AIRocketReg']],
  // Issue 41: sales, returns, Rocket Growth stock, settlements (the spec's sales and growth screens).
  [
    '/api/sales/',
    [
      'listsale',
      'totallistsale',
      'addsale',
      'listreturns',
      'addreturn',
      'growthdb',
      'growthsales',
      'growthscm',
      'salesstatus',
      'bookkeeping',
    ],
  ],
];

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route as registered (method, url): the fuzz suite and route tables read it. */
    apiRoutes: ReadonlyArray<{ method: string; url: string; screens: 'public' | readonly string[] }>;
  }
  interface FastifyContextConfig {
    /** The §2 screens this route serves (overrides API_SCREENS), or 'public'. */
    screens?: 'public' | readonly string[];
  }
}

export function screensOf(url: string): 'public' | readonly string[] | undefined {
  return API_SCREENS.find(([prefix]) => url === prefix || url.startsWith(prefix))?.[1];
}

/** A preHandler: the signed-in user must be allowed one of these screens (§6 flags), else 403. */
export function requireFlagsFor(...screens: string[]) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const s = request.session;
    if (!s) return; // requireAuth answers 401 for routes that need a session
    const user = { auth: s.auth ?? {}, addAccount: s.addAccount };
    if (!screens.some((screen) => canAccessRoute(screen, user))) throw missingFlags(screens);
  };
}

/** 403 naming the flags of which any one would open this route (issue 42: the user learns what to ask for). */
function missingFlags(screens: readonly string[]) {
  const flags = [...new Set(screens.flatMap((screen) => ROUTE_FLAGS[screen] ?? []))];
  return forbidden(
    {
      ko: `이 기능을 쓸 권한이 없습니다. 필요한 권한(하나 이상): ${flags.join(', ')}. 회사 관리자에게 요청하세요.`,
      en: `You are not allowed to use this. Needed flag (any of): ${flags.join(', ')}. Ask your company's administrator.`,
    },
    'missing_flag',
  );
}

/**
 * onRequest of every route that is not public (issue 39): without a live, unlocked session or an
 * access token the request is answered 401 here, before its body is read, parsed or validated (a
 * validation error used to come before the 401 on 29 routes, and a body without a cookie was parsed
 * on the request loop). When more body may follow, the connection is closed with the answer instead
 * of reading it; an address that keeps sending large bodies so waits for its answer
 * (refusal-holds.ts). The route's own requireAuth stays as the second check.
 */
export function requireSessionFirst(holds: RefusalHolds) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (request.session && !request.session.locked) return;
    if (mayCarryLargeBody(request)) {
      reply.header('connection', 'close');
      await holds.refuse(request.ip);
    }
    throw unauthorized();
  };
}

/**
 * Adds the session check and the screen check to every /api route as it is registered, before the
 * body is read (a caller without a session or the flags learns nothing about the route's input).
 * Call before registering routes.
 */
export function installScreenGuard(app: FastifyInstance, holds: RefusalHolds): void {
  const sessionFirst = requireSessionFirst(holds);
  const apiRoutes: Array<{ method: string; url: string; screens: 'public' | readonly string[] }> = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const screens = route.config?.screens ?? screensOf(route.url);
    if (screens === undefined) {
      throw new Error(`${route.url}: declare the screens this API route serves (http/route-screens.ts)`);
    }
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, screens });
    }
    if (screens === 'public') return;
    const guard = requireFlagsFor(...screens);
    // onRequest: after the app's own onRequest hooks (the session is known), before the body is read.
    const existing = route.onRequest;
    route.onRequest = [
      sessionFirst,
      guard,
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
    ];
  });
}
