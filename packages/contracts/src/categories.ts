import { CategorySchema } from '@rr/domain';
import { z } from 'zod';

// Coupang display categories and our category schemas.

/** A node of Coupang's display category tree, in Coupang's own shape. */
export type CategoryNode = {
  displayItemCategoryCode: number;
  name: string;
  status: string;
  child: CategoryNode[];
};
export const CategoryNode: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    displayItemCategoryCode: z.number().int(),
    name: z.string(),
    status: z.string(),
    child: z.array(CategoryNode),
  }),
);

/** POST /api/category/getcategorylist — cached per company; `force` rebuilds the cache. */
export const GetCategoryListRequest = z
  .object({ companyid: z.string().optional(), force: z.boolean().default(false) })
  .default({ force: false });
export type GetCategoryListRequest = z.input<typeof GetCategoryListRequest>;
export const GetCategoryListResponse = z.object({
  /** When the cached list was built (ISO). */
  date: z.string(),
  /** The tree's roots. */
  category: z.array(CategoryNode),
});
export type GetCategoryListResponse = z.infer<typeof GetCategoryListResponse>;

/** POST /api/category/search — leaves whose name or path contains the text (for the picker). */
export const CategorySearchRequest = z.object({
  q: z.string().max(100).default(''),
  /** Only categories that have a category schema. */
  withSchemaOnly: z.boolean().default(false),
  limit: z.number().int().min(1).max(500).default(50),
});
export type CategorySearchRequest = z.input<typeof CategorySearchRequest>;
export const CategoryLeaf = z.object({
  displayCategoryCode: z.number().int(),
  name: z.string(),
  /** Names from the root joined with '>'. */
  path: z.string(),
  hasSchema: z.boolean(),
});
export type CategoryLeaf = z.infer<typeof CategoryLeaf>;
export const CategorySearchResponse = z.object({ items: z.array(CategoryLeaf) });
export type CategorySearchResponse = z.infer<typeof CategorySearchResponse>;

/** POST /api/category/schema — the category schema and the JSON Schema of its documents. */
export const CategorySchemaRequest = z.object({ displayCategoryCode: z.number().int() });
export type CategorySchemaRequest = z.infer<typeof CategorySchemaRequest>;
export const CategorySchemaResponse = z.object({
  displayCategoryCode: z.number().int(),
  categoryPath: z.string(),
  /** The domain CategorySchema (attributes, notices, certifications, required documents and fields). */
  schema: CategorySchema,
  /** JSON Schema of one jsonDocument entry, as stored in rocketRegInfo.schemaString. */
  schemaString: z.string(),
  /** false = no schema was published for this category; a generic one (기타 재화) is used. */
  isGeneric: z.boolean(),
  /** The company's own schema (from Coupang metadata it added), not the shipped one. */
  isCompany: z.boolean(),
});
export type CategorySchemaResponse = z.infer<typeof CategorySchemaResponse>;

/** POST /api/category/meta — Coupang's category-metadata answer for a display category (issue 15). */
export const CategoryMetaRequest = z.object({
  displayCategoryCode: z.number().int().positive(),
  /** Needed only for a code the shipped tree does not know. */
  categoryPath: z.string().max(500).optional(),
  /** The answer as Coupang sent it (`{code, message, data}` or just `data`). */
  meta: z.unknown(),
});
export type CategoryMetaRequest = z.input<typeof CategoryMetaRequest>;
export const CategoryMetaResponse = z.object({
  displayCategoryCode: z.number().int(),
  categoryPath: z.string(),
  /** The domain CategorySchema built from the answer. */
  schema: CategorySchema,
  schemaString: z.string(),
  updatedAt: z.string(),
});
export type CategoryMetaResponse = z.infer<typeof CategoryMetaResponse>;
export const CompanySchemasResponse = z.object({
  items: z.array(
    z.object({ displayCategoryCode: z.number().int(), categoryPath: z.string(), updatedAt: z.string() }),
  ),
});
export type CompanySchemasResponse = z.infer<typeof CompanySchemasResponse>;
