import type { CategorySchema, SchemaNoticeCategory } from '../../entities/category-schema.ts';
import type { Notice } from '../../entities/registration-document.ts';
import { pickNoticeCategory } from '../schema/check-document-against-schema.ts';

/**
 * Q (what sellers learned the hard way): a document carries exactly one notice category of the
 * schema — the one its notices name or hold most items of (pickNoticeCategory), else the schema's first. null when the schema has none.
 */
export function chooseNoticeCategory(
  schema: Pick<CategorySchema, 'noticeCategories'>,
  notices: readonly Notice[] = [],
): SchemaNoticeCategory | null {
  return pickNoticeCategory(schema.noticeCategories, notices) ?? schema.noticeCategories[0] ?? null;
}
