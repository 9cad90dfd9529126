import {
  buildQuotationSummary,
  type CatalogueMessage,
  checkDocumentAgainstSchema,
  deriveOverallResultStatus,
  deriveProductQuotationStatus,
  findFieldSource,
  formatMessage,
  MESSAGES,
  type NameValue,
  type ProductFields,
  productDisplayName,
  productPath,
  type QuotationSelection,
  readFieldSources,
  selectQuotationOptions,
  syncDocumentNames,
  type TaskStatus,
} from '@rr/domain';
import type { TaskContext, TaskOutcome, WorkflowTask } from '../../workflow/task.ts';
import { joinMessages } from '../shared/task-messages.ts';
import { analyzeSchema } from './analyze-schema.ts';
import { type AppliedOption, applyOption } from './apply-quotation.ts';
import { QuotationStepError } from './ask-ai.ts';
import { type CommonAnswers, commonAttributes, noticeCategoryOf } from './common-attributes.ts';
import { differentiatedBatches } from './differentiated-batches.ts';
import { optionAttributes } from './option-fallback.ts';
import { type JobOption, loadQuotationJob, QuotationInputError, type QuotationJob } from './quotation-job.ts';
import { saveFields } from './save-fields.ts';
import { type SplitProductInfo, splitWhileAmbiguous, subjectOf } from './split-product.ts';
import { type TranslatedAttribute, translateAttributes } from './translate-attributes.ts';

// The quotation (quotation-spec.md §4): one registration document per option, in the spec's order.
//   1 translate source attributes → 2 initial quotation (processing) → 3 analyse the schema →
//   4 common attributes → 5 differentiated attributes in batches of 10 → 6 merge and apply with the
//   document rules → 7 duplicate check → 8 detect the additional attribute and split.
// When the batch flow cannot run (schema analysis failed or empty, common attributes failed) every
// option is processed on its own; a batch that fails sends its options there too.

export type QuotationMode = QuotationSelection;

const message = (key: keyof typeof MESSAGES, params: Record<string, string | number> = {}) => ({
  ko: formatMessage(key, params, 'ko'),
  en: formatMessage(key, params, 'en'),
});

export async function runQuotation(
  ctx: TaskContext,
  mode: QuotationMode = { kind: 'all' },
): Promise<TaskOutcome> {
  let job: QuotationJob;
  try {
    job = await loadQuotationJob(ctx);
  } catch (error) {
    if (!(error instanceof QuotationInputError)) throw error;
    return { status: 'error', result: 'error', message: error.userMessage };
  }
  const targets = selectOptions(job, mode);
  if (targets.length === 0) {
    const m = mode.kind === 'failed' ? MESSAGES.noOptionsToReprocess : MESSAGES.noOptionsToProcess;
    return { status: 'error', result: 'error', message: m };
  }
  // The runner has set quotationStatus to processing and tells the screens; this task returns its
  // outcome (the runner writes the status). Per-option statuses are the task's data.
  try {
    return await generate(job, targets, mode);
  } catch (error) {
    // An unexpected failure (the database, a cancelled run): the product says so, nothing half-done.
    const detail = error instanceof QuotationStepError ? error.userMessage.ko : String(error);
    await saveFields(ctx, job.productId, {
      processError: {
        message: MESSAGES.quotationProcessingError.ko,
        timestamp: new Date().toISOString(),
        error: detail,
      },
    }).catch(() => false);
    return { status: 'error', result: 'error', message: MESSAGES.quotationProcessingError };
  }
}

function selectOptions(job: QuotationJob, mode: QuotationMode): JobOption[] {
  const chosen = new Set(selectQuotationOptions(job.doc.options ?? [], job.doc.processError, mode));
  return job.options.filter((o) => chosen.has(o.optionNumber));
}

