import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import {
  CLOSED_BY_SERVER,
  type Company,
  koreanMessage,
  runAttack,
  signUpCompany,
  victimRequest,
} from './abuse-harness.ts';
import { ATTACKS } from './attacks.ts';

// Issue 21: each attack of the table, against the real app on a real PostgreSQL over HTTP, while a
// victim company keeps asking for its list. Asserted: the attacker's answer (allowed status, Korean
// message), the server answering afterwards, nothing half-written. Timings: `npm run bench abuse`.

const { app } = await createTestApp();
let baseUrl = '';
let victim: Company;

beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  victim = await signUpCompany(baseUrl, 'victim@example.com');
  await victim.post('/api/rocketReg/saveItems', [
    { productName: '피해자 상품', options: [{ sourceKey: '흰색' }] },
  ]);
});
afterAll(() => app.close());

describe('abuse: one sign-up cannot stall or crash the shared server', () => {
  it.each(ATTACKS.map((row, i) => [row.name, i] as const))('%s', { timeout: 240_000 }, async (_name, i) => {
    const row = ATTACKS[i]!;
    const attacker = await signUpCompany(baseUrl, `attacker${i}@example.com`);
    const prepared = row.setup ? await row.setup(attacker) : undefined;
    const result = await runAttack({ ...row, setup: async () => prepared }, attacker, victim);

    expect(result.error).toBeUndefined();
    expect(result.answers.length).toBeGreaterThan(0);
    for (const answer of result.answers) {
      expect(row.allowed, JSON.stringify(answer.body).slice(0, 300)).toContain(answer.status);
      if (answer.status !== 200 && answer.status !== CLOSED_BY_SERVER)
        expect(koreanMessage(answer)).toBeDefined();
      if (answer.status === 503) expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    // the server is alive and still answers the victim
    expect(result.victim.failures).toBe(0);
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
    await expect(victimRequest(victim)).resolves.toBeGreaterThan(0);
    // nothing half-written
    if (row.check) expect(await row.check(attacker, prepared, result.answers)).toBeNull();
  });
});
