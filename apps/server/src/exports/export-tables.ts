import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string | T, string | T>;

/** A company's own category schema, converted from a Coupang category-metadata answer it pasted. */
export interface CompanyCategorySchemasTable {
  company_id: string;
  display_category_code: number;
  category_path: string;
  schema: Json<Record<string, unknown>>;
  json_schema: Json<Record<string, unknown>>;
  /** The answer as pasted (kept to convert again when the converter learns more). */
  meta: Json<unknown>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ExportSettingsTable {
  company_id: string;
  banned_words: Json<string[]>;
  brand_words: Json<string[]>;
  seller: Json<Record<string, unknown>>;
  updated_at: Timestamp;
}

/** Issue 37: one row per Coupang vendor id, the limiter every process shares. */
export interface CoupangVendorLimitsTable {
  vendor_id: string;
  next_at: Timestamp;
  blocked_until: Timestamp | null;
  calls: ColumnType<string, string | undefined, string>;
}

export interface ExportTables {
  coupang_vendor_limits: CoupangVendorLimitsTable;
  company_category_schemas: CompanyCategorySchemasTable;
  export_settings: ExportSettingsTable;
}
