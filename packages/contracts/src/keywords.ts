import { z } from 'zod';

// Keywords from Coupang (issue 42; spec: getadkeyword → adkeywords). The seller's browser extension
// reads, on Coupang's own search page, the related keywords the page shows and the autocomplete
// suggestions its search box answers for a seed keyword, and sends them here with the personal access
// token (scope `keywords`). The keyword screen lists them per product; the SEO task uses them.

/** Where a collected keyword was read: the search page's related keywords, or the autocomplete answer. */
export const KEYWORD_SOURCES = ['related', 'autocomplete'] as const;
export const KeywordSource = z.enum(KEYWORD_SOURCES);
export type KeywordSource = z.infer<typeof KeywordSource>;

/** Bounds on what a client sends (a page may show more; the extension keeps the first ones). */
export const KEYWORD_LIMITS = {
  seedLength: 50,
  keywordLength: 100,
  /** Keywords in one collection (related and autocomplete together). */
  perCollection: 100,
  /** The spec's `cnt`: how many keywords of each source to keep. */
  maxCount: 50,
  defaultCount: 20,
} as const;

/** The spec's 30 s ("키워드 수집 시간 초과" after it): the extension's and the screen's wait. */
export const KEYWORD_COLLECT_TIMEOUT_MS = 30_000;

const Keyword = z.string().trim().min(1).max(KEYWORD_LIMITS.keywordLength);

export const CollectedKeywordInput = z.object({
  keyword: Keyword,
  source: KeywordSource,
  /** Its place in what the page showed (1 = first). */
  rank: z.number().int().min(1).max(1000),
  /** A count the page gives for it (search results), null where the page gives none. */
  count: z.number().int().min(0).max(1_000_000_000).nullable(),
});
export type CollectedKeywordInput = z.infer<typeof CollectedKeywordInput>;

/**
 * POST /api/getadkeyword — the spec's request fields (`id`: the product, `data`: the seed keyword,
 * `cnt`, `relKeywordChecked`, `autoCompleteChecked`) and what the page gave (`keywords`).
 */
export const GetAdKeywordRequest = z.object({
  id: z.uuid().nullable().optional(),
  data: Keyword.max(KEYWORD_LIMITS.seedLength),
  cnt: z.number().int().min(1).max(KEYWORD_LIMITS.maxCount).default(KEYWORD_LIMITS.defaultCount),
  relKeywordChecked: z.boolean().default(true),
  autoCompleteChecked: z.boolean().default(true),
  /** The seed's own search result count, when the page shows it. */
  seedCount: z.number().int().min(0).max(1_000_000_000).nullable().optional(),
  keywords: z.array(CollectedKeywordInput).max(KEYWORD_LIMITS.perCollection),
});
export type GetAdKeywordRequest = z.input<typeof GetAdKeywordRequest>;

/** A keyword as stored and listed. */
export const CollectedKeywordView = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  seed: z.string(),
  keyword: z.string(),
  source: KeywordSource,
  rank: z.number(),
  count: z.number().nullable(),
  collectedAt: z.string(),
});
export type CollectedKeywordView = z.infer<typeof CollectedKeywordView>;

/** The answer: the spec's `adkeywords` (the seed and its related keywords) and what was saved. */
export const GetAdKeywordResponse = z.object({
  res: z.literal('success'),
  message: z.string(),
  adkeywords: z.object({
    seed: z.string(),
    seedCount: z.number().nullable(),
    relatedkeywords: z.array(CollectedKeywordView),
  }),
});
export type GetAdKeywordResponse = z.infer<typeof GetAdKeywordResponse>;

/** GET /api/keywords?productId=…&seed=… — a product's collected keywords (a seed's only, with `seed`). */
export const ListKeywordsQuery = z.object({
  productId: z.uuid(),
  seed: Keyword.max(KEYWORD_LIMITS.seedLength).optional(),
});
export type ListKeywordsQuery = z.infer<typeof ListKeywordsQuery>;

export const ListKeywordsResponse = z.object({ items: z.array(CollectedKeywordView) });
export type ListKeywordsResponse = z.infer<typeof ListKeywordsResponse>;

/** DELETE /api/keywords/:id — the seller drops one keyword. */
export const KeywordIdParams = z.object({ id: z.uuid() });
export const DeleteKeywordResponse = z.object({ res: z.literal('success'), message: z.string() });
export type DeleteKeywordResponse = z.infer<typeof DeleteKeywordResponse>;
