import { z } from 'zod';

// Personal access tokens (issue 24): the browser extension sends offers with one of these instead of
// the session cookie. A token is scoped to capture/import: every other route refuses it.

/**
 * The id of the extension this repository ships (apps/extension): Chromium derives it from the
 * manifest's public `key`, so an unpacked copy has it wherever it is loaded from. The server allows
 * this origin by default (EXTENSION_ORIGINS replaces it, e.g. for a store-published copy).
 */
export const EXTENSION_ID = 'hjopgmafhgfomfoajmomgagfdfpjpgac';

/** The prefix every token starts with, so a pasted token is recognisable. */
export const ACCESS_TOKEN_PREFIX = 'rrt_';
/** At most this many tokens per user. */
export const MAX_ACCESS_TOKENS = 20;

/** POST /api/tokens */
export const CreateAccessTokenRequest = z.object({
  /** What the seller calls it, e.g. `내 노트북 크롬`. */
  name: z.string().trim().min(1).max(60),
});
export type CreateAccessTokenRequest = z.input<typeof CreateAccessTokenRequest>;

/** `capture`: send 1688 offers; `keywords`: send keywords collected on Coupang's search (issue 42). */
export const AccessTokenScope = z.enum(['capture', 'keywords']);
export type AccessTokenScope = z.infer<typeof AccessTokenScope>;

/** A token as listed: never its value. */
export const AccessTokenView = z.object({
  id: z.string(),
  name: z.string(),
  scope: AccessTokenScope,
  /** Everything the token may do (a token made since issue 42: capture and keywords). */
  scopes: z.array(AccessTokenScope),
  createdAt: z.string(),
  /** null until the extension first used it. */
  lastUsedAt: z.string().nullable(),
});
export type AccessTokenView = z.infer<typeof AccessTokenView>;

/** The answer to POST /api/tokens: the token's value, shown this once only. */
export const CreateAccessTokenResponse = z.object({
  id: z.string(),
  token: z.string(),
  item: AccessTokenView,
  message: z.string(),
});
export type CreateAccessTokenResponse = z.infer<typeof CreateAccessTokenResponse>;

/** GET /api/tokens: the signed-in user's tokens, newest first. */
export const ListAccessTokensResponse = z.object({ items: z.array(AccessTokenView) });
export type ListAccessTokensResponse = z.infer<typeof ListAccessTokensResponse>;

export const AccessTokenIdParams = z.object({ id: z.uuid() });

/** DELETE /api/tokens/:id */
export const DeleteAccessTokenResponse = z.object({ res: z.literal('success'), message: z.string() });
export type DeleteAccessTokenResponse = z.infer<typeof DeleteAccessTokenResponse>;

/**
 * GET /api/import1688/check — the extension's connection test (options page, before a batch): answers
 * 200 with the token user's e-mail when the token may capture; 401 when it is wrong or revoked.
 */
export const CaptureCheckResponse = z.object({ res: z.literal('success'), email: z.string() });
export type CaptureCheckResponse = z.infer<typeof CaptureCheckResponse>;

/** Captures (token requests) one access token may make per minute; past it the server answers 429. */
export const CAPTURES_PER_TOKEN_PER_MINUTE = 60;
