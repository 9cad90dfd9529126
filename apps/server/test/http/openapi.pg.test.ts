import {
  ExportRequest,
  ManualSeoRequest,
  ProductPreflight,
  StartRunResponse,
  XLSX_TYPE,
} from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../support/test-app.ts';

type Operation = {
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options'];
/** The readable page's own routes (HTML, its script and style files, its copy of the document). */
const isDocsPage = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
/** Fastify's `/runs/:id` is OpenAPI's `/runs/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document (GET /api/openapi.json)', async () => {
  const { app } = await createTestApp();
  const res = await app.inject({ url: '/api/openapi.json' });
  const doc = res.json() as OpenApiDocument;
  const operation = (path: string, method: string): Operation => {
    const op = doc.paths[path]?.[method];
    if (!op) throw new Error(`${method.toUpperCase()} ${path} is not described`);
    return op;
  };

  it('is served to anyone as OpenAPI 3.1, without a session', () => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.openapi).toBe('3.1.0');
  });

  it('describes every /api route Fastify registered, and no route that is not registered', () => {
    const registered = app.apiRoutes
      .filter((r) => !isDocsPage(r.url))
      .map((r) => `${r.method} ${openApiPath(r.url)}`)
      .sort();
    const described = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((m) => METHODS.includes(m))
          .map((m) => `${m.toUpperCase()} ${path}`),
      )
      .sort();
    expect(registered.length).toBeGreaterThan(50);
    expect(registered).toContain('POST /api/export/preflight');
    expect(registered).toContain('GET /api/workflow/runs/{id}');
    expect(described).toEqual(registered);
  });

  it('describes the answer of every /api route: a schema for each success, not a bare "200 Success"', () => {
    const undescribed: string[] = [];
    for (const route of app.apiRoutes.filter((r) => !isDocsPage(r.url))) {
      const op = operation(openApiPath(route.url), route.method.toLowerCase());
      const successes = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status));
      const schemaless = successes.filter(([, answer]) => {
        const schemas = Object.values(answer.content ?? {}).map((c) => c.schema);
        return schemas.length === 0 || schemas.some((schema) => Object.keys(schema ?? {}).length === 0);
      });
      if (successes.length === 0 || schemaless.length > 0) undescribed.push(`${route.method} ${route.url}`);
    }
    expect(undescribed).toEqual([]);
  });

  it("gives a route's answer the JSON Schema of the contract the web parses it with", () => {
    const answer = (path: string, method: string, type = 'application/json') =>
      operation(path, method).responses['200']?.content?.[type]?.schema;
    const fromContract = (schema: z.ZodType) => {
      const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12' });
      return json;
    };
    expect(answer('/api/workflow/runs', 'post')).toEqual(fromContract(StartRunResponse));
    expect(answer('/api/export/preflight', 'post')).toMatchObject({
      required: ['products'],
      properties: {
        products: {
          type: 'array',
          items: { required: Object.keys(ProductPreflight.shape), additionalProperties: false },
        },
      },
    });
    expect(answer('/api/auth/login', 'post')).toMatchObject({
      required: ['res', 'userinfo'],
      properties: { res: { enum: ['success'] } },
    });
    // Whole product documents are loose (fields the server does not know are answered as stored).
    expect(answer('/api/rocketReg/regproduct', 'post')).toMatchObject({
      properties: { product: { additionalProperties: {}, required: expect.arrayContaining(['_id']) } },
    });
    // Files and the event stream are described by their media types.
    expect(answer('/api/export/xlsx', 'post', XLSX_TYPE)).toMatchObject({ type: 'string', format: 'binary' });
    expect(answer('/api/events', 'get', 'text/event-stream')).toMatchObject({ type: 'string' });
  });

  it("gives a route's body the JSON Schema of the contract the route validates with", () => {
    const body = (path: string) => operation(path, 'post').requestBody?.content['application/json']?.schema;
    const fromContract = (schema: z.ZodType) => {
      const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' });
      return json;
    };
    expect(body('/api/export/preflight')).toEqual(fromContract(ExportRequest));
    expect(body('/api/workflow/manual-seo')).toEqual(fromContract(ManualSeoRequest));
    expect(body('/api/export/preflight')).toMatchObject({
      required: ['productIds'],
      properties: { productIds: { type: 'array', minItems: 1, maxItems: 2000 } },
    });
  });

  it('says which routes need the session, which the extension may call with a token, and the error shape', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['accessToken', 'session']);
    expect(operation('/api/auth/login', 'post').security).toEqual([]);
    expect(operation('/api/export/preflight', 'post').security).toEqual([{ session: [] }]);
    expect(operation('/api/import1688', 'post').security).toEqual([{ session: [] }, { accessToken: [] }]);
    expect(operation('/api/export/preflight', 'post').tags).toEqual(['export']);
    const failure = operation('/api/export/preflight', 'post').responses.default;
    expect(failure?.content?.['application/json']?.schema).toMatchObject({
      required: ['code', 'message', 'error'],
    });
  });

  it('has a readable page at /api/docs whose files are all served by this server', async () => {
    const page = await app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>로켓등록 API</title>');
    const refs = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(2);
    for (const ref of refs) {
      expect(ref).toMatch(/^\.\//);
      const file = await app.inject({ url: new URL(ref, 'http://x/api/docs/').pathname });
      expect([ref, file.statusCode]).toEqual([ref, 200]);
    }
    const copy = await app.inject({ url: '/api/docs/json' });
    expect(copy.json()).toEqual(doc);
  });
});
