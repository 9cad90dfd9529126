import {
  type CatalogueMessage,
  CategorySchema,
  type CoupangDoc,
  isRecord,
  MESSAGES,
  type OptionNamePart,
  type RegistrationDocument,
  replaceCjkWithKorean,
  type StoredProduct,
} from '@rr/domain';
import type { PromptOption, PromptProduct, PromptSchemaAttribute } from '../../ai/prompts/work.ts';
import type { AiProviderConfig } from '../../ai/providers/provider.ts';
import type { TaskContext, TaskDeps } from '../../workflow/task.ts';

/** A product the quotation cannot start on (Q §5, §8): the message is the spec's. */
export class QuotationInputError extends Error {
  readonly userMessage: CatalogueMessage;
  constructor(userMessage: CatalogueMessage) {
    super(userMessage.en);
    this.name = 'QuotationInputError';
    this.userMessage = userMessage;
  }
}

/** One option as the quotation sees it: its index in options / jsonDocument and its source text. */
export type JobOption = {
  index: number;
  optionNumber: string;
  korName: string;
  /** The option's own values, Korean when translated, else the 1688 text (prompt input). */
  option1: string;
  option2: string;
  /** The 1688 text of the option (the "source" of values made from it). */
  source1: string;
  source2: string;
  /** The 1688 axis names (颜色, 尺码), when known. */
  axis1: string;
  axis2: string;
  quotationStatus: string | undefined;
};

export type DefaultSettings = Awaited<ReturnType<TaskDeps['settings']['defaults']>>;

/** Everything the steps read, loaded once (the product is re-read only before writing a split). */
export type QuotationJob = {
  ctx: TaskContext;
  productId: string;
  registrationId: string;
  /** The stored product, parsed once by the repository. */
  doc: StoredProduct;
  schema: CategorySchema;
  coupangDoc: CoupangDoc & { jsonDocument: RegistrationDocument[] };
  options: JobOption[];
  settings: DefaultSettings;
  provider: AiProviderConfig;
  /** Every wait taken between AI attempts, in ms after pauseScale (kept for the task's log and tests). */
  waits: number[];
};

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * Reads the product and checks what Q §5 requires, in the spec's order: an id ('invalid product
 * information'), rocketRegInfo ('product has no registration info'), options ('no options to
 * process'), a coupangDoc with a non-empty jsonDocument ('coupangDoc is missing…').
 */
export async function loadQuotationJob(ctx: TaskContext): Promise<QuotationJob> {
  const { products, settings: reader } = ctx.deps;
  if (!ctx.productId) throw new QuotationInputError(MESSAGES.quotationProductIdMissing);
  const row = await products.find(ctx.companyId, ctx.productId);
  if (!row) throw new QuotationInputError(MESSAGES.quotationProductIdMissing);
  const doc = row.doc;
  const schemaInfo = doc.rocketRegInfo?.schemaInfo;
  if (!isRecord(schemaInfo)) throw new QuotationInputError(MESSAGES.registrationInfoMissing);
  if (!doc.options?.length) throw new QuotationInputError(MESSAGES.noOptionsToProcess);
  const coupangDoc = doc.coupangDoc;
  if (!coupangDoc?.jsonDocument?.length) throw new QuotationInputError(MESSAGES.coupangDocMissing);
  const options = readJobOptions(doc);
  const [settings, provider] = await Promise.all([
    reader.defaults(ctx.companyId),
    reader.aiProvider(ctx.companyId),
  ]);
  return {
    ctx,
    productId: row.id,
    registrationId: row.registration_id,
    doc,
    schema: CategorySchema.parse(schemaInfo),
    coupangDoc: { ...coupangDoc, jsonDocument: coupangDoc.jsonDocument },
    options,
    settings,
    provider,
    waits: [],
  };
}

/** The product's options as the quotation reads them (names from SEO when the option has none). */
export function readJobOptions(doc: StoredProduct): JobOption[] {
  const seoNames = new Map<string, string>();
  for (const o of doc.seo?.options ?? []) seoNames.set(text(o.optionNumber), text(o.korName));
  return (doc.options ?? []).map((o, index): JobOption => {
    const o1: Partial<OptionNamePart> = o.option1 ?? {};
    const o2: Partial<OptionNamePart> = o.option2 ?? {};
    const optionNumber = text(o.optionNumber);
    return {
      index,
      optionNumber,
      korName: text(o.korName) || seoNames.get(optionNumber) || '',
      option1: text(o1.nameTrans) || text(o1.name),
      option2: text(o2.nameTrans) || text(o2.name),
      source1: text(o1.name),
      source2: text(o2.name),
      axis1: text(o1.axis),
      axis2: text(o2.axis),
      quotationStatus: typeof o.quotationStatus === 'string' ? o.quotationStatus : undefined,
    };
  });
}

/** Q §5 / §8: applying needs the option's jsonDocument entry ('no jsonDocument entry for option index N'). */
export function documentOf(job: QuotationJob, option: JobOption): RegistrationDocument {
  const entry = job.coupangDoc.jsonDocument[option.index];
  if (!isRecord(entry)) {
    throw new QuotationInputError({
      ko: MESSAGES.jsonDocumentEntryMissing.ko.replace('{index}', String(option.index)),
      en: MESSAGES.jsonDocumentEntryMissing.en.replace('{index}', String(option.index)),
    });
  }
  return entry;
}

/** Whether the AI can be asked at all (§6: a stored key; the offline provider needs none). */
export function hasAiKey(job: QuotationJob): boolean {
  return job.provider.provider === 'offline' || !!job.provider.apiKey;
}

// ------------------------------------------------------------------ prompt inputs

export function promptOption(option: JobOption): PromptOption {
  return {
    optionNumber: option.optionNumber,
    ...(option.korName ? { korName: option.korName } : {}),
    ...(option.option1 ? { option1: option.option1 } : {}),
    ...(option.option2 ? { option2: option.option2 } : {}),
    ...(option.axis1 ? { axis1: replaceCjkWithKorean(option.axis1) } : {}),
    ...(option.axis2 ? { axis2: replaceCjkWithKorean(option.axis2) } : {}),
  };
}

export function promptProduct(
  job: QuotationJob,
  attributes: PromptProduct['attributes'],
  options: readonly JobOption[] = job.options,
): PromptProduct {
  const d = job.doc;
  const seoName = text(d.seo?.productName);
  return {
    productName: seoName || text(d.productNameTrans) || text(d.korName) || text(d.productName),
    korName: text(d.korName) || seoName || undefined,
    subject: text(d.subject) || undefined,
    categoryPath: text(d.rocketRegInfo?.categoryPath) || undefined,
    brand: text(d.brand) || job.settings.brand || undefined,
    attributes,
    options: options.map(promptOption),
  };
}

export function promptAttributes(attributes: CategorySchema['attributes']): PromptSchemaAttribute[] {
  return attributes.map((a) => ({
    name: a.name,
    inputType: a.inputType,
    choices: a.choices,
    required: a.required,
    exposed: a.exposed,
    basicUnit: a.basicUnit,
  }));
}
