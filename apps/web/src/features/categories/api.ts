import {
  type CategoryLeaf,
  type CategoryMetaRequest,
  CategoryMetaResponse,
  CategorySchemaResponse,
  CategorySearchResponse,
  CompanySchemasResponse,
  GetCategoryListResponse,
} from '@rr/contracts';
import { CategorySchema } from '@rr/domain';
import { post } from '../../shared/products/http';

// The category screens' calls: the display category tree, leaf search, a category's schema, and
// Coupang metadata answers added by the seller (issue 15).

export const getCategoryTree = (signal?: AbortSignal) =>
  post('/api/category/getcategorylist', GetCategoryListResponse, {}, signal);

export const searchCategories = (q: string, withSchemaOnly: boolean, limit: number, signal?: AbortSignal) =>
  post('/api/category/search', CategorySearchResponse, { q, withSchemaOnly, limit }, signal).then(
    (r): CategoryLeaf[] => r.items,
  );

/** A category's schema answer, the schema read as the domain's `CategorySchema`. */
export type CategorySchemaView = Omit<CategorySchemaResponse, 'schema'> & { schema: CategorySchema };
export async function getCategorySchema(
  displayCategoryCode: number,
  signal?: AbortSignal,
): Promise<CategorySchemaView> {
  const r = await post('/api/category/schema', CategorySchemaResponse, { displayCategoryCode }, signal);
  return { ...r, schema: CategorySchema.parse(r.schema) };
}

export type SavedCategoryMeta = Omit<CategoryMetaResponse, 'schema'> & { schema: CategorySchema };
export async function saveCategoryMeta(body: CategoryMetaRequest): Promise<SavedCategoryMeta> {
  const r = await post('/api/category/meta', CategoryMetaResponse, body);
  return { ...r, schema: CategorySchema.parse(r.schema) };
}

export const getCompanySchemas = (signal?: AbortSignal) =>
  post('/api/category/company-schemas', CompanySchemasResponse, {}, signal);
