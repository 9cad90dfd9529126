import { REGISTRATION_DEFAULTS } from '../../constants.ts';
import type { Attribute } from '../../entities/common.ts';
import type { RegistrationDocument } from '../../entities/registration-document.ts';
import { isEmptyValue } from '../document/is-empty-value.ts';
import { joinSearchTags } from '../document/join-search-tags.ts';
import { exposedAttributesOf } from '../schema/check-document-against-schema.ts';
import { containsCjk } from '../text/contains-cjk.ts';

// Issue 20 "Registration-ready": what the seller owns and what the product already knows fills the
// option document, so a finished run ends with a document Coupang accepts:
// - the product name is the SEO name (W §3 startPage.productName; the name carries no option text,
//   item names carry the option values);
// - brand, manufacturer, business and import type come from the seller's default settings
//   (W §3 defaultSettings), taxation and boxed SKUs from W §9's registration defaults;
// - search tags from the SEO keywords, alt text and description from the SEO name and attributes.
// A field the seller wrote (fieldSources 'seller') is never replaced; any other field is filled only
// when it is empty or still holds Chinese text, which Coupang refuses (W §5 completeness).

/** Alt text longer than this is cut at a word boundary (a description of the image, not a list). */
export const ALT_TEXT_MAX_LENGTH = 100;
/** The generated description's length bound (the SEO description, else name and attributes). */
export const DESCRIPTION_MAX_LENGTH = 500;

export interface RegistrationFillInput {
  /** The product's SEO name (seo.productName); '' when SEO has not run. */
  seoName: string;
  /** seo.keywords (search tags when the document has none). */
  keywords?: readonly string[] | undefined;
  /** seo.metaDescription (the description when it is Korean). */
  metaDescription?: string | undefined;
  /** The seller's default settings (settings → defaultSettings). */
  defaults?:
    | {
        brand?: string | undefined;
        manufacturer?: string | undefined;
        importer?: string | undefined;
        transactionType?: string | undefined;
        importStatus?: string | undefined;
      }
    | undefined;
  /** Whether the seller owns a path of this document (relative: 'startPage.productName'). */
  isSellerOwned?: ((path: string) => boolean) | undefined;
}

const clean = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** Cuts text to at most `max` characters, at the last space before the limit when there is one. */
export function cutAtWord(text: string, max: number): string {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t.length <= max) return t;
  const head = t.slice(0, max);
  const space = head.lastIndexOf(' ');
  return (space > max / 2 ? head.slice(0, space) : head).trim();
}

function attributeText(list: readonly Attribute[]): (readonly [string, string])[] {
  return list
    .map((a) => [clean(a.attributeName), clean(String(a.attributeValue ?? ''))] as const)
    .filter(([name, value]) => name && value && !containsCjk(value) && value !== '상세페이지 참조');
}

/** Alt text: the SEO name followed by the option's exposed values (colour, size …). */
export function buildAltText(seoName: string, exposed: readonly Attribute[]): string {
  const values = attributeText(exposed).map(([, v]) => v);
  return cutAtWord([seoName, ...values].filter(Boolean).join(' '), ALT_TEXT_MAX_LENGTH);
}

/** Description: the SEO description when Korean, else the name with the attributes as "이름: 값". */
export function buildProductDescription(
  seoName: string,
  metaDescription: string,
  attributes: readonly Attribute[],
): string {
  const meta = metaDescription.trim();
  if (meta && !containsCjk(meta)) return cutAtWord(meta, DESCRIPTION_MAX_LENGTH);
  const pairs = attributeText(attributes).map(([n, v]) => `${n}: ${v}`);
  const text = pairs.length ? `${seoName}. ${pairs.join(', ')}` : seoName;
  return cutAtWord(text, DESCRIPTION_MAX_LENGTH);
}

/**
 * Fills one option document for registration (issue 20). Answers the new document and the relative
 * paths it filled (empty when nothing changed). Pure.
 */
export function fillRegistrationDocument(
  doc: RegistrationDocument,
  input: RegistrationFillInput,
): { doc: RegistrationDocument; filled: string[] } {
  const owned = input.isSellerOwned ?? (() => false);
  const seoName = clean(input.seoName);
  const usableSeoName = seoName && !containsCjk(seoName) ? seoName : '';
  const d = input.defaults ?? {};
  const filled: string[] = [];
  const next: RegistrationDocument = { ...doc };
  /** Sets a field when it is not the seller's and is empty (or Chinese, when `replaceChinese`). */
  const fill = (path: string, current: unknown, value: unknown, replaceChinese = true): boolean => {
    if (owned(path) || isEmptyValue(value)) return false;
    const stale = isEmptyValue(current) || (replaceChinese && containsCjk(current));
    if (!stale || current === value) return false;
    filled.push(path);
    return true;
  };

  next.startPage = { ...next.startPage };
  // The SEO name replaces any other name (a task's or the skeleton's), but never the seller's own.
  if (usableSeoName && !owned('startPage.productName') && next.startPage.productName !== usableSeoName) {
    next.startPage.productName = usableSeoName;
    filled.push('startPage.productName');
  }
  const name = usableSeoName || clean(next.startPage.productName);

  const page = { ...next.productPage };
  const brand = clean(d.brand);
  if (fill('productPage.brand', page.brand, brand)) page.brand = brand;
  const maker = clean(d.manufacturer) || clean(d.importer);
  if (fill('productPage.manufacturer', page.manufacturer, maker)) page.manufacturer = maker;
  const business = clean(d.transactionType) || REGISTRATION_DEFAULTS.transactionType;
  if (fill('productPage.businessType', page.businessType, business)) page.businessType = business;
  const importType = clean(d.importStatus) || REGISTRATION_DEFAULTS.importStatus;
  if (fill('productPage.importType', page.importType, importType)) page.importType = importType;
  if (fill('productPage.taxationSchema', page.taxationSchema, REGISTRATION_DEFAULTS.taxationType))
    page.taxationSchema = REGISTRATION_DEFAULTS.taxationType;
  const tags = joinSearchTags((input.keywords ?? []).filter((k) => !containsCjk(k)));
  if (fill('productPage.searchTags', page.searchTags, tags)) page.searchTags = tags;
  const exposed = exposedAttributesOf(next);
  if (name) {
    const description = buildProductDescription(name, clean(input.metaDescription), [
      ...exposed,
      ...(page.unexposedAttributes ?? []),
    ]);
    if (fill('productPage.productDescription', page.productDescription, description))
      page.productDescription = description;
  }
  next.productPage = page;

  if (name) {
    const details = { ...next.imagePage?.details };
    const alt = buildAltText(name, exposed);
    if (fill('imagePage.details.altText', details.altText, alt)) {
      details.altText = alt;
      next.imagePage = { ...next.imagePage, details };
    }
  }

  // W §9: boxed SKUs 24 where nothing was set.
  const logistics = { ...next.logisticsPage };
  if (
    fill(
      'logisticsPage.totalSKUsInBox',
      Number(logistics.totalSKUsInBox) > 0 ? logistics.totalSKUsInBox : null,
      REGISTRATION_DEFAULTS.totalSkusInBoxBoxed,
      false,
    )
  ) {
    logistics.totalSKUsInBox = REGISTRATION_DEFAULTS.totalSkusInBoxBoxed;
    next.logisticsPage = logistics;
  }

  return filled.length ? { doc: next, filled } : { doc, filled };
}