async function generate(job: QuotationJob, targets: JobOption[], mode: QuotationMode): Promise<TaskOutcome> {
  const { ctx } = job;
  const now = () => new Date().toISOString();

  // 1. Translate the source attributes (skipped without a key: the original text is used).
  const translation = await translateAttributes(job).catch((error: unknown) => {
    if (error instanceof QuotationStepError && error.kind === 'aborted') throw error;
    return { attributes: job.options.length ? fallbackTranslation(job) : [], skipped: true };
  });
  const translated = translation.attributes;

  // 2. The initial quotation; the options worked on are processing.
  const initial: ProductFields = {};
  if (mode.kind === 'all') {
    initial.quotation = {
      productName: productDisplayName(job.doc),
      options: job.options.map((o) => ({
        optionNumber: o.optionNumber,
        korName: o.korName,
        attributes: [],
        notices: [],
      })),
      certificates: [],
      generatedAt: now(),
    };
  }
  for (const o of targets) initial[productPath('options', o.index, 'quotationStatus')] = 'processing';
  translated.forEach((t) => {
    if (t.valueKo !== t.value) initial[productPath('attributes', t.index, 'valueTrans')] = t.valueKo;
  });
  await saveFields(ctx, job.productId, initial);

  // 3–5. The batch flow; its failures fall back to one option at a time.
  const values = new Map<string, NameValue[]>();
  let common: CommonAnswers | null = null;
  let pending: JobOption[] = targets;
  let fallbackReason: CatalogueMessage | null = null;
  try {
    const split = await analyzeSchema(job); // 3
    common = await commonAttributes(job, split.common, translated); // 4
    const batches = await differentiatedBatches(job, split.differentiated, targets, translated); // 5
    for (const [number, list] of batches.values) values.set(number, list);
    pending = batches.failed;
  } catch (error) {
    if (error instanceof QuotationStepError && error.kind === 'aborted') throw error;
    fallbackReason = error instanceof QuotationStepError ? error.userMessage : MESSAGES.unknownError;
    ctx.deps.log.info(
      { productId: job.productId, reason: fallbackReason.en },
      'quotation: per-option fallback',
    );
  }
  if (pending.length > 0 && common === null) common = await commonForFallback(job, translated);
  const failed: { option: JobOption; error: CatalogueMessage }[] = [];
  for (const option of pending) {
    try {
      values.set(option.optionNumber, await optionAttributes(job, option, translated));
    } catch (error) {
      if (error instanceof QuotationStepError && error.kind === 'aborted') throw error;
      failed.push({
        option,
        error: error instanceof QuotationStepError ? error.userMessage : MESSAGES.unknownError,
      });
    }
  }

  // 6. Merge and apply to each option's document (document rules included); option completed.
  const applied: AppliedOption[] = [];
  for (const option of targets) {
    const list = values.get(option.optionNumber);
    if (!list || failed.some((f) => f.option === option)) continue;
    applied.push(applyOption(job, option, common, list, translated));
  }
  const failedNumbers = failed.map((f) => f.option.optionNumber);
  // Options not in this run keep their status (a reprocess counts the whole product).
  const others = job.options.filter((o) => !targets.includes(o));
  const succeeded = applied.length + others.filter((o) => o.quotationStatus === 'completed').length;
  const failedCount = failed.length + others.filter((o) => o.quotationStatus === 'error').length;
  const allFailedNumbers = [
    ...others.filter((o) => o.quotationStatus === 'error').map((o) => o.optionNumber),
    ...failedNumbers,
  ];
  // Options never quoted (a manual quotation of some options): the product is not done, and the
  // duplicate check waits until every option has its document.
  const unquoted = others.filter((o) => o.quotationStatus !== 'completed' && o.quotationStatus !== 'error');
  const derived: TaskStatus = deriveProductQuotationStatus({
    succeeded,
    failed: failedCount,
    duplicateCheckPending: true,
  });
  const status: TaskStatus = unquoted.length > 0 && derived !== 'error' ? 'partially_completed' : derived;
  const fields: ProductFields = {};
  for (const a of applied) {
    fields[productPath('coupangDoc', 'jsonDocument', a.option.index)] = a.doc;
    fields[productPath('options', a.option.index, 'quotationStatus')] = 'completed';
    fields[productPath('options', a.option.index, 'updatedAt')] = now();
  }
  for (const f of failed) fields[productPath('options', f.option.index, 'quotationStatus')] = 'error';
  fields.quotation = quotationOf(job, common, applied, mode);
  // The envelope's name follows the SEO name too (the documents' names are in the documents above).
  const sources = readFieldSources(job.doc.fieldSources);
  const envelope = syncDocumentNames(
    job.doc.seo?.productName ?? '',
    1,
    (path) => findFieldSource(sources, path) === 'seller',
  )['coupangDoc.productName'];
  if (envelope) fields['coupangDoc.productName'] = envelope;
  if (failedCount > 0) {
    fields.processError = {
      message:
        succeeded === 0
          ? MESSAGES.quotationProcessingError.ko
          : formatMessage('optionsHadErrors', { n: failedCount }),
      timestamp: now(),
      failedOptions: allFailedNumbers,
      ...(failed[0] ? { error: failed[0].error.ko } : {}),
    };
  } else fields.processError = null;
  const kept = (await saveFields(ctx, job.productId, fields)) ?? [];
  const skipped = kept.length ? { skipped: kept } : {};

  const total = succeeded + failedCount;
  const finalMessage = message('quotationGenerated', { total, success: succeeded, failure: failedCount });
  const result =
    unquoted.length > 0 && succeeded > 0 ? 'partial' : deriveOverallResultStatus(succeeded, failedCount);
  if (failedCount > 0 || unquoted.length > 0) {
    await ctx.emit({ type: 'product-updated', productId: job.productId });
    return {
      status,
      result,
      message: succeeded === 0 ? MESSAGES.quotationProcessingError : finalMessage,
      ...skipped,
    };
  }

  // 7–8. Every option succeeded (status processing): duplicates → additional attribute → split.
  let created: SplitProductInfo[] = [];
  let splitFailure: CatalogueMessage | null = null;
  try {
    const row = await loadFresh(job);
    created = await splitWhileAmbiguous(job, row, translated);
    // A product split again was renamed after it was created: the event names the final products.
    for (const c of created) {
      const fresh = await ctx.deps.products.find(ctx.companyId, c._id);
      if (fresh) c.productName = productDisplayName(fresh.doc);
    }
  } catch (error) {
    if (error instanceof QuotationStepError && error.kind === 'aborted') throw error;
    splitFailure = error instanceof QuotationStepError ? error.userMessage : MESSAGES.unknownError;
  }
  await ctx.emit({ type: 'product-updated', productId: job.productId });
  if (created.length > 0 && ctx.deps.salesLinks) {
    // Issue 41: the sales links of the moved options follow them (a failure is repaired by the next
    // sales sync's link pass: the links find their options by identity).
    await ctx.deps.salesLinks
      .follow(ctx.companyId)
      .catch((err: unknown) =>
        ctx.deps.log.warn(
          { err: String(err), productId: job.productId },
          'sales links did not follow the split',
        ),
      );
  }
  if (created.length > 0) {
    const splitTotal = created.length + 1;
    const splitMessage = message('splitProductsCreated', {
      total: splitTotal,
      // Each name carries its value (Q §4: "{name}, {value}").
      names: created.map((c) => c.productName || c.registrationId).join(' · '),
    });
    await ctx.emit({
      type: 'product-split-completed',
      originalProductId: job.productId,
      splitProducts: created,
      total: splitTotal,
      message: splitMessage,
    });
    return { status: 'completed', result: 'split_completed', message: splitMessage, ...skipped };
  }
  return {
    status: 'completed',
    result: 'completed',
    message: joinMessages(
      splitFailure ?? (fallbackReason ? MESSAGES.quotationFallback : finalMessage),
      schemaNotes(job, applied),
    ),
    ...skipped,
  };
}

