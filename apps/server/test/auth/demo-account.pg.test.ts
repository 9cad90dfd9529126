import { ROUTE_FLAGS } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoAccount } from '../../src/db/seed-demo.ts';
import { createTestApp } from '../support/test-app.ts';

describe('demo account', async () => {
  // Demo mode on, as `npm start` on a fresh clone (with it off the account cannot sign in: test/abuse).
  const { app, db } = await createTestApp({ DEMO: 'true' });

  it('is created once, signs in with the README credentials and holds every route flag of §6', async () => {
    const first = await seedDemoAccount(db);
    const second = await seedDemoAccount(db);
    expect(second).toEqual(first);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const auth = res.json().userinfo.auth as Record<string, boolean>;
    for (const flag of new Set(Object.values(ROUTE_FLAGS).flat())) expect(auth[flag], flag).toBe(true);
    expect(auth.showdeveloper).toBe(true);
  });
});
