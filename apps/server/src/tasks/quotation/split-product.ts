import {
  exposedAttributesOf,
  fail,
  findDuplicateExposedAttributes,
  isRecord,
  issue,
  MESSAGES,
  ok,
  type ProductFields,
  planSplit,
  productDisplayName,
  type RegistrationDocument,
  type SplitProduct,
  type StoredProduct,
  validateAdditionalDifferentiator,
} from '@rr/domain';
import { detectAdditionalAttributesWork } from '../../ai/prompts/detect-additional-attributes.ts';
import { normalizeContextOf, normalizeOptionDocument } from '../../products/document-rules.ts';
import { ProductGoneError, type ProductRow, storedDocument } from '../../products/product-store.ts';
import { askAi, pause, QuotationStepError } from './ask-ai.ts';
import { sourceAttributesForPrompt } from './common-attributes.ts';
import { type JobOption, promptProduct, type QuotationJob, readJobOptions } from './quotation-job.ts';
import type { TranslatedAttribute } from './translate-attributes.ts';

/** Q §9: group detection asks about 5 options at a time, 1 s apart. */
export const DETECTION_GROUP_SIZE = 5;
export const DETECTION_GROUP_PAUSE_MS = 1000;
/** A split product is re-checked and split again at most this deep (each level needs new values). */
export const MAX_SPLIT_DEPTH = 3;

export type SplitProductInfo = {
  _id: string;
  registrationId: string;
  productName: string;
};

/**
 * A product the split works on: its typed document, and the whole stored document (with any values
 * the parse set aside) that the new products are copied from.
 */
export type Subject = {
  id: string;
  registrationId: string;
  doc: StoredProduct;
  stored: Record<string, unknown>;
};

export const subjectOf = (row: ProductRow): Subject => ({
  id: row.id,
  registrationId: row.registration_id,
  doc: row.doc,
  stored: storedDocument(row),
});

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function documentsOf(doc: StoredProduct): RegistrationDocument[] {
  return doc.coupangDoc?.jsonDocument ?? [];
}

/** Q §4 step 7: groups of option numbers whose exposed attributes are identical. */
export function duplicateGroupsOf(doc: StoredProduct): string[][] {
  const docs = documentsOf(doc);
  return findDuplicateExposedAttributes(
    readJobOptions(doc).map((o) => ({
      optionNumber: o.optionNumber,
      exposedAttributes: exposedAttributesOf(docs[o.index] ?? {}),
    })),
  );
}

/**
 * Q §4 step 8: the additional attribute that tells identical options apart, by
 * DETECT_ADDITIONAL_ATTRIBUTES in groups of 5 options, 1 s apart (30 s, 1 retry: GROUP_DETECTION).
 * Every option asked must get a value (matched by option number) of 2–6 Hangul characters; the
 * first group's attribute name is kept for the others. Failure: 'no additional attributes detected'.
 */
async function detectAdditionalAttribute(
  job: QuotationJob,
  subject: Subject,
  groups: string[][],
  translated: readonly TranslatedAttribute[],
): Promise<{ attributeName: string; values: Map<string, string> }> {
  const options = readJobOptions(subject.doc);
  const docs = documentsOf(subject.doc);
  const first = options.find((o) => o.optionNumber === groups[0]?.[0]);
  const duplicated = first
    ? exposedAttributesOf(docs[first.index] ?? {}).map((a) => ({
        name: a.attributeName,
        value: a.attributeValue,
      }))
    : [];
  const values = new Map<string, string>();
  let attributeName: string | undefined;
  try {
    for (let start = 0; start < options.length; start += DETECTION_GROUP_SIZE) {
      if (start > 0) await pause(job, DETECTION_GROUP_PAUSE_MS);
      const group = options.slice(start, start + DETECTION_GROUP_SIZE);
      const asked = group.map((o) => o.optionNumber);
      const answer = await askAi(
        job,
        detectAdditionalAttributesWork,
        {
          productId: subject.id,
          product: { ...promptProduct(job, sourceAttributesForPrompt(translated), group) },
          duplicatedExposedAttributes: duplicated,
          duplicateGroups: groups,
          attributeName,
        },
        {
          variant: 'GROUP_DETECTION',
          check: (a) => {
            if (a.attributeName.trim() === '') return fail([issue('noAdditionalAttributes')]);
            if (a.options.length !== asked.length)
              return fail([
                issue('batchAnswerCountMismatch', { expected: asked.length, got: a.options.length }),
              ]);
            const seen = new Set<string>();
            for (const o of a.options) {
              const n = o.optionNumber.trim();
              if (!asked.includes(n) || seen.has(n))
                return fail([issue('batchAnswerOptionUnknown', { optionNumber: n })]);
              seen.add(n);
              const v = validateAdditionalDifferentiator(o.value);
              if (!v.ok) return v as never;
            }
            return ok(a);
          },
        },
      );
      attributeName ??= answer.attributeName.trim();
      for (const o of answer.options) values.set(o.optionNumber.trim(), o.value.trim());
    }
  } catch (error) {
    if (error instanceof QuotationStepError && error.kind === 'aborted') throw error;
    throw new QuotationStepError(MESSAGES.noAdditionalAttributes, 'bad_answer', error);
  }
  return { attributeName: attributeName ?? '', values };
}

