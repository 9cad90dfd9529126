import type {
  CategoryLeaf,
  CategoryMetaRequest,
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
  post<GetCategoryListResponse>('/api/category/getcategorylist', {}, signal);

export const searchCategories = (q: string, withSchemaOnly: boolean, limit: number, signal?: AbortSignal) =>
  post<CategorySearchResponse>('/api/category/search', { q, withSchemaOnly, limit }, signal).then(
    (r): CategoryLeaf[] => r.items,
  );

/** A category's schema answer, the schema read as the domain's `CategorySchema`. */
export type CategorySchemaView = Omit<CategorySchemaResponse, 'schema'> & {
  schema: CategorySchema;
  isCompany?: boolean;
};
export async function getCategorySchema(
  displayCategoryCode: number,
  signal?: AbortSignal,
): Promise<CategorySchemaView> {
  const r = await post<CategorySchemaResponse & { isCompany?: boolean }>(
    '/api/category/schema',
    { displayCategoryCode },
    signal,
  );
  return { ...r, schema: CategorySchema.parse(r.schema) };
}

export type SavedCategoryMeta = Omit<CategoryMetaResponse, 'schema'> & { schema: CategorySchema };
export async function saveCategoryMeta(body: CategoryMetaRequest): Promise<SavedCategoryMeta> {
  const r = await post<CategoryMetaResponse>('/api/category/meta', body);
  return { ...r, schema: CategorySchema.parse(r.schema) };
}

export const getCompanySchemas = (signal?: AbortSignal) =>
  post<CompanySchemasResponse>('/api/category/company-schemas', {}, signal);
