import { createHash } from 'node:crypto';
import { CAPTURES_PER_TOKEN_PER_MINUTE, MAX_ACCESS_TOKENS } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import type { AccessTokenRow, TokenOwner } from '../../src/access-tokens/access-token-repository.ts';
import {
  type AccessTokenServiceDeps,
  createAccessTokenService,
} from '../../src/access-tokens/access-token-service.ts';
import { DEMO_EMAIL } from '../../src/db/seed-demo.ts';
import { AppError } from '../../src/errors/app-error.ts';

// The access-token service on a fake repository (no database): the limit, revoke, the Bearer check.
// The repository's SQL (the locked count under concurrent creations, the company join) is tested on
// PostgreSQL in access-tokens.pg.test.ts.

type Stored = AccessTokenRow & { userId: string; companyId: string; tokenHash: string };

function fakeRepository(owners: Record<string, Omit<TokenOwner, 'tokenId' | 'scope'>> = {}) {
  const rows: Stored[] = [];
  const touched: string[] = [];
  let next = 0;
  const repository: AccessTokenServiceDeps['repository'] = {
    async insertUnderLimit(row, max) {
      if (rows.filter((r) => r.userId === row.userId).length >= max) return undefined;
      const stored: Stored = {
        ...row,
        id: `t${++next}`,
        scope: 'capture keywords', // the column's default since migration 0075
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, next)),
        lastUsedAt: null,
      };
      rows.push(stored);
      return {
        id: stored.id,
        name: stored.name,
        scope: stored.scope,
        createdAt: stored.createdAt,
        lastUsedAt: null,
      };
    },
    async listOf(userId) {
      return rows
        .filter((r) => r.userId === userId)
        .map(({ id, name, scope, createdAt, lastUsedAt }) => ({ id, name, scope, createdAt, lastUsedAt }));
    },
    async delete(userId, id) {
      const i = rows.findIndex((r) => r.userId === userId && r.id === id);
      if (i < 0) return false;
      rows.splice(i, 1);
      return true;
    },
    async findOwner(tokenHash) {
      const row = rows.find((r) => r.tokenHash === tokenHash);
      const owner = row && owners[row.userId];
      return row && owner ? { ...owner, tokenId: row.id, scope: row.scope } : undefined;
    },
    async touch(tokenId) {
      touched.push(tokenId);
    },
  };
  return { repository, rows, touched };
}