/** The values earlier splits gave the product (a split product split again keeps them). */
function splitValuesOf(doc: StoredProduct): string[] {
  const values =
    isRecord(doc.splitGroup) && Array.isArray(doc.splitGroup.values) ? doc.splitGroup.values : [];
  return values.filter((v): v is string => typeof v === 'string');
}

/** Keeps the entries of a list of `{optionNumber}` that belong to the group, renumbered. */
function regroup(list: unknown, renumber: Map<string, string>): unknown[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const byNumber = new Map(list.filter(isRecord).map((e) => [text(e.optionNumber), e]));
  return [...renumber].flatMap(([prev, next]) => {
    const e = byNumber.get(prev);
    return e ? [{ ...e, optionNumber: next }] : [];
  });
}

/** Appends `, {value}` to a name (Q §4), once: a name that already ends so is kept. */
function withSplitSuffix(name: string, value: string): string {
  const n = name.trim();
  return !n || n.endsWith(`, ${value}`) ? n : `${n}, ${value}`;
}

/**
 * The name fields of a split product (Q §4: "each product's name gets ', {value}' appended",
 * issue 42): the field its display name is read from gets the name planSplit computed, and the
 * document names (coupangDoc.productName, each option document's startPage.productName) that hold a
 * name get the value appended, so the registration's name follows.
 */
function splitNameFields(doc: StoredProduct, plannedName: string): Record<string, unknown> {
  const seoName = text(doc.seo?.productName).trim();
  if (seoName) return { seo: { ...doc.seo, productName: plannedName } };
  if (text(doc.productNameTrans).trim()) return { productNameTrans: plannedName };
  if (text(doc.korName).trim()) return { korName: plannedName };
  return { productName: plannedName };
}

/**
 * The fields of one split product: its options, documents, quotation, prices and its name (the
 * planned `{name}, {value}`); the distinguishing value is also the exposed attribute's value where
 * the schema has the attribute, and an item value otherwise (splitGroup: the export puts it in the
 * item names).
 */
