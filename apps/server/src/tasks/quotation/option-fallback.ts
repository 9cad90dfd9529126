import type { NameValue } from '@rr/domain';
import { attributeInfoWork } from '../../ai/prompts/get-attribute-info.ts';
import { askAi } from './ask-ai.ts';
import { sourceAttributesForPrompt } from './common-attributes.ts';
import { type JobOption, promptAttributes, promptProduct, type QuotationJob } from './quotation-job.ts';
import type { TranslatedAttribute } from './translate-attributes.ts';

/**
 * The per-option fallback (Q §4): one option's attributes by GET_ATTRIBUTE_INFO, 90 s and 3
 * retries (Q §9 "single option"). Attributes the schema does not list are dropped; one value each.
 */
export async function optionAttributes(
  job: QuotationJob,
  option: JobOption,
  translated: readonly TranslatedAttribute[],
): Promise<NameValue[]> {
  const answer = await askAi(
    job,
    attributeInfoWork,
    {
      productId: job.productId,
      product: promptProduct(job, sourceAttributesForPrompt(translated)),
      selectedOptionIndex: option.index,
      coupangSchema: { attributes: promptAttributes(job.schema.attributes) },
    },
    { variant: 'SINGLE_OPTION_ATTRIBUTES' },
  );
  const exposed = new Set(job.schema.attributes.filter((a) => a.exposed).map((a) => a.name));
  const unexposed = new Set(job.schema.attributes.filter((a) => !a.exposed).map((a) => a.name));
  const seen = new Set<string>();
  const keep = (allowed: Set<string>) => (v: { name: string; value: string | null }) => {
    const name = v.name.trim();
    if (!allowed.has(name) || seen.has(name)) return false;
    seen.add(name);
    return true;
  };
  return [...answer.exposed.filter(keep(exposed)), ...answer.unexposed.filter(keep(unexposed))].map((v) => ({
    name: v.name.trim(),
    value: v.value,
  }));
}
