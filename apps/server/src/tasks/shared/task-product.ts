import {
  isRecord,
  makeOptionNumber,
  type OptionNamePart,
  type StoredProduct,
  type StoredProductOption,
} from '@rr/domain';
import type { PromptOption, PromptProduct } from '../../ai/prompts/work.ts';
import type { AiProviderConfig } from '../../ai/providers/provider.ts';
import type { TaskContext } from '../../workflow/task.ts';

// What every task reads first: the product (as stored) and the company's AI provider.

export { isRecord };

export const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

export type TaskProduct = {
  id: string;
  registrationId: string;
  /** The stored product, parsed once by the repository. */
  doc: StoredProduct;
  options: StoredProductOption[];
};

/** The product of the task, or undefined when it is gone (deleted, another company's). */
export async function loadTaskProduct(ctx: TaskContext): Promise<TaskProduct | undefined> {
  const row = await ctx.deps.products.find(ctx.companyId, ctx.productId);
  if (!row) return undefined;
  return { id: row.id, registrationId: row.registration_id, doc: row.doc, options: row.doc.options ?? [] };
}

export function aiProviderOf(ctx: TaskContext): Promise<AiProviderConfig> {
  return ctx.deps.settings.aiProvider(ctx.companyId);
}

/** A provider that needs a key and has none (W §4 Size chart: "with no AI key the request is skipped"). */
export function lacksAiKey(config: AiProviderConfig): boolean {
  return config.provider !== 'offline' && !config.apiKey;
}

/** The call context every AI request of a task carries. */
export function aiContext(ctx: TaskContext) {
  return { companyId: ctx.companyId, productId: ctx.productId, signal: ctx.signal };
}

/** An option's name as prompts show it: Korean when known, else the source value. */
function optionValue(o: Partial<OptionNamePart> | null | undefined): string | undefined {
  return text(o?.nameTrans) || text(o?.name) || undefined;
}

/** The option's axis values as prompts and names show them (Korean when known), blanks left out. */
export function optionValuesOf(o: StoredProductOption): string[] {
  return [optionValue(o.option1), optionValue(o.option2)].filter((v): v is string => v !== undefined);
}

export function optionNumberOf(option: StoredProductOption, index: number, registrationId: string): string {
  return text(option.optionNumber) || makeOptionNumber(registrationId, index + 1);
}

/** The product as the prompts read it (W §3 fields; option names in their Korean form when known). */
export function promptProductOf(product: TaskProduct): PromptProduct {
  const d = product.doc;
  const options: PromptOption[] = product.options.map((o, i) => ({
    optionNumber: optionNumberOf(o, i, product.registrationId),
    korName: text(o.korName) || undefined,
    option1: optionValue(o.option1),
    option2: optionValue(o.option2),
  }));
  return {
    productName: text(d.productName) || undefined,
    korName: text(d.seo?.productName) || text(d.korName) || undefined,
    subject: text(d.subject) || undefined,
    subjectTrans: text(d.subjectTrans) || undefined,
    productNameTrans: text(d.productNameTrans) || undefined,
    categoryPath: text(d.categoryPath) || text(d.rocketRegInfo?.categoryPath) || undefined,
    brand: text(d.brand) || undefined,
    attributes: (d.attributes ?? []).map((a) => ({
      attributeName: text(a.attributeName) || text(a.name),
      value: a.valueTrans ?? a.value ?? a.attributeValue,
    })),
    options,
  };
}

/** The number of option documents (coupangDoc.jsonDocument) the product has. */
export function optionDocumentCount(doc: StoredProduct): number {
  return doc.coupangDoc?.jsonDocument?.length ?? 0;
}

/** Waits `ms` (already scaled) unless the task is cancelled first. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
