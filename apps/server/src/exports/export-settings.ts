import {
  type AccountCodes,
  type AccountPlace,
  type AccountReturnCenter,
  COUPANG_CHANNELS,
  type CoupangChannel,
  type CoupangSellerInfo,
  DEFAULT_BANNED_WORDS,
  DEFAULT_BRAND_WORDS,
  DEFAULT_RETURN_FEES,
  type ExportSettings,
  normalizeListedWord,
} from '@rr/domain';
import { decryptSecret, encryptSecret, isMasked, maskSecret } from '../settings/secret-box.ts';
import type { ExportSettingsRepository } from './export-settings-repository.ts';

// A company's export settings: the banned and brand words it added to the shipped lists, and its
// Coupang seller details for the creation payload. The Open API keys (issue 23) are kept in the
// same seller record, sealed with APP_SECRET and the company id like the AI keys, and answered masked.
// Issue 37: the channel, the outbound place and return centre chosen from the lists fetched from the
// seller's account (with the centre's address), the return fees, and what was last fetched from
// Coupang (the account's codes, the Rocket Growth categories) so the pre-flight can check codes.
// Issue 40: each call gets the export settings repository the container built (no database here).

// The types are the domain's (entities/export-settings.ts), shared with the settings reader.
export type { AccountCodes, AccountPlace, AccountReturnCenter, ExportSettings };

const STRING_FIELDS = [
  'vendorId',
  'vendorUserId',
  'outboundShippingPlaceCode',
  'returnCenterCode',
  'returnChargeName',
  'returnZipCode',
  'returnAddress',
  'returnAddressDetail',
  'companyContactNumber',
] as const;

const words = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((w): w is string => typeof w === 'string') : [];
const record = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const won = (v: unknown, fallback: number): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 0 ? n : fallback;
};
const isChannel = (v: unknown): v is CoupangChannel =>
  typeof v === 'string' && (COUPANG_CHANNELS as readonly string[]).includes(v);

function readAccountCodes(v: unknown): AccountCodes | null {
  const r = record(v);
  if (!Array.isArray(r.outbound) || !Array.isArray(r.returnCenters)) return null;
  const place = (p: unknown): AccountPlace => {
    const o = record(p);
    return { code: text(o.code), name: text(o.name), address: text(o.address) };
  };
  return {
    outbound: r.outbound.map(place),
    returnCenters: r.returnCenters.map((p) => {
      const o = record(p);
      return {
        ...place(p),
        zipCode: text(o.zipCode),
        addressDetail: text(o.addressDetail),
        contact: text(o.contact),
      };
    }),
    fetchedAt: text(r.fetchedAt),
  };
}

function readSeller(raw: Record<string, unknown>): CoupangSellerInfo {
  const strings = Object.fromEntries(STRING_FIELDS.map((k) => [k, text(raw[k])])) as Record<
    (typeof STRING_FIELDS)[number],
    string
  >;
  return {
    ...strings,
    // Companies set up before issue 37 registered with the Rocket Growth payload.
    channel: isChannel(raw.channel) ? raw.channel : 'rocket_growth',
    deliveryChargeOnReturn: won(raw.deliveryChargeOnReturn, DEFAULT_RETURN_FEES.deliveryChargeOnReturn),
    returnCharge: won(raw.returnCharge, DEFAULT_RETURN_FEES.returnCharge),
  };
}

