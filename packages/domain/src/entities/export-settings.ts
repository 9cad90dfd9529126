import type { CoupangSellerInfo } from '../rules/export/build-seller-product-payload.ts';

// A company's export settings as the server reads them (apps/server/src/exports/export-settings.ts):
// the banned and brand words it added to the shipped lists, its Coupang seller details, and what was
// last fetched from its Coupang account. The type lives here so the settings reader (settings/) and
// the exports (exports/) share it without importing each other.

export type AccountPlace = { code: string; name: string; address: string };
export type AccountReturnCenter = AccountPlace & {
  zipCode: string;
  addressDetail: string;
  contact: string;
};
/** What the seller's account held when last asked (the shipping-places call). */
export type AccountCodes = {
  outbound: AccountPlace[];
  returnCenters: AccountReturnCenter[];
  fetchedAt: string;
};

export type ExportSettings = {
  bannedWords: string[];
  brandWords: string[];
  seller: CoupangSellerInfo;
  accountCodes: AccountCodes | null;
  /** Rocket Growth category codes (registrationType=RFM) as last fetched, with when. */
  rocketGrowthCategories: { codes: number[]; fetchedAt: string } | null;
};

/** The vendor id and opened Open API keys (issue 23); the reader answers null unless all three are saved. */
export type CoupangCredentials = { vendorId: string; accessKey: string; secretKey: string };
