import {
  type CategoryLeaf,
  type CategoryMetaRequest,
  CategoryMetaResponse,
  CategorySchemaResponse,
  CategorySearchResponse,
  CompanySchemasResponse,
  GetCategoryListResponse,
} from '@rr/contracts';
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
export type CategorySchemaView = CategorySchemaResponse;
export async function getCategorySchema(
  displayCategoryCode: number,
  signal?: AbortSignal,
): Promise<CategorySchemaView> {
  return post('/api/category/schema', CategorySchemaResponse, { displayCategoryCode }, signal);
}

export type SavedCategoryMeta = CategoryMetaResponse;
export async function saveCategoryMeta(body: CategoryMetaRequest): Promise<SavedCategoryMeta> {
  return post('/api/category/meta', CategoryMetaResponse, body);
}

export const getCompanySchemas = (signal?: AbortSignal) =>
  post('/api/category/company-schemas', CompanySchemasResponse, {}, signal);
