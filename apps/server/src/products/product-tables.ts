import type { TaskStatusField } from '@rr/domain';
import type { ColumnType, Generated } from 'kysely';

// Row types of the products migration (0002-products). Generated columns are read-only here.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string | T, string | T>;
type GeneratedText = ColumnType<string | null, never, never>;

/** The generated column of a task's status field (`koreanLabelStatus` → `korean_label_status`). */
export const statusColumnOf = (field: TaskStatusField) =>
  field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as Snake<TaskStatusField>;
type Snake<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<T>}`
  : S;

export interface ProductsTable {
  id: Generated<string>;
  company_id: string;
  registration_id: string;
  doc: Json<Record<string, unknown>>;
  /** Completeness rate 0–100 (migration 0006), written with the document by the repository. */
  completeness: ColumnType<number | null, number | null | undefined, number | null>;
  offer_id: GeneratedText;
  display_category_code: GeneratedText;
  in_registration: ColumnType<boolean | null, never, never>;
  product_name: ColumnType<string, never, never>;
  search_text: ColumnType<string, never, never>;
  seo_status: GeneratedText;
  pricing_status: GeneratedText;
  main_image_status: GeneratedText;
  additional_image_status: GeneratedText;
  detail_image_status: GeneratedText;
  korean_label_status: GeneratedText;
  size_chart_status: GeneratedText;
  quotation_status: GeneratedText;
  /** Migration 0031-coupang-registration. */
  register_status: GeneratedText;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RegistrationCountersTable {
  company_id: string;
  last_value: Generated<number>;
}

export interface CategoryListsTable {
  company_id: string;
  built_at: Timestamp;
  category: Json<unknown[]>;
  /** 'shipped' (the tree we ship) or 'coupang' (fetched with the company's keys; migration 0031). */
  source: ColumnType<string, string | undefined, string>;
}

export interface CategorySchemasTable {
  display_category_code: number;
  category_path: string;
  schema: Json<Record<string, unknown>>;
  json_schema: Json<Record<string, unknown>>;
  source: string;
  updated_at: Timestamp;
}

export interface CompanySettingsTable {
  company_id: string;
  settings: Json<Record<string, unknown>>;
  gemini_key_enc: string | null;
  openai_key_enc: string | null;
  updated_at: Timestamp;
}

export interface ImportHistoryTable {
  id: Generated<number>;
  company_id: string;
  offer_id: string | null;
  outcome: string;
  product_id: string | null;
  read_options: number;
  kept_options: number;
  message: string;
  diff: Json<unknown> | null;
  created_at: Timestamp;
}

export interface ProductsDatabase {
  products: ProductsTable;
  registration_counters: RegistrationCountersTable;
  category_lists: CategoryListsTable;
  category_schemas: CategorySchemasTable;
  company_settings: CompanySettingsTable;
  import_history: ImportHistoryTable;
}
