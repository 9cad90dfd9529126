import type {
  CategoryLeaf,
  CategoryMetaRequest,
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
  post<GetCategoryListResponse>('/api/category/getcategorylist', {}, signal);

export const searchCategories = (q: string, withSchemaOnly: boolean, limit: number, signal?: AbortSignal) =>
  post<CategorySearchResponse>('/api/category/search', { q, withSchemaOnly, limit }, signal).then(
    (r): CategoryLeaf[] => r.items,
  );

export type CategorySchemaView = CategorySchemaResponse & { isCompany?: boolean };
export const getCategorySchema = (displayCategoryCode: number, signal?: AbortSignal) =>
  post<CategorySchemaView>('/api/category/schema', { displayCategoryCode }, signal);

export const saveCategoryMeta = (body: CategoryMetaRequest) =>
  post<CategoryMetaResponse>('/api/category/meta', body);

export const getCompanySchemas = (signal?: AbortSignal) =>
  post<CompanySchemasResponse>('/api/category/company-schemas', {}, signal);
