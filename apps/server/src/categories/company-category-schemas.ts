import {
  type CategorySchema,
  CategorySchema as CategorySchemaZ,
  convertCoupangCategoryMeta,
  isRecord,
} from '@rr/domain';
import { badRequest } from '../errors/app-error.ts';
import { buildDocumentJsonSchema } from './build-document-json-schema.ts';
import { checkCategoryMetaBudget } from './category-meta-budget.ts';
import type { CategoryRepository } from './category-repository.ts';
import { type CategoryTree, categoryPathOf } from './category-tree.ts';

// A company's own category schemas: Coupang's category-metadata answer for a display category, pasted
// or uploaded by the seller (POST /api/category/meta), converted by the domain and stored per company.
// They take precedence over the shipped schemas of the same code for that company only.

export const CATEGORY_META_MESSAGES = {
  invalidMeta: {
    ko: '쿠팡 카테고리 메타 응답이 아닙니다. attributes / noticeCategories가 있는 JSON을 붙여넣어 주세요.',
    en: 'This is not a Coupang category metadata answer. Paste JSON with attributes / noticeCategories.',
  },
  errorAnswer: {
    ko: '쿠팡이 오류를 답한 응답입니다: {message}',
    en: 'The answer is an error from Coupang: {message}',
  },
  pathRequired: {
    ko: '카테고리 트리에 없는 코드입니다. 카테고리 경로(예: 생활용품>욕실용품>…)를 함께 입력해주세요.',
    en: 'The code is not in the category tree. Enter the category path too (e.g. 생활용품>욕실용품>…).',
  },
} as const;

export type CompanySchemaRow = {
  displayCategoryCode: number;
  categoryPath: string;
  schema: CategorySchema;
  jsonSchema: Record<string, unknown>;
  updatedAt: string;
};

/** Converts and stores a metadata answer for the company (insert or replace). */
export async function saveCompanyCategoryMeta(
  repository: Pick<CategoryRepository, 'upsertCompanySchema'>,
  tree: CategoryTree,
  companyId: string,
  input: { displayCategoryCode: number; categoryPath?: string | undefined; meta: unknown },
): Promise<CompanySchemaRow> {
  const code = input.displayCategoryCode;
  const body = isRecord(input.meta) && 'data' in input.meta ? input.meta.data : input.meta;
  if (
    isRecord(input.meta) &&
    typeof input.meta.code === 'string' &&
    input.meta.code !== 'SUCCESS' &&
    !isRecord(body)
  ) {
    const message = String(input.meta.message ?? input.meta.code);
    throw badRequest(
      {
        ko: CATEGORY_META_MESSAGES.errorAnswer.ko.replace('{message}', message),
        en: CATEGORY_META_MESSAGES.errorAnswer.en.replace('{message}', message),
      },
      'category_meta_error_answer',
    );
  }
  if (
    !isRecord(body) ||
    !(Array.isArray(body.attributes) || Array.isArray(body.noticeCategories)) ||
    ((body.attributes as unknown[] | undefined)?.length ?? 0) +
      ((body.noticeCategories as unknown[] | undefined)?.length ?? 0) ===
      0
  ) {
    throw badRequest(CATEGORY_META_MESSAGES.invalidMeta, 'category_meta_invalid');
  }
  // Bounded before anything is converted or compiled (docs/security.md): the compiled schema grows
  // with these counts. (A large body was already counted in the work pool, http/json-body.ts.)
  checkCategoryMetaBudget(input.meta);
  const categoryPath = input.categoryPath?.trim() || categoryPathOf(tree, code);
  if (!categoryPath) throw badRequest(CATEGORY_META_MESSAGES.pathRequired, 'category_path_required');
  let schema: CategorySchema;
  try {
    schema = convertCoupangCategoryMeta(body, { displayCategoryCode: code, categoryPath });
  } catch (e) {
    throw badRequest(CATEGORY_META_MESSAGES.invalidMeta, 'category_meta_invalid', String(e));
  }
  const jsonSchema = buildDocumentJsonSchema(schema);
  const updatedAt = await repository.upsertCompanySchema(companyId, {
    code,
    categoryPath,
    schema,
    jsonSchema,
    meta: input.meta,
  });
  return {
    displayCategoryCode: code,
    categoryPath,
    schema,
    jsonSchema,
    updatedAt: updatedAt.toISOString(),
  };
}

export async function findCompanyCategorySchema(
  repository: Pick<CategoryRepository, 'findCompanySchema'>,
  companyId: string,
  code: number,
): Promise<CompanySchemaRow | undefined> {
  const row = await repository.findCompanySchema(companyId, code);
  if (!row) return undefined;
  return {
    displayCategoryCode: row.display_category_code,
    categoryPath: row.category_path,
    schema: CategorySchemaZ.parse(row.schema),
    jsonSchema: row.json_schema,
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Codes and paths of the company's own schemas, newest first. */
export async function listCompanyCategorySchemas(
  repository: Pick<CategoryRepository, 'listCompanySchemas'>,
  companyId: string,
): Promise<{ displayCategoryCode: number; categoryPath: string; updatedAt: string }[]> {
  const rows = await repository.listCompanySchemas(companyId);
  return rows.map((r) => ({
    displayCategoryCode: r.display_category_code,
    categoryPath: r.category_path,
    updatedAt: r.updated_at.toISOString(),
  }));
}