function groupFields(
  job: QuotationJob,
  subject: Subject,
  group: SplitProduct<{ optionNumber: string; exposedAttributes: never[]; additionalValue: string }>,
  attributeName: string,
): ProductFields {
  const doc = subject.doc;
  const options = doc.options ?? [];
  const docs = documentsOf(doc);
  const renumber = new Map(group.options.map((o) => [o.previousOptionNumber, o.option.optionNumber]));
  const indexOf = new Map(options.map((o, i) => [text(o.optionNumber), i]));
  const splitValues = [...splitValuesOf(doc), group.additionalValue];
  const schemaHasAttribute = job.schema.attributes.some((a) => a.exposed && a.name === attributeName);
  const context = normalizeContextOf(doc, job.settings);
  const groupDocs = [...renumber].map(([prev, next]) => {
    const d = structuredClone(docs[indexOf.get(prev) ?? -1] ?? {});
    if (d.productPage?.modelNumber === prev) d.productPage.modelNumber = next;
    if (text(d.startPage?.productName).trim())
      d.startPage = {
        ...d.startPage,
        productName: withSplitSuffix(text(d.startPage?.productName), group.additionalValue),
      };
    if (schemaHasAttribute) {
      const list = exposedAttributesOf(d).map((a) =>
        a.attributeName === attributeName ? { ...a, attributeValue: group.additionalValue } : a,
      );
      if (d.productPage?.commonAttributes?.exposedAttributes)
        d.productPage.commonAttributes.exposedAttributes = list;
      else if (d.productPage?.exposedAttributes) d.productPage.exposedAttributes = list;
    }
    return normalizeOptionDocument(d, context).doc;
  });
  const coupangName = text(doc.coupangDoc?.productName);
  const fields: ProductFields = {
    ...splitNameFields(doc, group.productName),
    ...(doc.fieldSources ? { fieldSources: remapFieldSources(doc.fieldSources, indexOf, renumber) } : {}),
    options: [...renumber].map(([prev, next]) => ({
      ...options[indexOf.get(prev) ?? -1],
      optionNumber: next,
      quotationStatus: 'completed',
    })),
    coupangDoc: {
      ...doc.coupangDoc,
      ...(coupangName.trim() ? { productName: withSplitSuffix(coupangName, group.additionalValue) } : {}),
      jsonDocument: groupDocs,
    },
    quotationStatus: 'completed',
    splitGroup: { attributeName, value: group.additionalValue, values: splitValues },
  };
  if (doc.quotation) {
    const quotationName = text(doc.quotation.productName);
    fields.quotation = {
      ...doc.quotation,
      // The quotation summary's name is the registration's name: it follows the split too (Q §4).
      ...(quotationName.trim() ? { productName: withSplitSuffix(quotationName, group.additionalValue) } : {}),
      options: regroup(doc.quotation.options, renumber) ?? [],
    };
  }
  if (doc.pricing?.options) {
    fields.pricing = { ...doc.pricing, options: regroup(doc.pricing.options, renumber) };
  }
  if (doc.seo?.options) {
    const seo = isRecord(fields.seo) ? fields.seo : doc.seo;
    fields.seo = { ...seo, options: regroup(doc.seo.options, renumber) };
  }
  return fields;
}

/**
 * Where each value came from (doc.fieldSources) follows its option to its new place: paths under
 * options.{i} and coupangDoc.jsonDocument.{i} get the option's index in the split product; paths of
 * options that went to another product are dropped; other paths stay.
 */
function remapFieldSources(
  sources: Record<string, unknown>,
  indexOf: Map<string, number>,
  renumber: Map<string, string>,
): Record<string, unknown> {
  const newIndex = new Map([...renumber.keys()].map((prev, i) => [indexOf.get(prev), i]));
  const out: Record<string, unknown> = {};
  for (const [path, source] of Object.entries(sources)) {
    const m = /^(options|coupangDoc\.jsonDocument)\.(\d+)(\..*)?$/.exec(path);
    if (!m) {
      if (!/^(quotation|pricing|seo)\.options\.\d+/.test(path)) out[path] = source;
      continue;
    }
    const next = newIndex.get(Number(m[2]));
    if (next !== undefined) out[`${m[1]}.${next}${m[3] ?? ''}`] = source;
  }
  return out;
}

/** The next free `{base}_{n}` suffix (n ≥ 2). */
async function nextSuffix(job: QuotationJob, base: string): Promise<number> {
  const ids = await job.ctx.deps.products.registrationIdsWithPrefix(job.ctx.companyId, base);
  const used = ids.map((id) => Number(id.slice(base.length + 1))).filter((n) => Number.isInteger(n));
  return Math.max(1, ...used) + 1;
}

/**
 * Splits one product by the detected additional attribute (Q §4 Split): the first group updates the
 * product itself; every other group becomes a new product `{registrationId}_{n}`; option numbers
 * restart at 001 in each product and the value tells it apart (splitGroup). The new products (with
 * their value sources, doc.fieldSources) and the original's restructuring are written by the product
 * store in one transaction, so a failure leaves the original as it was and makes nothing.
 */
