import { randomBytes } from 'node:crypto';
import {
  ACCESS_TOKEN_PREFIX,
  type AccessTokenView,
  CAPTURES_PER_TOKEN_PER_MINUTE,
  MAX_ACCESS_TOKENS,
} from '@rr/contracts';
import { hashToken } from '../auth/tokens.ts';
import { DEMO_EMAIL } from '../db/seed-demo.ts';
import { AppError } from '../errors/app-error.ts';
import type { CounterStore } from '../limits/counter-store.ts';
import { ACCESS_TOKEN_MESSAGES as M } from './access-token-messages.ts';
import type { AccessTokenRepository, AccessTokenRow, TokenOwner } from './access-token-repository.ts';

export type AccessTokenServiceDeps = {
  /** The tokens' SQL (`createAccessTokenRepository(db)`), built once by the container. */
  repository: Pick<AccessTokenRepository, 'insertUnderLimit' | 'listOf' | 'delete' | 'findOwner' | 'touch'>;
  /** Counts each token's requests per minute; without it a token is not rate-limited. */
  counters?: Pick<CounterStore, 'hit'>;
  /** false: the demo account's tokens are refused (demo mode off). */
  demo?: boolean;
};

/**
 * The scopes a token may have; `capture` = send 1688 offers to the import, `keywords` = send the
 * keywords collected on Coupang's search (issue 42). The column holds them space-separated; a token
 * made before issue 42 holds `capture` only.
 */
export type AccessTokenScopeName = 'capture' | 'keywords';

export function scopesOf(stored: string): AccessTokenScopeName[] {
  const names = stored.split(/\s+/);
  return (['capture', 'keywords'] as const).filter((s) => names.includes(s));
}

function view(row: AccessTokenRow): AccessTokenView {
  return {
    id: row.id,
    name: row.name,
    scope: 'capture',
    scopes: scopesOf(row.scope),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}

/** A fresh token: the prefix and 256 random bits; only its SHA-256 is stored. */
function newAccessToken(): { token: string; hash: string } {
  const token = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token) };
}

/**
 * Personal access tokens: made, listed and revoked by their user; checked on every Bearer request.
 * With `counters`, each token's requests are counted per minute (issue 38: a page script that got
 * hold of the extension could otherwise import without end). The repository is built by the
 * container (tests hand a fake); the service holds no database.
 */
export function createAccessTokenService(deps: AccessTokenServiceDeps) {
  const { repository: repo, counters } = deps;
  /** The demo account's tokens act only in demo mode, as its sign-in and sessions (issue 39). */
  const refused = (email: string) => deps.demo === false && email.trim().toLowerCase() === DEMO_EMAIL;
  return {
    async create(owner: { userId: string; companyId: string }, name: string) {
      const { token, hash } = newAccessToken();
      const row = await repo.insertUnderLimit(
        { ...owner, name: name.trim(), tokenHash: hash },
        MAX_ACCESS_TOKENS,
      );
      if (!row) throw new AppError('too_many_tokens', 'conflict', M.tooMany(MAX_ACCESS_TOKENS));
      return { id: row.id, token, item: view(row), message: M.created(row.name) };
    },

    async list(userId: string): Promise<AccessTokenView[]> {
      return (await repo.listOf(userId)).map(view);
    },

    async revoke(userId: string, id: string): Promise<void> {
      if (!(await repo.delete(userId, id))) throw new AppError('token_not_found', 'not_found', M.notFound);
    },

    /**
     * The owner of a presented token, if it exists and has the scope; records the use. A missing,
     * revoked or malformed token answers 401 with what to do.
     */
    async authenticate(token: string, scope: AccessTokenScopeName): Promise<TokenOwner> {
      const owner =
        token.startsWith(ACCESS_TOKEN_PREFIX) && token.length <= 100
          ? await repo.findOwner(hashToken(token))
          : undefined;
      if (!owner || refused(owner.email))
        throw new AppError('invalid_access_token', 'unauthorized', M.invalid);
      if (!scopesOf(owner.scope).includes(scope))
        throw new AppError('token_scope', 'forbidden', scope === 'keywords' ? M.noKeywordScope : M.scope);
      if (counters) {
        const { hits } = await counters.hit(`access-token:${owner.tokenId}`, 60_000);
        if (hits > CAPTURES_PER_TOKEN_PER_MINUTE) {
          throw new AppError(
            'too_many_captures',
            'too_many',
            M.tooManyCaptures(CAPTURES_PER_TOKEN_PER_MINUTE),
          );
        }
      }
      await repo.touch(owner.tokenId);
      return owner;
    },
  };
}

export type AccessTokenService = ReturnType<typeof createAccessTokenService>;