/**
 * Issue 42: Q §5's per-option schema check on the server, as the quotation tab runs it: the options
 * whose new document misses a mandatory attribute or has its attributes out of the schema's order
 * are named in the outcome ("옵션 2에 필수 속성이 누락되었습니다: 소재"); the pre-flight stops them.
 */
export function schemaNotes(
  job: Pick<QuotationJob, 'schema'>,
  applied: readonly Pick<AppliedOption, 'doc' | 'option'>[],
): CatalogueMessage | undefined {
  const issues = applied.flatMap((a) =>
    checkDocumentAgainstSchema(a.doc, job.schema, a.option.index + 1).filter(
      (i) => i.code === 'optionMissingRequiredAttributes' || i.code === 'attributeOrderError',
    ),
  );
  if (issues.length === 0) return undefined;
  return {
    ko: issues.map((i) => i.message).join(' '),
    en: issues.map((i) => formatMessage(i.code, i.params ?? {}, 'en')).join(' '),
  };
}

/** Without a translation answer the source text is used as it is (§6 wording), never an error. */
function fallbackTranslation(job: QuotationJob): TranslatedAttribute[] {
  return (job.doc.attributes ?? []).flatMap((a, index) => {
    const name = String(a.attributeName ?? a.name ?? '');
    const value = String(a.value ?? a.attributeValue ?? '');
    return name || value ? [{ index, name, value, nameKo: name, valueKo: value }] : [];
  });
}

