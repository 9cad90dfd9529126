import { describe, expect, it } from 'vitest';
import { API_SCREENS, screensOf } from '../../src/http/route-screens.ts';
import { createTestApp, signIn, signUp } from '../support/test-app.ts';

describe('§6 flags are enforced by the server', async () => {
  const { app, db } = await createTestApp();

  async function userWith(flags: Record<string, boolean>) {
    const email = `flags${Math.random().toString(36).slice(2)}@example.com`;
    await signUp(app, { email });
    await db
      .updateTable('users')
      .set({ auth: JSON.stringify(flags) })
      .where('email', '=', email)
      .execute();
    const cookie = await signIn(app, email);
    return (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  }

  const ROCKET_REG_CALLS: Array<['GET' | 'POST', string, object?]> = [
    ['POST', '/api/aiRocketReg/update', { _id: '00000000-0000-0000-0000-000000000000' }],
    ['POST', '/api/aiRocketReg/updatePartial', { productId: 'x', updateFields: { seoStatus: 'pending' } }],
    ['POST', '/api/aiRocketReg/validate', { productId: 'x' }],
    ['POST', '/api/rocketReg/saveItems', [{ productName: '몰래' }]],
    ['POST', '/api/rocketReg/updateFeature', { feature: 'seo', product: {} }],
    ['POST', '/api/workflow/runs', { productIds: ['x'] }],
    ['GET', '/api/events'],
    ['POST', '/api/aiPage/getImageTranslateV2', [{ imgUrl: 'https://example.com/a.jpg' }]],
    [
      'POST',
      '/api/rocket-registration/upload-image',
      { imageData: 'data:image/png;base64,AAAA', filename: 'a', type: 'main' },
    ],
    ['POST', '/api/export/preflight', { productIds: [] }],
  ];

  it('answers 403 to every registration-screen call for a user without showRocketReg or showdeveloper, storing nothing', async () => {
    const call = await userWith({ showproduct: true });
    for (const [method, url, body] of ROCKET_REG_CALLS) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'missing_flag',
        message: expect.stringContaining('showRocketReg, showdeveloper'),
      });
    }
    const stored = await db.selectFrom('products').select('id').execute();
    expect(stored).toHaveLength(0);
  });

  it('lets showRocketReg (or showdeveloper) through, and keeps the developer tools for showdeveloper', async () => {
    const seller = await userWith({ showRocketReg: true });
    expect((await seller('POST', '/api/rocketReg/saveItems', [{ productName: '정상' }])).statusCode).toBe(
      200,
    );
    expect((await seller('GET', '/api/ai-monitor/live')).statusCode).toBe(403);
    const developer = await userWith({ showdeveloper: true });
    expect((await developer('POST', '/api/aiRocketReg/getlist', {})).statusCode).toBe(200);
    expect((await developer('GET', '/api/ai-monitor/rate')).statusCode).toBe(200);
  });

  it('gives the screens §6 left open their own flags (issue 42): settings, categories, 1688 import, product lists', async () => {
    const nobody = await userWith({});
    expect((await nobody('GET', '/api/settings')).statusCode).toBe(403);
    expect((await nobody('POST', '/api/category/search', { query: '운동화' })).statusCode).toBe(403);
    expect((await nobody('POST', '/api/import1688/history', {})).statusCode).toBe(403);
    expect((await nobody('POST', '/api/aiRocketReg/getlist', {})).statusCode).toBe(403);
    expect((await nobody('GET', '/api/users')).statusCode).toBe(403);
    expect((await nobody('POST', '/api/rocketReg/saveItems', [{ productName: 'x' }])).statusCode).toBe(403);
    // Their own tokens stay theirs (the account page), and the dashboard is always open.
    expect((await nobody('GET', '/api/tokens')).statusCode).toBe(200);
    expect((await nobody('GET', '/api/dashboard/summary')).statusCode).not.toBe(403);
    const settings = await userWith({ showSettings: true });
    expect((await settings('GET', '/api/settings')).statusCode).toBe(200);
    const registrar = await userWith({ showRocketReg: true });
    expect((await registrar('POST', '/api/category/search', { query: '운동화' })).statusCode).not.toBe(403);
    expect((await registrar('POST', '/api/import1688/history', {})).statusCode).toBe(200);
    const lister = await userWith({ showproduct: true });
    expect((await lister('POST', '/api/aiRocketReg/getlist', {})).statusCode).toBe(200);
  });

  it('every API route declares the screens it serves', () => {
    // Every /api route as registered (printRoutes' tree changes shape once the built web app adds '/').
    const routes = app.apiRoutes.map((r) => r.url);
    expect(routes.length).toBeGreaterThan(30);
    for (const url of routes) expect(screensOf(url), url).toBeDefined();
    expect(screensOf('/api/not-declared')).toBeUndefined();
    expect(API_SCREENS.find(([p]) => p === '/api/workflow/')?.[1]).toEqual(['AIRocketReg']);
  });
});
