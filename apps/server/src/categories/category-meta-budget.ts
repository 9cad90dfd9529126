import { findCategoryMetaExcess, isRecord } from '@rr/domain';
import { AppError } from '../errors/app-error.ts';

// The size budget of a pasted Coupang category-metadata answer (POST /api/category/meta), apart from
// the store so that the work pool can load it alone (limits/work-tasks.ts).

/**
 * Refuses (413 `category_meta_too_large`) an answer — `{code, message, data}` or just `data` — whose
 * counts pass CATEGORY_META_LIMITS. Pure: the work pool runs it on a large body it has parsed, so an
 * oversized answer is refused there and never handed back to the request loop (issue 21).
 */
export function checkCategoryMetaBudget(meta: unknown): void {
  const body = isRecord(meta) && 'data' in meta ? meta.data : meta;
  const excess = findCategoryMetaExcess(body);
  if (excess) {
    throw new AppError('category_meta_too_large', 'too_large', {
      ko: `카테고리 메타가 너무 큽니다: ${excess.part} ${excess.count}개 (최대 ${excess.max}개).`,
      en: `The category metadata is too large: ${excess.count} ${excess.part} (at most ${excess.max}).`,
    });
  }
}
