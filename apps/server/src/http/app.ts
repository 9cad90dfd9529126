import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { HealthResponse } from '@rr/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Container } from '../container.ts';
import { installAccessTokenAuth } from './access-token-auth.ts';
import { createAddressTurns, installAddressTurns } from './address-turns.ts';
import { installAuthContext, isApiRequest } from './auth-context.ts';
import { installCompanyGate } from './company-gate.ts';
import { installErrorHandler } from './error-handler.ts';
import { extensionCors } from './extension-cors.ts';
import { HTTP_MESSAGES as MESSAGES } from './http-messages.ts';
import { installJsonParser } from './json-body.ts';
import { installLargeAnswers } from './large-answers.ts';
import { installOpenApi, serveOpenApi } from './openapi.ts';
import { createRefusalHolds, type RefusalHolds } from './refusal-holds.ts';
import { clientAddress, createRefusedAddresses, refusingServer } from './refused-addresses.ts';
import { localize } from './request-language.ts';
import { installScreenGuard } from './route-screens.ts';
import { accessTokenRoutes } from './routes/access-tokens.ts';
import { accountRoutes } from './routes/account.ts';
import { aiMonitorRoutes } from './routes/ai-monitor.ts';
import { authRoutes } from './routes/auth.ts';
import { categoryRoutes } from './routes/categories.ts';
import { coupangRoutes } from './routes/coupang.ts';
import { dashboardRoutes } from './routes/dashboard.ts';
import { exchangeRateRoutes } from './routes/exchange-rate.ts';
import { exportRoutes } from './routes/exports.ts';
import { imageTranslateRoutes } from './routes/image-translate.ts';
import { keywordRoutes } from './routes/keywords.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { productImageRoutes } from './routes/product-images.ts';
import { productRoutes } from './routes/products.ts';
import { salesRoutes } from './routes/sales.ts';
import { settingsRoutes } from './routes/settings.ts';
import { taskActionRoutes } from './routes/task-actions.ts';
import { uploadRoutes } from './routes/upload.ts';
import { userRoutes } from './routes/users.ts';
import { workflowRoutes } from './routes/workflow.ts';
import { buildSecurityHeaders, installSecurityHeaders, securityHeaders } from './security-headers.ts';
import { installUnauthenticatedBodyLimit } from './unauthenticated-bodies.ts';

