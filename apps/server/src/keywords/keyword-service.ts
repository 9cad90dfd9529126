import type { CollectedKeywordView, GetAdKeywordRequest, KeywordSource } from '@rr/contracts';
import { KEYWORD_LIMITS } from '@rr/contracts';
import { AppError, type Message } from '../errors/app-error.ts';
import type { KeywordRepository, KeywordRow, NewKeyword } from './keyword-repository.ts';

// Keywords from Coupang (issue 42; spec getadkeyword → adkeywords): what the extension read on
// Coupang's search for a seed keyword, kept per product and seed; listed on the keyword screen and
// handed to the SEO task.

export const KEYWORD_MESSAGES = {
  collected: (n: number, seed: string): Message => ({
    ko: `"${seed}"의 키워드 ${n}개를 저장했습니다.`,
    en: `Saved ${n} keywords for "${seed}".`,
  }),
  noneCollected: (seed: string): Message => ({
    ko: `"${seed}"에 대해 쿠팡 검색이 보여준 키워드가 없습니다.`,
    en: `Coupang's search showed no keywords for "${seed}".`,
  }),
  productNotFound: { ko: '상품을 찾을 수 없습니다.', en: 'The product was not found.' },
  keywordNotFound: { ko: '키워드를 찾을 수 없습니다.', en: 'The keyword was not found.' },
  deleted: { ko: '키워드를 삭제했습니다.', en: 'The keyword was deleted.' },
} satisfies Record<string, Message | ((...args: never[]) => Message)>;

/** The request as the route parsed it (defaults applied). */
export type CollectKeywords = {
  id?: string | null | undefined;
  data: string;
  cnt: number;
  relKeywordChecked: boolean;
  autoCompleteChecked: boolean;
  seedCount?: number | null | undefined;
  keywords: GetAdKeywordRequest['keywords'];
};

export type KeywordServiceDeps = {
  /** The keywords' SQL (`createKeywordRepository(db)`), built once by the container. */
  repository: Pick<KeywordRepository, 'replaceCollection' | 'listOfProduct' | 'delete'>;
  /** Whether the company has the product (the ProductStore's read). */
  products: { exists(companyId: string, productId: string): Promise<boolean> };
};

export function keywordView(row: KeywordRow): CollectedKeywordView {
  return {
    id: row.id,
    productId: row.productId,
    seed: row.seed,
    keyword: row.keyword,
    source: row.source,
    rank: row.rank,
    count: row.count,
    collectedAt: row.collectedAt.toISOString(),
  };
}

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * What is kept of a collection: the sources the request ticked (relKeywordChecked,
 * autoCompleteChecked), each keyword once per source (first place wins), the first `cnt` of each
 * source, renumbered 1, 2, … in the order the page showed them.
 */
export function keptKeywords(input: CollectKeywords): NewKeyword[] {
  const wanted: Record<KeywordSource, boolean> = {
    related: input.relKeywordChecked,
    autocomplete: input.autoCompleteChecked,
  };
  const cnt = Math.min(Math.max(1, input.cnt), KEYWORD_LIMITS.maxCount);
  const out: NewKeyword[] = [];
  for (const source of ['related', 'autocomplete'] as const) {
    if (!wanted[source]) continue;
    const seen = new Set<string>();
    const ordered = input.keywords.filter((k) => k.source === source).sort((a, b) => a.rank - b.rank);
    for (const k of ordered) {
      const keyword = normalise(k.keyword);
      if (!keyword || seen.has(keyword)) continue;
      seen.add(keyword);
      out.push({ keyword, source, rank: seen.size, count: k.count });
      if (seen.size >= cnt) break;
    }
  }
  return out;
}

export function createKeywordService(deps: KeywordServiceDeps) {
  const { repository: repo, products } = deps;
  const requireProduct = async (companyId: string, productId: string) => {
    if (!(await products.exists(companyId, productId)))
      throw new AppError('product_not_found', 'not_found', KEYWORD_MESSAGES.productNotFound);
  };
  return {
    /** Saves a collection (replacing the same seed's earlier one for the product) and answers adkeywords. */
    async collect(companyId: string, input: CollectKeywords) {
      const seed = normalise(input.data);
      const productId = input.id ?? null;
      if (productId) await requireProduct(companyId, productId);
      const rows = await repo.replaceCollection(companyId, productId, seed, keptKeywords(input));
      return {
        message: rows.length
          ? KEYWORD_MESSAGES.collected(rows.length, seed)
          : KEYWORD_MESSAGES.noneCollected(seed),
        adkeywords: { seed, seedCount: input.seedCount ?? null, relatedkeywords: rows.map(keywordView) },
      };
    },

    async list(companyId: string, productId: string, seed?: string): Promise<CollectedKeywordView[]> {
      await requireProduct(companyId, productId);
      return (
        await repo.listOfProduct(companyId, productId, seed === undefined ? undefined : normalise(seed))
      ).map(keywordView);
    },

    async remove(companyId: string, id: string): Promise<Message> {
      if (!(await repo.delete(companyId, id)))
        throw new AppError('keyword_not_found', 'not_found', KEYWORD_MESSAGES.keywordNotFound);
      return KEYWORD_MESSAGES.deleted;
    },

    /** The SEO task's read: the product's keywords, related first, by rank (at most 1000). */
    async forProduct(companyId: string, productId: string): Promise<KeywordRow[]> {
      return repo.listOfProduct(companyId, productId);
    },
  };
}

export type KeywordService = ReturnType<typeof createKeywordService>;
