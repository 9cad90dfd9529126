import {
  type CoupangSellerInfo,
  DEFAULT_BANNED_WORDS,
  DEFAULT_BRAND_WORDS,
  normalizeListedWord,
} from '@rr/domain';
import type { Db } from '../db/database.ts';
import { decryptSecret, encryptSecret, isMasked, maskSecret } from '../settings/secret-box.ts';
import { findExportSettingsRow, upsertExportSettings } from './export-settings-repository.ts';

// A company's export settings: the banned and brand words it added to the shipped lists, and its
// Coupang seller details for the Rocket Growth payload. The Open API keys (issue 23) are kept in the
// same seller record, sealed with APP_SECRET and the company id like the AI keys, and answered masked.

export type ExportSettings = {
  bannedWords: string[];
  brandWords: string[];
  seller: CoupangSellerInfo;
};

const EMPTY_SELLER: CoupangSellerInfo = {
  vendorId: '',
  vendorUserId: '',
  returnCenterCode: '',
  outboundShippingPlaceCode: '',
  companyContactNumber: '',
};

const words = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((w): w is string => typeof w === 'string') : [];

export async function readExportSettings(db: Db, companyId: string): Promise<ExportSettings> {
  const row = await findExportSettingsRow(db, companyId);
  const seller = (row?.seller ?? {}) as Record<string, unknown>;
  return {
    bannedWords: words(row?.banned_words),
    brandWords: words(row?.brand_words),
    seller: Object.fromEntries(
      Object.keys(EMPTY_SELLER).map((k) => [k, typeof seller[k] === 'string' ? seller[k] : '']),
    ) as unknown as CoupangSellerInfo,
  };
}

/** The lists the pre-flight uses: shipped words plus the company's own. */
export function wordLists(settings: ExportSettings): { banned: string[]; brand: string[] } {
  return {
    banned: [...new Set([...DEFAULT_BANNED_WORDS, ...settings.bannedWords])],
    brand: [...new Set([...DEFAULT_BRAND_WORDS, ...settings.brandWords])],
  };
}

/** The sealed Open API keys in the stored seller record. */
const SEALED = { accessKey: 'accessKeySealed', secretKey: 'secretKeySealed' } as const;

async function readSealedKeys(
  db: Db,
  companyId: string,
): Promise<{ accessKey: string | null; secretKey: string | null }> {
  const row = await findExportSettingsRow(db, companyId);
  const seller = (row?.seller ?? {}) as Record<string, unknown>;
  const sealed = (k: string) =>
    typeof seller[k] === 'string' && seller[k] !== '' ? (seller[k] as string) : null;
  return { accessKey: sealed(SEALED.accessKey), secretKey: sealed(SEALED.secretKey) };
}

export type CoupangKeysView = { accessKey: string; secretKey: string; hasCoupangKeys: boolean };

/** The keys as the settings screen shows them: masked, never usable. */
export async function readCoupangKeysView(
  db: Db,
  companyId: string,
  appSecret: string,
): Promise<CoupangKeysView> {
  const sealed = await readSealedKeys(db, companyId);
  const open = (v: string | null) => (v ? (decryptSecret(v, appSecret, companyId) ?? '') : '');
  const accessKey = open(sealed.accessKey);
  const secretKey = open(sealed.secretKey);
  return {
    accessKey: maskSecret(accessKey),
    secretKey: maskSecret(secretKey),
    hasCoupangKeys: accessKey !== '' && secretKey !== '',
  };
}

/** The vendor id and opened keys for the Open API client; null when any of the three is missing. */
export async function readCoupangCredentials(
  db: Db,
  companyId: string,
  appSecret: string,
): Promise<{ vendorId: string; accessKey: string; secretKey: string } | null> {
  const [settings, sealed] = await Promise.all([
    readExportSettings(db, companyId),
    readSealedKeys(db, companyId),
  ]);
  const open = (v: string | null) => (v ? decryptSecret(v, appSecret, companyId) : null);
  const accessKey = open(sealed.accessKey);
  const secretKey = open(sealed.secretKey);
  const vendorId = settings.seller.vendorId;
  return vendorId && accessKey && secretKey ? { vendorId, accessKey, secretKey } : null;
}

export type CoupangKeysInput = { accessKey?: string | undefined; secretKey?: string | undefined };

export async function saveExportSettings(
  db: Db,
  companyId: string,
  input: {
    bannedWords?: string[] | undefined;
    brandWords?: string[] | undefined;
    seller?: (Partial<CoupangSellerInfo> & CoupangKeysInput) | undefined;
  },
  appSecret?: string,
): Promise<ExportSettings> {
  const current = await readExportSettings(db, companyId);
  const sealed = await readSealedKeys(db, companyId);
  const { accessKey, secretKey, ...sellerInput } = input.seller ?? {};
  // A key that is missing or masked stays as stored; an empty string clears it.
  const keyUpdate = (value: string | undefined, stored: string | null): string | null => {
    if (value === undefined || isMasked(value) || !appSecret) return stored;
    const trimmed = value.trim();
    return trimmed === '' ? null : encryptSecret(trimmed, appSecret, companyId);
  };
  const keys = {
    [SEALED.accessKey]: keyUpdate(accessKey, sealed.accessKey) ?? '',
    [SEALED.secretKey]: keyUpdate(secretKey, sealed.secretKey) ?? '',
  };
  const clean = (list: string[]) => [
    ...new Set(list.map(normalizeListedWord).filter((w): w is string => w !== null)),
  ];
  const next: ExportSettings = {
    bannedWords: input.bannedWords ? clean(input.bannedWords) : current.bannedWords,
    brandWords: input.brandWords ? clean(input.brandWords) : current.brandWords,
    seller: {
      ...current.seller,
      ...Object.fromEntries(
        Object.entries(sellerInput)
          .filter(([k]) => k in EMPTY_SELLER)
          .map(([k, v]) => [k, String(v ?? '').trim()]),
      ),
    },
  };
  const storedSeller = { ...next.seller, ...keys };
  await upsertExportSettings(db, companyId, {
    bannedWords: next.bannedWords,
    brandWords: next.brandWords,
    seller: storedSeller,
  });
  return next;
}