/**
 * Per-option processing still fills the notices, certificates, logistics, model number and tags:
 * one GET_COMMON_OTHER_ATTRIBUTES call for them (no attributes). If it fails too, the documents
 * keep what they have there and the document rules fill the notices from the settings.
 */
async function commonForFallback(job: QuotationJob, translated: readonly TranslatedAttribute[]) {
  try {
    return await commonAttributes(job, [], translated);
  } catch (error) {
    if (error instanceof QuotationStepError && error.kind === 'aborted') throw error;
    return {
      attributes: [],
      notices: [],
      certificates: [],
      logistics: undefined,
      modelNumber: undefined,
      searchTags: [],
      noticeCategory: noticeCategoryOf(job),
    } satisfies CommonAnswers;
  }
}

/** Q §3 Quotation: the product-level summary with one entry per option (earlier entries kept). */
function quotationOf(
  job: QuotationJob,
  common: CommonAnswers | null,
  applied: AppliedOption[],
  mode: QuotationMode,
) {
  const previous = job.doc.quotation ?? {};
  const byNumber = new Map<string, unknown>();
  if (mode.kind !== 'all') {
    for (const o of previous.options ?? []) byNumber.set(String(o.optionNumber), o);
  }
  for (const a of applied) byNumber.set(a.option.optionNumber, a.quotation);
  const firstDoc = applied[0]?.doc ?? job.coupangDoc.jsonDocument[0];
  const info = job.doc.rocketRegInfo;
  const certificates = common
    ? common.certificates.map((c) => ({ name: c.name, value: c.value }))
    : (previous.certificates ?? []);
  return {
    ...(mode.kind === 'all' ? {} : previous),
    ...buildQuotationSummary({
      productName: productDisplayName(job.doc),
      document: firstDoc,
      category: {
        categoryPath: info?.categoryPath ?? undefined,
        categoryId: info?.categoryId ?? undefined,
        displayCategoryCode: info?.displayCategoryCode ?? undefined,
      },
      certificates,
      generatedAt: new Date().toISOString(),
    }),
    searchTags: firstDoc?.productPage?.searchTags ?? '',
    options: job.options.flatMap((o) => {
      const q = byNumber.get(o.optionNumber);
      return q ? [q] : [];
    }),
  };
}

async function loadFresh(job: QuotationJob) {
  const row = await job.ctx.deps.products.find(job.ctx.companyId, job.productId);
  if (!row) throw new QuotationStepError(MESSAGES.quotationProductIdMissing, 'exception');
  return subjectOf(row);
}

export const quotationTask: WorkflowTask = {
  name: 'quotation',
  // A quotation-only run may name its options (manual quotation) or ask for the failed ones.
  run: (ctx) => runQuotation(ctx, ctx.quotationMode ?? { kind: 'all' }),
};