const owner = { userId: 'u1', companyId: 'c1' };
const facts = (email: string) => ({
  userId: 'u1',
  companyId: 'c1',
  supplierCode: 'S1',
  email,
  auth: {},
  addAccount: false,
});

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('access-token service (fake repository, no database)', () => {
  it('makes a token shown once and stores only its SHA-256, trimming the name', async () => {
    const fake = fakeRepository();
    const made = await createAccessTokenService({ repository: fake.repository }).create(owner, '  크롬  ');
    expect(made.token).toMatch(/^rrt_[A-Za-z0-9_-]{43}$/);
    expect(fake.rows[0]?.tokenHash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(made.item).toEqual({
      id: made.id,
      name: '크롬',
      scope: 'capture',
      scopes: ['capture', 'keywords'],
      createdAt: '2025-01-01T00:00:01.000Z',
      lastUsedAt: null,
    });
    expect(made.message.ko).toBe('토큰 "크롬"을(를) 만들었습니다. 지금만 보이니 복사해 두세요.');
  });

  it(`refuses the token after ${MAX_ACCESS_TOKENS} with what to do, per user`, async () => {
    const fake = fakeRepository();
    const service = createAccessTokenService({ repository: fake.repository });
    for (let i = 0; i < MAX_ACCESS_TOKENS; i++) await service.create(owner, `t${i}`);
    const err = await refusal(service.create(owner, 'one more'));
    expect(err.code).toBe('too_many_tokens');
    expect(err.kind).toBe('conflict');
    expect(err.userMessage.ko).toBe(
      `토큰은 한 사람당 ${MAX_ACCESS_TOKENS}개까지 만들 수 있습니다. 쓰지 않는 토큰을 폐기한 뒤 다시 만들어주세요.`,
    );
    expect(await service.list('u1')).toHaveLength(MAX_ACCESS_TOKENS);
    // another user of the company still may
    await service.create({ userId: 'u2', companyId: 'c1' }, 'mine');
    expect(await service.list('u2')).toHaveLength(1);
  });

  it('revokes its user’s token once; a missing or foreign one is not found', async () => {
    const fake = fakeRepository();
    const service = createAccessTokenService({ repository: fake.repository });
    const made = await service.create(owner, 'a');
    expect((await refusal(service.revoke('u2', made.id))).code).toBe('token_not_found');
    await service.revoke('u1', made.id);
    expect(await service.list('u1')).toEqual([]);
    const again = await refusal(service.revoke('u1', made.id));
    expect(again.code).toBe('token_not_found');
    expect(again.kind).toBe('not_found');
  });

  it('authenticates a live token and records the use; a revoked, malformed or foreign-scope one is refused', async () => {
    const fake = fakeRepository({ u1: facts('a@example.com') });
    const service = createAccessTokenService({ repository: fake.repository });
    const made = await service.create(owner, 'a');
    const who = await service.authenticate(made.token, 'capture');
    expect(who).toMatchObject({ userId: 'u1', companyId: 'c1', email: 'a@example.com', tokenId: made.id });
    expect(fake.touched).toEqual([made.id]);

    expect((await refusal(service.authenticate('not-a-token', 'capture'))).kind).toBe('unauthorized');
    expect((await refusal(service.authenticate(`${made.token}${'x'.repeat(60)}`, 'capture'))).code).toBe(
      'invalid_access_token',
    );
    const row = fake.rows[0];
    if (row) row.scope = 'capture';
    // A token made before issue 42 (capture only) may not send keywords, and says what to do.
    const old = await refusal(service.authenticate(made.token, 'keywords'));
    expect(old.code).toBe('token_scope');
    expect(old.userMessage.ko).toContain('새 토큰을 만들어');
    if (row) row.scope = 'admin';
    expect((await refusal(service.authenticate(made.token, 'capture'))).code).toBe('token_scope');
    await service.revoke('u1', made.id);
    expect((await refusal(service.authenticate(made.token, 'capture'))).code).toBe('invalid_access_token');
    expect(fake.touched).toEqual([made.id]);
  });

  it("refuses the demo account's token with demo mode off, accepts it with demo mode on", async () => {
    const fake = fakeRepository({ u1: facts(` ${DEMO_EMAIL.toUpperCase()} `) });
    const made = await createAccessTokenService({ repository: fake.repository }).create(owner, 'demo');
    const off = createAccessTokenService({ repository: fake.repository, demo: false });
    expect((await refusal(off.authenticate(made.token, 'capture'))).code).toBe('invalid_access_token');
    const on = createAccessTokenService({ repository: fake.repository, demo: true });
    expect((await on.authenticate(made.token, 'capture')).userId).toBe('u1');
  });

  it(`lets a token make ${CAPTURES_PER_TOKEN_PER_MINUTE} requests a minute, then refuses`, async () => {
    const fake = fakeRepository({ u1: facts('a@example.com') });
    const hits = new Map<string, number>();
    const counters = {
      async hit(key: string) {
        hits.set(key, (hits.get(key) ?? 0) + 1);
        return { hits: hits.get(key) ?? 0, msLeft: 60_000 };
      },
    };
    const service = createAccessTokenService({ repository: fake.repository, counters });
    const made = await service.create(owner, 'a');
    for (let i = 0; i < CAPTURES_PER_TOKEN_PER_MINUTE; i++) await service.authenticate(made.token, 'capture');
    const err = await refusal(service.authenticate(made.token, 'capture'));
    expect(err.code).toBe('too_many_captures');
    expect(err.kind).toBe('too_many');
    expect([...hits.keys()]).toEqual([`access-token:${made.id}`]);
  });
});
