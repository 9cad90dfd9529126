import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { OpenApiDocumentResponse } from '@rr/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { screensOf } from './route-screens.ts';

/** Where the API is described: the OpenAPI document and its readable page (both public). */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PREFIX = '/api/docs';

/** The one error shape every route answers with on failure (http/error-handler.ts). */
const ERROR_BODY = {
  type: 'object',
  required: ['code', 'message', 'error'],
  properties: {
    code: { type: 'string', description: 'stable error code (e.g. preflight_failed)' },
    message: { type: 'string', description: "the seller-facing text in the request's language" },
    error: { type: 'string', description: 'the same text (the spec’s field name)' },
    issues: {
      type: 'array',
      items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
  },
  additionalProperties: true,
} as const;

/**
 * Each route as the document shows it: its zod schemas as JSON Schema (fastify-type-provider-zod,
 * `z.toJSONSchema`), grouped by the path's first segment, with the session it needs and the error
 * shape. Routes outside /api (files, the web app) and the readable page's own routes are left out.
 */
const describeRoute: SwaggerTransform = (input) => {
  const { url, route } = input;
  if (!url.startsWith('/api/') || url.startsWith(`${API_DOCS_PREFIX}/`) || url === API_DOCS_PREFIX)
    return { schema: { hide: true }, url };
  const described = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const screens = route.config?.screens ?? screensOf(url);
  const byToken = route.config?.accessToken !== undefined;
  const schema = (described.schema ?? {}) as Record<string, unknown>;
  const response = (schema.response ?? {}) as Record<string, unknown>;
  const security: Record<string, string[]>[] = byToken
    ? [{ session: [] }, { accessToken: [] }]
    : [{ session: [] }];
  return {
    url,
    schema: {
      ...schema,
      tags: (schema.tags as string[] | undefined) ?? [url.split('/')[2] ?? 'api'],
      ...(screens === 'public'
        ? { security: [] }
        : {
            security,
            description: [schema.description, `Screens (§6 flags): ${screens?.join(', ')}`]
              .filter(Boolean)
              .join('\n\n'),
          }),
      response: {
        // Every route declares its answers (test/http/openapi.pg.test.ts): the contracts' schemas.
        ...response,
        default: {
          description: 'A failure: 4xx refused (nothing changed), 5xx our fault or an outside service',
          ...ERROR_BODY,
        },
      },
    },
  };
};

/**
 * Registers the generator before the routes (it collects them as they are registered), and serves
 * the document at GET /api/openapi.json and a readable page (Swagger UI, its files from the npm
 * package: nothing is downloaded at run time) at /api/docs. Call `serveOpenApi` after the routes.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '로켓등록 API (Rocket registration)',
        version: '1',
        description:
          'The JSON API of the back-office: every route the server registers under /api. ' +
          'Bodies are JSON unless a route says otherwise; failures answer `{ code, message, error }` ' +
          'with the message in Korean (Accept-Language: en for English).',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'the signed-in session' },
          accessToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'a personal access token (the browser extension, capture route only)',
          },
        },
      },
    },
    transform: describeRoute,
    transformObject: jsonSchemaTransformObject,
  });
}

export async function serveOpenApi(app: FastifyInstance): Promise<void> {
  app.get(
    OPENAPI_PATH,
    {
      config: { screens: 'public' },
      schema: {
        summary: 'This document (OpenAPI 3.1)',
        tags: ['docs'],
        response: { 200: OpenApiDocumentResponse },
      },
    },
    async () => app.swagger(),
  );
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    theme: { title: '로켓등록 API' },
    uiConfig: { docExpansion: 'none', deepLinking: true, tryItOutEnabled: false },
  });
}
