import {
  applyQuotationOption,
  assembleQuotationOption,
  containsCjk,
  decideKcMarkType,
  fillRegistrationDocument,
  findFieldSource,
  findValueSource,
  joinSearchTags,
  type NameValue,
  type QuotationOption,
  REGISTRATION_DEFAULTS,
  type RegistrationDocument,
  readFieldSources,
  replaceCjkWithKorean,
  type SourceText,
} from '@rr/domain';
import { normalizeContextOf, normalizeOptionDocument } from '../../products/document-rules.ts';
import type { CommonAnswers } from './common-attributes.ts';
import { documentOf, type JobOption, type QuotationJob } from './quotation-job.ts';
import type { TranslatedAttribute } from './translate-attributes.ts';

export type AppliedOption = { option: JobOption; quotation: QuotationOption; doc: RegistrationDocument };

const korean = (text: string) => (containsCjk(text) ? replaceCjkWithKorean(text) : text);

/** The texts a value may have come from: translated source attributes and the option's own values. */
function sourcesOf(option: JobOption, translated: readonly TranslatedAttribute[]): SourceText[] {
  return [
    ...(option.source1 ? [{ original: option.source1, translated: korean(option.option1) }] : []),
    ...(option.source2 ? [{ original: option.source2, translated: korean(option.option2) }] : []),
    ...translated.map((t) => ({
      original: `${t.name}: ${t.value}`,
      translated: t.valueKo,
      name: t.nameKo,
    })),
  ];
}

const isDefaultBox = (doc: RegistrationDocument) =>
  (doc.logisticsPage?.skuUnitBoxDimension ?? REGISTRATION_DEFAULTS.boxDimension) ===
    REGISTRATION_DEFAULTS.boxDimension &&
  String(doc.logisticsPage?.skuUnitBoxWeight ?? REGISTRATION_DEFAULTS.boxWeight) ===
    REGISTRATION_DEFAULTS.boxWeight;

/**
 * Step 6 (Q §4): one option's common and differentiated values merged into its quotation (schema
 * attributes only, dropdowns from inputValues, units, one notice category), applied to its
 * registration document (Chinese replaced, empty certificates keep the old value, no barcode
 * placeholder, model number 50), search tags joined (150), then the document rules of every save.
 * The option's own 1688 box size and weight win over the AI's guess. Each attribute carries the
 * source text it most likely came from (shown on the quotation tab).
 */
export function applyOption(
  job: QuotationJob,
  option: JobOption,
  common: CommonAnswers | null,
  values: readonly NameValue[],
  translated: readonly TranslatedAttribute[],
): AppliedOption {
  const current = documentOf(job, option);
  const quotation = assembleQuotationOption({
    optionNumber: option.optionNumber,
    korName: option.korName || [option.option1, option.option2].filter(Boolean).join(' '),
    schemaAttributes: job.schema.attributes,
    common: common?.attributes ?? [],
    differentiated: values,
    notices: common?.notices,
    noticeCategory: common?.noticeCategory,
    logistics: common?.logistics && isDefaultBox(current) ? common.logistics : undefined,
  });
  const sources = sourcesOf(option, translated);
  for (const a of quotation.attributes) {
    const source = findValueSource(a.name, a.value, sources);
    if (source) a.source = source.original;
  }
  const modelNumber = common?.modelNumber?.trim();
  let doc = applyQuotationOption(
    current,
    quotation,
    {
      ...(modelNumber ? { modelNumber } : {}),
      certificates: common?.certificates ?? [],
    },
    job.schema,
  );
  const kcMarkType = decideKcMarkType(doc.legalPage?.kcMarkType, common?.certificates ?? []);
  doc = { ...doc, legalPage: { ...doc.legalPage, kcMarkType } };
  const tags = joinSearchTags(common?.searchTags ?? []);
  if (tags) doc = { ...doc, productPage: { ...doc.productPage, searchTags: tags } };
  doc = normalizeOptionDocument(doc, normalizeContextOf(job.doc, job.settings)).doc;
  doc = fillForRegistration(job, option.index, doc);
  return { option, quotation, doc };
}

/**
 * Issue 20: what the seller owns and the SEO already knows fills the document (name from the SEO
 * name, brand and manufacturer from the default settings, alt text, description, tags), never a
 * field the seller edited.
 */
export function fillForRegistration(job: QuotationJob, index: number, doc: RegistrationDocument) {
  const sources = readFieldSources(job.doc.fieldSources);
  const base = `coupangDoc.jsonDocument.${index}.`;
  return fillRegistrationDocument(doc, {
    seoName: job.doc.seo?.productName ?? '',
    keywords: job.doc.seo?.keywords ?? [],
    metaDescription: job.doc.seo?.metaDescription ?? '',
    defaults: job.settings,
    isSellerOwned: (path) => findFieldSource(sources, base + path) === 'seller',
  }).doc;
}