/** Fastify's trustProxy: a hop count becomes "the nearest n hops". */
function trustProxyOption(
  value: false | number | string[],
): boolean | string[] | ((a: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/** Requests to /api from one client address (docs/security.md). */
const ADDRESS_LIMIT = { max: 600, timeWindow: 60_000 };
/**
 * Requests of one client address worked on at once (docs/security.md): a browser opens at most six
 * connections to the app, one of them the event stream, which takes no turn.
 */
const ADDRESS_TURNS = 8;

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** The HTTP application: JSON API under /api, the built web app everywhere else. */
export async function buildApp(
  deps: Container,
  options: { logger?: boolean | object; closeContainer?: boolean; refusalHolds?: RefusalHolds } = {},
): Promise<FastifyInstance> {
  // Only the configured proxy hops are believed (X-Forwarded-For/-Proto/-Host); none by default.
  const trustProxy = trustProxyOption(deps.config.trustProxy);
  const headers = buildSecurityHeaders(securityHeaders(deps.config));
  // An address the per-address limit refused is answered before Fastify until its window ends
  // (refused-addresses.ts; docs/decisions.md, "Refused addresses are answered before Fastify").
  const refused = createRefusedAddresses({
    max: ADDRESS_LIMIT.max,
    clientAddress: clientAddress(trustProxy),
    securityHeaders: headers,
  });
  const app = Fastify({
    logger: options.logger ?? { level: deps.config.logLevel },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy,
    serverFactory: refusingServer(refused),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installJsonParser(app, deps.work);

  await app.register(cookie, { secret: deps.config.appSecret });
  installSecurityHeaders(app, headers);
  // The per-address limit is an instance-wide onRequest hook, added before the session lookup and
  // the company gate: the plugin's `global` mode adds it to each route instead, and route hooks run
  // after every instance hook, so each refused request of a flood first cost a session query
  // (docs/decisions.md, "The address limit runs first"). It also limits unmatched /api paths.
  await app.register(rateLimit, { global: false });
  app.addHook(
    'onRequest',
    app.rateLimit({
      ...ADDRESS_LIMIT,
      // By the route matched, not the raw URL: `/%61pi/...` reaches the same /api route and is limited.
      allowList: (req) => !isApiRequest(req),
      // The error handler answers it (429, Korean, Retry-After); no Error (its stack trace costs
      // ≈ 20 µs a refusal). The address's next requests are answered before Fastify.
      errorResponseBuilder: (req, context) => {
        refused.remember(req.ip, Date.now() + context.ttl);
        return { statusCode: context.statusCode };
      },
    }),
  );
  // Then at most ADDRESS_TURNS of an address's requests at work at once, the rest waiting their turn.
  installAddressTurns(app, createAddressTurns(ADDRESS_TURNS));

  // Every /api route registered from here on declares its screens and checks their §6 flags, and is
  // described in the OpenAPI document (GET /api/openapi.json, readable at /api/docs).
  // An address that keeps sending large bodies without a session gets its refusals a second late.
  const holds = options.refusalHolds ?? createRefusalHolds();
  installScreenGuard(app, holds);
  await installOpenApi(app);
  const { auth } = deps;
  // Cross-origin calls from the browser extension, on the capture route only; registered before the
  // token check so a refusal (401 revoked token) reaches the extension readable.
  await app.register(cors, extensionCors(deps.config.extensionOrigins));
  installAuthContext(app, auth);
  installAccessTokenAuth(app, deps.accessTokens);
  // A request without a session or token sends at most what signing in needs (16 KB), checked
  // before any parser reads its body; routes that need a session answered 401 in their onRequest.
  installUnauthenticatedBodyLimit(app, holds);
  installCompanyGate(app);
  installLargeAnswers(app);
  await app.register(
    authRoutes(auth, deps.accounts, { demo: deps.config.demo, secureCookies: deps.config.production }),
  );
  await app.register(imageTranslateRoutes(deps.imageTranslation, deps.storage));
  await app.register(productImageRoutes(deps.productImages, deps.imageTranslation));
  await app.register(productRoutes(deps.products));
  await app.register(categoryRoutes(deps.categories));
  await app.register(coupangRoutes(deps.coupang, deps.requiredDocuments));
  await app.register(settingsRoutes(deps.settings));
  await app.register(accessTokenRoutes(deps.accessTokens));
  await app.register(keywordRoutes(deps.keywords));
  await app.register(userRoutes(deps.users, deps.outbox, { secureCookies: deps.config.production }));
  await app.register(accountRoutes(deps.profile));
  await app.register(notificationRoutes(deps.notifications));
  await app.register(uploadRoutes(deps.products));
  await app.register(aiMonitorRoutes(deps.ai.monitor));
  await app.register(workflowRoutes(deps.workflow, deps.events));
  await app.register(exportRoutes(deps.exports));
  await app.register(dashboardRoutes(deps.dashboard));
  await app.register(salesRoutes(deps.sales));
  await app.register(exchangeRateRoutes(deps.exchangeRate));
  await app.register(taskActionRoutes(deps.taskActions));
  // Tests build one container per app; the server process closes its container itself.
  if (options.closeContainer !== false) app.addHook('onClose', () => deps.close());

  app.get('/api/health', { schema: { response: { 200: HealthResponse } } }, async () => ({
    ok: true as const,
  }));
  await serveOpenApi(app);

  if (existsSync(webDist)) {
    // wildcard: files are looked up per request, so a rebuilt web app is served without a restart.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/', (_request, reply) => reply.type('text/html').sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request) || !existsSync(path.join(webDist, 'index.html'))) {
      return reply.status(404).send({
        code: 'not_found',
        message: localize(request, MESSAGES.unknownApi),
        error: localize(request, MESSAGES.unknownApi),
      });
    }
    // History-mode routing: every page path serves the single-page app.
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}
