import { DOCUMENT_SIZE_WARNING_BYTES, REGISTRATION_DEFAULTS } from '../../constants.ts';
import { formatFileSize } from '../images/format-file-size.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** W §9 Registration defaults, with the user's default settings taking precedence where they exist. */
export function buildRegistrationDefaults(
  settings: {
    asInfo?: string | undefined;
    origin?: string | undefined;
    importStatus?: string | undefined;
    transactionType?: string | undefined;
  } = {},
) {
  return {
    boxDimension: REGISTRATION_DEFAULTS.boxDimension,
    boxWeight: REGISTRATION_DEFAULTS.boxWeight,
    shipping: { ...REGISTRATION_DEFAULTS.shipping },
    origin: settings.origin?.trim() || REGISTRATION_DEFAULTS.origin,
    afterService: settings.asInfo?.trim() || REGISTRATION_DEFAULTS.afterService,
    transactionType: settings.transactionType?.trim() || REGISTRATION_DEFAULTS.transactionType,
    importStatus: settings.importStatus?.trim() || REGISTRATION_DEFAULTS.importStatus,
    taxationType: REGISTRATION_DEFAULTS.taxationType,
    totalSkusInBox: REGISTRATION_DEFAULTS.totalSkusInBoxBoxed,
    barcode: REGISTRATION_DEFAULTS.barcode,
    fashionSeason: REGISTRATION_DEFAULTS.fashionSeason,
  };
}

/** W §9: a quotation is valid for 30 days from its generation time (ISO string out). */
export function quotationValidUntil(generatedAt: Date | string | number): string {
  const start = new Date(generatedAt).getTime();
  if (Number.isNaN(start)) throw new RangeError('generatedAt is not a valid date');
  return new Date(start + REGISTRATION_DEFAULTS.quotationValidDays * DAY_MS).toISOString();
}

/** UTF-8 byte length of a string (no TextEncoder needed). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** W §9: the registration document size, and a warning above 5 MB. */
export function checkDocumentSize(document: unknown): { bytes: number; tooLarge: boolean; size: string } {
  const bytes = utf8ByteLength(JSON.stringify(document) ?? '');
  return { bytes, tooLarge: bytes > DOCUMENT_SIZE_WARNING_BYTES, size: formatFileSize(bytes) };
}
