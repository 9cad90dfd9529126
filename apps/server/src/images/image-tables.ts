import type { ColumnType } from 'kysely';
import type { OcrItem } from './translate/types.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | T, string | T>;

/** One image request (translate or OCR regeneration): its images in storage and its OCR data. */
export interface ImageRequestsTable {
  request_id: string;
  company_id: string;
  user_id: string | null;
  /** 'translate' | 'ocr' */
  kind: string;
  pre_request_id: string | null;
  source_url: string | null;
  source_language: ColumnType<string, string | undefined, string>;
  target_language: ColumnType<string, string | undefined, string>;
  url: string | null;
  rm_url: string | null;
  translate_url: string | null;
  width: number | null;
  height: number | null;
  ocr: Json<OcrItem[]>;
  /** 'ai' | 'fallback' | 'none' */
  translation: string | null;
  /** 'success' | 'partial' | 'error' */
  status: string;
  error: string | null;
  duration_ms: number | null;
  created_at: Timestamp;
}

/** Bytes each company has stored (storage-quota.ts); bigint comes back as a string. */
export interface CompanyStorageTable {
  company_id: string;
  bytes: ColumnType<string, number | undefined, number>;
}

export interface ImageTables {
  image_requests: ImageRequestsTable;
  company_storage: CompanyStorageTable;
}
