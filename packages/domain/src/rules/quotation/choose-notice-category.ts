import type { CategorySchema, SchemaNoticeCategory } from '../../entities/category-schema.ts';
import type { Notice } from '../../entities/registration-document.ts';

/**
 * Q (what sellers learned the hard way): a document carries exactly one notice category of the
 * schema — the one its notices already name (set when the document was created), else the schema's
 * first. null when the schema has none.
 */
export function chooseNoticeCategory(
  schema: Pick<CategorySchema, 'noticeCategories'>,
  notices: readonly Notice[] = [],
): SchemaNoticeCategory | null {
  const named = notices.map((n) => n.noticeCategoryName).find((n) => typeof n === 'string' && n !== '');
  return (
    schema.noticeCategories.find((c) => c.name === named) ??
    // a document whose notices name no category: the category holding most of its item names
    [...schema.noticeCategories].sort((a, b) => overlap(b, notices) - overlap(a, notices))[0] ??
    null
  );
}

function overlap(category: SchemaNoticeCategory, notices: readonly Notice[]): number {
  const names = new Set(category.items.map((i) => i.name));
  return notices.filter((n) => names.has(n.noticeItemName ?? n.noticeCategoryDetailName ?? '')).length;
}
