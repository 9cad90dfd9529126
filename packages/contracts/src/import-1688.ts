import { z } from 'zod';

// 1688 import from real captures (issue 7). No network path to 1688: the seller pastes or uploads
// what the page holds (PC `window.context` script text or JSON, mobile detail data, SKU model answers).

/** One pasted text or uploaded file. A link, `.html` link or offer number alone is accepted too. */
export const ImportInput = z
  .object({
    /** Pasted text: page script, JSON, a link or a number. */
    text: z.string().max(8_000_000).optional(),
    /** An uploaded JSON file, already parsed by the client. */
    json: z.unknown().optional(),
    /** File name, shown back in messages. */
    name: z.string().max(300).optional(),
  })
  .refine((i) => i.text !== undefined || i.json !== undefined);
export type ImportInput = z.infer<typeof ImportInput>;

/** POST /api/import1688 */
export const Import1688Request = z.object({
  inputs: z.array(ImportInput).min(1).max(200),
  /**
   * Offer ids whose shown re-import diff the seller accepted. Without it a re-import of a known
   * offer only answers the diff (`updateAvailable`) and changes nothing.
   */
  confirmOfferIds: z.array(z.string()).max(200).default([]),
});
export type Import1688Request = z.input<typeof Import1688Request>;

export const IMPORT_OUTCOMES = [
  'created',
  'updateAvailable',
  'updated',
  'unchanged',
  'needsCapture',
  'refused',
] as const;
export const ImportOutcome = z.enum(IMPORT_OUTCOMES);
export type ImportOutcome = z.infer<typeof ImportOutcome>;

export const ImportFieldChange = z.object({
  /** `price`, `stock`, `skuId`, `weightG`, `title`, `moq`, … */
  field: z.string(),
  /** The option's source key, or null for a product-level field. */
  optionKey: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** false = the seller edited this field, so the import keeps the seller's value. */
  applies: z.boolean(),
});
export type ImportFieldChange = z.infer<typeof ImportFieldChange>;

export const ImportDiff = z.object({
  changes: z.array(ImportFieldChange),
  addedOptions: z.array(z.string()),
  removedOptions: z.array(z.string()),
});
export type ImportDiff = z.infer<typeof ImportDiff>;

export const ImportResult = z.object({
  offerId: z.string().nullable(),
  outcome: ImportOutcome,
  productId: z.string().nullable(),
  registrationId: z.string().nullable(),
  title: z.string().nullable(),
  /** "read N options, kept N": options read from the capture, options kept on the product. */
  readOptions: z.number().int(),
  keptOptions: z.number().int(),
  /** Korean, e.g. `옵션 24개를 읽고 24개를 저장했습니다.` */
  message: z.string(),
  /** Korean warnings: option count mismatch, price missing, name collisions, … */
  warnings: z.array(z.string()),
  diff: ImportDiff.nullable(),
  /** Names of the inputs this result came from. */
  inputs: z.array(z.string()),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const Import1688Response = z.object({
  res: z.literal('success'),
  message: z.string(),
  results: z.array(ImportResult),
});
export type Import1688Response = z.infer<typeof Import1688Response>;

/** POST /api/import1688/history — the company's latest imports. */
export const ImportHistoryRequest = z.object({ limit: z.number().int().min(1).max(500).default(50) });
export const ImportHistoryItem = z.object({
  id: z.number().int(),
  offerId: z.string().nullable(),
  outcome: ImportOutcome,
  productId: z.string().nullable(),
  readOptions: z.number().int(),
  keptOptions: z.number().int(),
  message: z.string(),
  createdAt: z.string(),
});
export type ImportHistoryItem = z.infer<typeof ImportHistoryItem>;
export const ImportHistoryResponse = z.object({ items: z.array(ImportHistoryItem) });
export type ImportHistoryResponse = z.infer<typeof ImportHistoryResponse>;
