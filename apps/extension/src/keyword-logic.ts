import type { GetAdKeywordRequest } from '@rr/contracts';

// Keywords from Coupang (issue 42; the spec's getadkeyword): what the extension reads on Coupang's
// search page and sends to the seller's server. Pure (no DOM globals, no chrome.*): the content script
// hands in the page's parts; tested in keyword-logic.test.ts against the shapes public captures show
// (docs/decisions.md, "Coupang's related keywords and autocomplete answer").

/** The marker after `#` on a search page the keyword screen opened (apps/web keyword-state.ts). */
export const COLLECT_MARKER = 'rr-keywords';
/** The spec's 30 s: after it the page says 키워드 수집 시간 초과 and nothing more is sent. */
export const COLLECT_TIMEOUT_MS = 30_000;
/** How long the related keywords may take to appear (the block renders after the results). */
export const RELATED_WAIT_MS = 8_000;
export const MAX_PER_SOURCE = 50;
export const SEED_MAX = 50;
export const KEYWORD_MAX = 100;

/** What the page's URL asks for: the seed (Coupang's own `q`) and the getadkeyword fields after `#`. */
export type CollectRequest = {
  seed: string;
  productId: string | null;
  cnt: number;
  relKeywordChecked: boolean;
  autoCompleteChecked: boolean;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The collection this search page was opened for, or null (a search the seller made themselves). */
export function readCollectRequest(href: string): CollectRequest | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  const hash = url.hash.replace(/^#/, '');
  if (hash !== COLLECT_MARKER && !hash.startsWith(`${COLLECT_MARKER}&`)) return null;
  const fields = new URLSearchParams(hash.slice(COLLECT_MARKER.length + 1));
  const seed = (url.searchParams.get('q') ?? '').trim().replace(/\s+/g, ' ');
  if (seed === '' || seed.length > SEED_MAX) return null;
  const id = fields.get('id') ?? '';
  const cnt = Number(fields.get('cnt') ?? '20');
  return {
    seed,
    productId: UUID.test(id) ? id : null,
    cnt: Number.isInteger(cnt) && cnt >= 1 ? Math.min(cnt, MAX_PER_SOURCE) : 20,
    relKeywordChecked: fields.get('rel') !== '0',
    autoCompleteChecked: fields.get('ac') !== '0',
  };
}

/**
 * Where the search page shows its related keywords ("연관검색어"): the 2024– page renders a block whose
 * class starts with `srp_relatedKeywords` (a build hash follows, e.g. `srp_relatedKeywords__DJiuk`);
 * the older page a `dl.search-related-keyword` with one `dd` per keyword.
 */
export const RELATED_SELECTORS = [
  '[class^="srp_relatedKeywords"] a',
  '[class*=" srp_relatedKeywords"] a',
  'dl.search-related-keyword dd a',
  'dl.search-related-keyword dd',
];

/** A link's keyword: its `title` when it has one, else its text; spaces folded. */
export function keywordText(title: string | null, text: string | null): string {
  return ((title ?? '').trim() || (text ?? '')).trim().replace(/\s+/g, ' ');
}

/** The related keywords as read (in page order), each once, blank and over-long ones left out. */
export function cleanKeywords(texts: readonly string[], limit = MAX_PER_SOURCE): string[] {
  const out: string[] = [];
  for (const t of texts) {
    const k = t.trim().replace(/\s+/g, ' ');
    if (k === '' || k.length > KEYWORD_MAX || out.includes(k)) continue;
    out.push(k);
    if (out.length >= limit) break;
  }
  return out;
}

/** The autocomplete request, on the search page's own origin (the page's cookies go with it). */
export function autocompletePath(seed: string): string {
  return `/np/search/autoComplete?${new URLSearchParams({ callback: '', keyword: seed }).toString()}`;
}

const COUNT_FIELDS = ['count', 'searchCount', 'productCount'] as const;

/**
 * The autocomplete answer: JSON, or JSONP (`callback([...])` / `jQuery…({...})`), holding either a
 * list or an object with the list under `autoCompletes`, `suggests`, `keywords` or `data`; an entry
 * is a string or `{ keyword, … }`. A count is read where an entry has one (`count`, `searchCount`,
 * `productCount`); none of the captures we found has it, so it is usually null.
 */
export function parseAutocomplete(text: string): { keyword: string; count: number | null }[] {
  const body = text.trim();
  const json = /^[\w$.]*\(([\s\S]*)\)\s*;?$/.exec(body)?.[1] ?? body;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [];
  }
  const list = Array.isArray(value) ? value : listIn(value);
  const out: { keyword: string; count: number | null }[] = [];
  for (const entry of list) {
    const keyword =
      typeof entry === 'string'
        ? entry
        : isObject(entry) && typeof entry.keyword === 'string'
          ? entry.keyword
          : '';
    const k = keyword.trim().replace(/\s+/g, ' ');
    if (k === '' || k.length > KEYWORD_MAX || out.some((o) => o.keyword === k)) continue;
    out.push({ keyword: k, count: isObject(entry) ? countOf(entry) : null });
    if (out.length >= MAX_PER_SOURCE) break;
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function listIn(value: unknown): unknown[] {
  if (!isObject(value)) return [];
  for (const key of ['autoCompletes', 'suggests', 'keywords', 'data']) {
    const v = value[key];
    if (Array.isArray(v)) return v;
  }
  return [];
}

function countOf(entry: Record<string, unknown>): number | null {
  for (const f of COUNT_FIELDS) {
    const v = entry[f];
    const n = typeof v === 'string' ? Number(v.replace(/,/g, '')) : v;
    if (typeof n === 'number' && Number.isInteger(n) && n >= 0) return n;
  }
  return null;
}

/** The seed's result count where the page states it (`"searchCount":1234` in its data), else null. */
export function readSeedCount(html: string): number | null {
  const m = /\\?"searchCount\\?"\s*:\s*\\?"?(\d{1,10})/.exec(html);
  return m ? Number(m[1]) : null;
}

/** POST /api/getadkeyword's body: the request's fields and what the page gave, ranked in page order. */
export function keywordBody(
  request: CollectRequest,
  related: readonly string[],
  autocomplete: readonly { keyword: string; count: number | null }[],
  seedCount: number | null,
): GetAdKeywordRequest {
  return {
    id: request.productId,
    data: request.seed,
    cnt: request.cnt,
    relKeywordChecked: request.relKeywordChecked,
    autoCompleteChecked: request.autoCompleteChecked,
    seedCount,
    keywords: [
      ...(request.relKeywordChecked ? related : [])
        .slice(0, request.cnt)
        .map((keyword, i) => ({ keyword, source: 'related' as const, rank: i + 1, count: null })),
      ...(request.autoCompleteChecked ? autocomplete : []).slice(0, request.cnt).map((k, i) => ({
        keyword: k.keyword,
        source: 'autocomplete' as const,
        rank: i + 1,
        count: k.count,
      })),
    ],
  };
}

/** What the page shows after the server answered: its own message, or why it failed. */
export function keywordAnswerText(
  status: number | null,
  body: unknown,
  fallback: string,
): { ok: boolean; text: string } {
  const message =
    isObject(body) && typeof body.message === 'string' && body.message.trim() ? body.message : null;
  if (status === 200 && message) return { ok: true, text: message };
  return { ok: false, text: message ?? fallback };
}
