import {
  type CoupangSellerInfo,
  DEFAULT_BANNED_WORDS,
  DEFAULT_BRAND_WORDS,
  normalizeListedWord,
} from '@rr/domain';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

// A company's export settings: the banned and brand words it added to the shipped lists, and its
// Coupang seller details for the Rocket Growth payload.

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
  const row = await db
    .selectFrom('export_settings')
    .select(['banned_words', 'brand_words', 'seller'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
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

export async function saveExportSettings(
  db: Db,
  companyId: string,
  input: {
    bannedWords?: string[] | undefined;
    brandWords?: string[] | undefined;
    seller?: Partial<CoupangSellerInfo> | undefined;
  },
): Promise<ExportSettings> {
  const current = await readExportSettings(db, companyId);
  const clean = (list: string[]) => [
    ...new Set(list.map(normalizeListedWord).filter((w): w is string => w !== null)),
  ];
  const next: ExportSettings = {
    bannedWords: input.bannedWords ? clean(input.bannedWords) : current.bannedWords,
    brandWords: input.brandWords ? clean(input.brandWords) : current.brandWords,
    seller: {
      ...current.seller,
      ...Object.fromEntries(Object.entries(input.seller ?? {}).map(([k, v]) => [k, String(v ?? '').trim()])),
    },
  };
  await db
    .insertInto('export_settings')
    .values({
      company_id: companyId,
      banned_words: JSON.stringify(next.bannedWords),
      brand_words: JSON.stringify(next.brandWords),
      seller: JSON.stringify(next.seller),
    })
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet({
        banned_words: JSON.stringify(next.bannedWords),
        brand_words: JSON.stringify(next.brandWords),
        seller: JSON.stringify(next.seller),
        updated_at: sql`now()`,
      }),
    )
    .execute();
  return next;
}