export async function readExportSettings(
  repository: Pick<ExportSettingsRepository, 'find'>,
  companyId: string,
): Promise<ExportSettings> {
  const row = await repository.find(companyId);
  const seller = record(row?.seller);
  const rfm = record(seller.rocketGrowthCategories);
  return {
    bannedWords: words(row?.banned_words),
    brandWords: words(row?.brand_words),
    seller: readSeller(seller),
    accountCodes: readAccountCodes(seller.accountCodes),
    rocketGrowthCategories: Array.isArray(rfm.codes)
      ? { codes: rfm.codes.filter((c): c is number => Number.isInteger(c)), fetchedAt: text(rfm.fetchedAt) }
      : null,
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
  repository: Pick<ExportSettingsRepository, 'find'>,
  companyId: string,
): Promise<{ accessKey: string | null; secretKey: string | null }> {
  const row = await repository.find(companyId);
  const seller = record(row?.seller);
  const sealed = (k: string) =>
    typeof seller[k] === 'string' && seller[k] !== '' ? (seller[k] as string) : null;
  return { accessKey: sealed(SEALED.accessKey), secretKey: sealed(SEALED.secretKey) };
}

export type CoupangKeysView = { accessKey: string; secretKey: string; hasCoupangKeys: boolean };

/** The keys as the settings screen shows them: masked, never usable. */
export async function readCoupangKeysView(
  repository: Pick<ExportSettingsRepository, 'find'>,
  companyId: string,
  appSecret: string,
): Promise<CoupangKeysView> {
  const sealed = await readSealedKeys(repository, companyId);
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
  repository: Pick<ExportSettingsRepository, 'find'>,
  companyId: string,
  appSecret: string,
): Promise<{ vendorId: string; accessKey: string; secretKey: string } | null> {
  const [settings, sealed] = await Promise.all([
    readExportSettings(repository, companyId),
    readSealedKeys(repository, companyId),
  ]);
  const open = (v: string | null) => (v ? decryptSecret(v, appSecret, companyId) : null);
  const accessKey = open(sealed.accessKey);
  const secretKey = open(sealed.secretKey);
  const vendorId = settings.seller.vendorId;
  return vendorId && accessKey && secretKey ? { vendorId, accessKey, secretKey } : null;
}

export type CoupangKeysInput = { accessKey?: string | undefined; secretKey?: string | undefined };

export type SellerInput = Partial<Omit<CoupangSellerInfo, 'channel'>> & {
  channel?: CoupangChannel | undefined;
} & CoupangKeysInput;

export async function saveExportSettings(
  repository: ExportSettingsRepository,
  companyId: string,
  input: {
    bannedWords?: string[] | undefined;
    brandWords?: string[] | undefined;
    seller?: SellerInput | undefined;
    accountCodes?: AccountCodes | undefined;
    rocketGrowthCategories?: { codes: number[]; fetchedAt: string } | undefined;
  },
  appSecret?: string,
): Promise<ExportSettings> {
  const current = await readExportSettings(repository, companyId);
  const sealed = await readSealedKeys(repository, companyId);
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
  const merged: Record<string, unknown> = { ...current.seller };
  for (const [k, v] of Object.entries(sellerInput)) {
    if (v === undefined) continue;
    if ((STRING_FIELDS as readonly string[]).includes(k)) merged[k] = String(v).trim();
    else if (k === 'channel' && isChannel(v)) merged[k] = v;
    else if ((k === 'deliveryChargeOnReturn' || k === 'returnCharge') && typeof v === 'number') merged[k] = v;
  }
  const accountCodes = input.accountCodes ?? current.accountCodes;
  // Choosing a return centre brings its address, zip code and contact into the return block.
  const centre = accountCodes?.returnCenters.find((c) => c.code === merged.returnCenterCode);
  if (centre && sellerInput.returnCenterCode !== undefined) {
    merged.returnZipCode = centre.zipCode;
    merged.returnAddress = centre.address;
    merged.returnAddressDetail = centre.addressDetail;
    merged.returnChargeName = centre.name;
    if (centre.contact && !sellerInput.companyContactNumber) merged.companyContactNumber = centre.contact;
  }
  const next: ExportSettings = {
    bannedWords: input.bannedWords ? clean(input.bannedWords) : current.bannedWords,
    brandWords: input.brandWords ? clean(input.brandWords) : current.brandWords,
    seller: readSeller(merged),
    accountCodes,
    rocketGrowthCategories: input.rocketGrowthCategories ?? current.rocketGrowthCategories,
  };
  await repository.upsert(companyId, {
    bannedWords: next.bannedWords,
    brandWords: next.brandWords,
    seller: {
      ...next.seller,
      ...keys,
      accountCodes: next.accountCodes,
      rocketGrowthCategories: next.rocketGrowthCategories,
    },
  });
  return next;
}
