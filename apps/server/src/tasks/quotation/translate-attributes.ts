import { containsCjk, fail, issue, ok, replaceCjkWithKorean, restoreVerbatimTokens } from '@rr/domain';
import { translateAttributesWork } from '../../ai/prompts/quotation-translate-attributes.ts';
import { askAi } from './ask-ai.ts';
import { hasAiKey, type QuotationJob } from './quotation-job.ts';

/** A source attribute with its Korean (or, without a key, its original text). */
export type TranslatedAttribute = {
  index: number;
  /** The 1688 text. */
  name: string;
  value: string;
  /** Korean, or the original when the translation was skipped. */
  nameKo: string;
  valueKo: string;
};

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * Step 1 (Q §4): the source attributes in Korean (TRANSLATE_ATTRIBUTES, with the unit table in the
 * prompt). Same count and order as asked, else a bad answer. Numbers, units, model numbers and
 * material codes are kept verbatim; Chinese the model left is replaced by the domain's table.
 * Without an AI key the translation is skipped and the original text kept (§5, §6): not an error.
 */
export async function translateAttributes(
  job: QuotationJob,
): Promise<{ attributes: TranslatedAttribute[]; skipped: boolean }> {
  const source = (job.doc.attributes ?? []).flatMap((a, index) => {
    const name = text(a.attributeName) || text(a.name);
    const value = text(a.value) || text(a.attributeValue);
    return name || value
      ? [{ index, name, value, known: text(a.valueTrans), knownName: text(a.nameTrans) }]
      : [];
  });
  const keep = source.map((s) => ({
    index: s.index,
    name: s.name,
    value: s.value,
    nameKo: s.knownName || s.name,
    valueKo: s.known || s.value,
  }));
  if (source.length === 0) return { attributes: keep, skipped: false };
  if (!hasAiKey(job)) return { attributes: keep, skipped: true };

  const answer = await askAi(
    job,
    translateAttributesWork,
    { productId: job.productId, attributes: source.map((s) => ({ attributeName: s.name, value: s.value })) },
    {
      check: (a) =>
        a.attributes.length === source.length
          ? ok(a)
          : fail([issue('batchAnswerCountMismatch', { expected: source.length, got: a.attributes.length })]),
    },
  );
  const attributes = source.map((s, i) => {
    const t = answer.attributes[i]!;
    const clean = (original: string, translated: string) => {
      const kept = restoreVerbatimTokens(original, translated.trim());
      return containsCjk(kept) ? replaceCjkWithKorean(kept) : kept;
    };
    return {
      index: s.index,
      name: s.name,
      value: s.value,
      nameKo: clean('', t.attributeName) || s.name,
      valueKo: clean(s.value, t.value),
    };
  });
  return { attributes, skipped: false };
}
