import { REGISTRATION_DEFAULTS } from '../../constants.ts';
import type { CategorySchema } from '../../entities/category-schema.ts';
import type { Attribute } from '../../entities/common.ts';
import type { RegistrationDocument } from '../../entities/registration-document.ts';
import { joinSearchTags } from './join-search-tags.ts';
import { normalizeAttributeValue, replaceChineseValue } from './normalize-attribute-value.ts';
import { normalizeBoxDimension } from './normalize-box-dimension.ts';
import { normalizeBoxWeight } from './normalize-box-weight.ts';
import { type NoticeSettings, normalizeNotices } from './normalize-notices.ts';
import { normalizeTotalSkusInBox } from './normalize-total-skus-in-box.ts';
import { orderAttributesBySchema } from './order-attributes-by-schema.ts';
import { resolveOrigin } from './resolve-origin.ts';
import { isBarcodePlaceholder } from './sanitize-barcode.ts';
import { truncateModelNumber } from './truncate-model-number.ts';

export interface NormalizeContext {
  schema?: Pick<CategorySchema, 'attributes' | 'noticeCategories'> &
    Partial<Pick<CategorySchema, 'requiredFields'>>;
  /** defaultSettings of the user (asInfo, manufacturer, importer, importStatus, origin). */
  settings?:
    | {
        asInfo?: string | undefined;
        manufacturer?: string | undefined;
        importer?: string | undefined;
        importStatus?: string | undefined;
        /** The seller's default origin; when empty, the W §5 import-status rule decides. */
        origin?: string | undefined;
      }
    | undefined;
  /** The product's import status; falls back to the settings' one, then to the spec default. */
  importStatus?: string | undefined;
  qualityGuarantee?: string | undefined;
}

function normalizeAttributes(
  attributes: readonly Attribute[] | undefined,
  kind: 'exposed' | 'unexposed',
  schema: NormalizeContext['schema'],
): Attribute[] | undefined {
  if (!attributes) return undefined;
  const choices = new Map(
    (schema?.attributes ?? []).map((a) => [a.name, a.inputType === 'SELECT' ? a.choices : []]),
  );
  const normalized = attributes.map((a) => ({
    ...a,
    attributeValue: normalizeAttributeValue({
      kind,
      name: a.attributeName,
      value: a.attributeValue,
      choices: choices.get(a.attributeName) ?? [],
    }),
  }));
  return schema
    ? orderAttributesBySchema(
        normalized,
        schema.attributes.map((a) => a.name),
      )
    : normalized;
}

/** Drops undefined entries so optional fields stay absent rather than explicitly undefined. */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * W §5 Document fields + Q §5: every field rule applied to one option's registration document.
 * Pure: returns a new document; unknown fields are kept.
 */
export function normalizeRegistrationDocument(
  doc: RegistrationDocument,
  context: NormalizeContext = {},
): RegistrationDocument {
  const { schema, settings } = context;
  const importStatus = context.importStatus ?? settings?.importStatus ?? REGISTRATION_DEFAULTS.importStatus;
  const next: RegistrationDocument = { ...doc };

  if (doc.productPage) {
    const page = doc.productPage;
    const common = page.commonAttributes;
    let nextCommon = common;
    if (common) {
      nextCommon = compact({
        ...common,
        exposedAttributes: normalizeAttributes(common.exposedAttributes, 'exposed', schema),
      });
      if (isBarcodePlaceholder(common.productBarcode)) delete nextCommon.productBarcode;
    }
    next.productPage = compact({
      ...page,
      ...(page.modelNumber != null ? { modelNumber: truncateModelNumber(page.modelNumber) } : {}),
      ...(page.searchTags != null ? { searchTags: joinSearchTags(page.searchTags) } : {}),
      commonAttributes: nextCommon,
      exposedAttributes: normalizeAttributes(page.exposedAttributes, 'exposed', schema),
      unexposedAttributes: normalizeAttributes(page.unexposedAttributes, 'unexposed', schema),
    });
  }

  const logistics = doc.logisticsPage ?? {};
  const nextLogistics: NonNullable<RegistrationDocument['logisticsPage']> = {
    ...logistics,
    skuUnitBoxDimension: normalizeBoxDimension(logistics.skuUnitBoxDimension),
    skuUnitBoxWeight: normalizeBoxWeight(logistics.skuUnitBoxWeight),
    totalSKUsInBox: normalizeTotalSkusInBox(logistics.totalSKUsInBox),
  };
  // Q §9: the fashion season is always 사계절 where the document has the field (fashion categories)
  // or the schema requires it.
  const seasonRequired = (schema?.requiredFields ?? []).some(
    (f) => f.section === 'logisticsPage' && f.path === 'fashionSeason',
  );
  if (Object.hasOwn(logistics, 'fashionSeason') || seasonRequired) {
    nextLogistics.fashionSeason = REGISTRATION_DEFAULTS.fashionSeason;
  }
  next.logisticsPage = nextLogistics;

  if (doc.legalPage) {
    const legal = doc.legalPage;
    const noticeSettings: NoticeSettings = {
      manufacturer: settings?.manufacturer,
      importer: settings?.importer,
      asInfo: settings?.asInfo,
      origin: resolveOrigin({ origin: settings?.origin, importStatus }),
      qualityGuarantee: context.qualityGuarantee,
    };
    const noticeChoices = new Map(
      (schema?.noticeCategories ?? []).flatMap((c) => c.items.map((i) => [i.name, i.choices] as const)),
    );
    next.legalPage = compact({
      ...legal,
      notices: legal.notices ? normalizeNotices(legal.notices, noticeSettings, noticeChoices) : undefined,
      certificates: legal.certificates?.map((c) => ({
        ...c,
        certificateValue: replaceChineseValue('certificate', c.certificateValue ?? null) as string | null,
      })),
    });
  }
  return next;
}
