import {
  harmonizeTranslations,
  type NameValue,
  ok,
  pickSourceAxis,
  readDifferentiatedBatch,
} from '@rr/domain';
import { differentiatedBatchWork } from '../../ai/prompts/quotation-differentiated-batch.ts';
import { askAi, QuotationStepError } from './ask-ai.ts';
import { sourceAttributesForPrompt } from './common-attributes.ts';
import { type JobOption, promptAttributes, promptProduct, type QuotationJob } from './quotation-job.ts';
import type { TranslatedAttribute } from './translate-attributes.ts';

/** Q §9: differentiated attributes are requested for 10 options at a time. */
export const DIFFERENTIATED_BATCH_SIZE = 10;

export type OptionValues = Map<string, NameValue[]>;

/**
 * Step 5 (Q §4): GET_DIFFERENTIATED_ATTRIBUTES_BATCH_{n} for 10 options at a time. Each answer must
 * hold exactly the options asked, matched by option number; attributes not asked are dropped. A
 * batch that gets no usable answer leaves its options to the per-option fallback (`failed`). Then
 * the same source text gets the same Korean in every batch.
 */
export async function differentiatedBatches(
  job: QuotationJob,
  names: readonly string[],
  options: readonly JobOption[],
  translated: readonly TranslatedAttribute[],
): Promise<{ values: OptionValues; failed: JobOption[]; errors: QuotationStepError[] }> {
  const values: OptionValues = new Map();
  const failed: JobOption[] = [];
  const errors: QuotationStepError[] = [];
  const attributes = job.schema.attributes.filter((a) => names.includes(a.name));
  if (attributes.length === 0) {
    for (const o of options) values.set(o.optionNumber, []);
    return { values, failed, errors };
  }
  for (let start = 0, n = 1; start < options.length; start += DIFFERENTIATED_BATCH_SIZE, n++) {
    const batch = options.slice(start, start + DIFFERENTIATED_BATCH_SIZE);
    const asked = batch.map((o) => o.optionNumber);
    try {
      const answer = await askAi(
        job,
        differentiatedBatchWork,
        {
          productId: job.productId,
          product: promptProduct(job, sourceAttributesForPrompt(translated), batch),
          options: promptProduct(job, [], batch).options ?? [],
          attributes: promptAttributes(attributes),
        },
        {
          task: `GET_DIFFERENTIATED_ATTRIBUTES_BATCH_${n}`,
          check: (a) => {
            const r = readDifferentiatedBatch(a.options, asked, names);
            return r.ok ? ok(a) : r;
          },
        },
      );
      const read = readDifferentiatedBatch(answer.options, asked, names);
      if (read.ok) for (const [number, list] of read.value) values.set(number, list);
    } catch (error) {
      if (error instanceof QuotationStepError && (error.kind === 'no_key' || error.kind === 'aborted'))
        throw error;
      errors.push(
        error instanceof QuotationStepError
          ? error
          : new QuotationStepError({ ko: String(error), en: String(error) }, 'exception', error),
      );
      failed.push(...batch);
    }
  }
  return { values: harmonizeOptionValues(job, values, names), failed, errors };
}

/**
 * Per attribute, the option axis its values follow (colour → the colour axis); entries whose
 * source text (that axis's 1688 value) is the same get the first Korean given for it.
 */
export function harmonizeOptionValues(
  job: QuotationJob,
  values: OptionValues,
  names: readonly string[],
): OptionValues {
  const byNumber = new Map(job.options.map((o) => [o.optionNumber, o]));
  const out: OptionValues = new Map([...values].map(([k, v]) => [k, v.map((x) => ({ ...x }))]));
  for (const name of names) {
    const entries = [...out].flatMap(([number, list]) => {
      const option = byNumber.get(number);
      const item = list.find((x) => x.name === name);
      return option && item ? [{ option, item }] : [];
    });
    const axis = pickSourceAxis(
      entries.map((e) => ({ axes: [e.option.source1, e.option.source2], value: e.item.value })),
    );
    if (axis === null) continue;
    const harmonized = harmonizeTranslations(
      entries.map((e) => ({
        attribute: name,
        source: axis === 0 ? e.option.source1 : e.option.source2,
        value: e.item.value === null ? null : String(e.item.value),
        item: e.item,
      })),
    );
    for (const h of harmonized) h.item.value = h.value;
  }
  return out;
}