async function splitOnce(
  job: QuotationJob,
  subject: Subject,
  groups: string[][],
  translated: readonly TranslatedAttribute[],
  baseRegistrationId: string,
): Promise<{ original: Subject; created: SplitProductInfo[] }> {
  const { companyId } = job.ctx;
  const detected = await detectAdditionalAttribute(job, subject, groups, translated);
  const options = readJobOptions(subject.doc);
  const plan = planSplit({
    registrationId: subject.registrationId,
    productName: productDisplayName(subject.doc),
    additionalAttributeName: detected.attributeName,
    options: options.map((o: JobOption) => ({
      optionNumber: o.optionNumber,
      exposedAttributes: [] as never[],
      additionalValue: detected.values.get(o.optionNumber),
    })),
    firstSuffix: await nextSuffix(job, baseRegistrationId),
    baseRegistrationId,
  });
  if (!plan.ok) {
    const code = plan.issues[0]?.code;
    throw new QuotationStepError(
      code === 'splitNotNeeded' ? MESSAGES.splitNotNeeded : MESSAGES.noAdditionalAttributes,
      'bad_answer',
    );
  }
  const [first, ...others] = plan.value as SplitProduct<{
    optionNumber: string;
    exposedAttributes: never[];
    additionalValue: string;
  }>[];
  const base = subject.stored;
  const items = others.map((g) => ({
    ...structuredClone(base),
    ...groupFields(job, subject, g, detected.attributeName),
    registrationId: g.registrationId,
    splitFrom: subject.id,
  }));
  // A restructuring of the seller's product (options move, the value is set), not AI content:
  // written as it is, with the value sources moved along (remapFieldSources). Its quotationStatus
  // is the runner's to write (the task's outcome).
  const {
    fieldSources,
    quotationStatus: _status,
    ...own
  } = groupFields(job, subject, first!, detected.attributeName);
  let rows: ProductRow[];
  try {
    rows = await job.ctx.deps.products.create(
      companyId,
      items.map((doc) => ({ registrationId: doc.registrationId, doc })),
      {
        productId: subject.id,
        change: {
          set: { ...own, processError: null },
          ...(fieldSources ? { serverFields: { fieldSources } } : {}),
        },
      },
    );
  } catch (error) {
    const message =
      error instanceof ProductGoneError
        ? MESSAGES.splitOriginalUpdateFailed
        : MESSAGES.splitProductCreateFailed;
    throw new QuotationStepError(message, 'exception', error);
  }
  const valid =
    rows.length === items.length && rows.every((p, i) => p.registration_id === items[i]!.registrationId);
  if (!valid) throw new QuotationStepError(MESSAGES.splitProductCreateFailed, 'exception');
  const created = rows.map((p) => ({
    _id: p.id,
    registrationId: p.registration_id,
    productName: productDisplayName(p.doc),
  }));
  const row = await job.ctx.deps.products.find(companyId, subject.id);
  return {
    original: row ? subjectOf(row) : subject,
    created,
  };
}

/**
 * Q §4 steps 7–8 for the product and, recursively, for every product a split makes: while a
 * product has options with identical exposed attributes it is split again (up to MAX_SPLIT_DEPTH).
 * A first-level failure is thrown (the caller puts the original back to completed); a deeper one
 * leaves that split product as it is. Answers every new product.
 */
export async function splitWhileAmbiguous(
  job: QuotationJob,
  subject: Subject,
  translated: readonly TranslatedAttribute[],
  depth = 0,
): Promise<SplitProductInfo[]> {
  const groups = duplicateGroupsOf(subject.doc);
  if (groups.length === 0 || depth >= MAX_SPLIT_DEPTH) return [];
  let result: { original: Subject; created: SplitProductInfo[] };
  try {
    result = await splitOnce(job, subject, groups, translated, job.registrationId);
  } catch (error) {
    if (depth === 0) throw error;
    job.ctx.deps.log.warn({ err: String(error), productId: subject.id }, 'split of a split product failed');
    return [];
  }
  const created = [...result.created];
  const again = [result.original];
  for (const c of result.created) {
    const row = await job.ctx.deps.products.find(job.ctx.companyId, c._id);
    if (row) again.push(subjectOf(row));
  }
  for (const s of again) created.push(...(await splitWhileAmbiguous(job, s, translated, depth + 1)));
  return created;
}
