import { chooseNoticeCategory, type NameValue, type SchemaNoticeCategory } from '@rr/domain';
import { commonOtherWork } from '../../ai/prompts/quotation-common-other.ts';
import { askAi } from './ask-ai.ts';
import { promptAttributes, promptProduct, type QuotationJob } from './quotation-job.ts';
import type { TranslatedAttribute } from './translate-attributes.ts';

/** What every option shares: attribute values, notices, certificates, logistics, model number, tags. */
export type CommonAnswers = {
  attributes: NameValue[];
  notices: NameValue[];
  certificates: { name: string; value: string }[];
  logistics: { dimension?: string; weight?: string } | undefined;
  modelNumber: string | undefined;
  searchTags: string[];
  noticeCategory: SchemaNoticeCategory | null;
};

export function sourceAttributesForPrompt(translated: readonly TranslatedAttribute[]) {
  return translated.map((t) => ({ attributeName: t.nameKo, value: t.valueKo }));
}

/** The document's one notice category (Q: exactly one), read from the first option's document. */
export function noticeCategoryOf(job: QuotationJob): SchemaNoticeCategory | null {
  return chooseNoticeCategory(job.schema, job.coupangDoc.jsonDocument[0]?.legalPage?.notices ?? []);
}

/**
 * Step 4 (Q §4): one GET_COMMON_OTHER_ATTRIBUTES call for everything the options share: the common
 * exposed attributes and the common search filters (unexposed; null when unknown), the notices of
 * the document's one notice category, certificates, logistics, model number and search tags. The
 * search filters used to take a GET_COMMON_UNEXPOSED_ATTRIBUTES call of their own; asked together, a
 * quotation of 30 options takes 6 calls (docs/decisions.md). Values for names not asked are dropped;
 * one value per name (the first).
 */
export async function commonAttributes(
  job: QuotationJob,
  commonNames: readonly string[],
  translated: readonly TranslatedAttribute[],
): Promise<CommonAnswers> {
  const product = promptProduct(job, sourceAttributesForPrompt(translated));
  const schemaCommon = job.schema.attributes.filter((a) => commonNames.includes(a.name));
  const noticeCategory = noticeCategoryOf(job);

  const o = await askAi(job, commonOtherWork, {
    productId: job.productId,
    product,
    attributes: promptAttributes(schemaCommon),
    notices: (noticeCategory?.items ?? []).map((i) => ({ name: i.name })),
    certificates: job.schema.certifications.map((c) => ({ name: c.name })),
    defaultSettings: {
      manufacturer: job.settings.manufacturer || undefined,
      origin: job.settings.origin || undefined,
      asInfo: job.settings.asInfo || undefined,
    },
  } as Parameters<typeof commonOtherWork.prompt>[0]);
  const asked = (names: readonly { name: string }[], list: readonly NameValue[]) => {
    const allowed = new Set(names.map((n) => n.name));
    const seen = new Set<string>();
    return list.filter((v) => {
      const name = v.name.trim();
      if (!allowed.has(name) || seen.has(name)) return false;
      seen.add(name);
      return true;
    });
  };
  return {
    attributes: asked(schemaCommon, o.attributes),
    notices: o.notices,
    certificates: o.certificates,
    logistics: o.logistics,
    modelNumber: o.modelNumber,
    searchTags: o.searchTags,
    noticeCategory,
  };
}
