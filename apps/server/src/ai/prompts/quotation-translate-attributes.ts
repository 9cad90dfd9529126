import { z } from 'zod';
import { defineWork, demoKorean, JSON_ONLY_RULE, KOREAN_ONLY_RULE, UNIT_TABLE } from './work.ts';

export type TranslateAttributesInput = {
  productId?: string;
  attributes: ReadonlyArray<{ attributeName: string; value: string }>;
};

export const TranslateAttributesAnswer = z.object({
  attributes: z.array(z.object({ attributeName: z.string(), value: z.string() })),
});
export type TranslateAttributesAnswer = z.infer<typeof TranslateAttributesAnswer>;

/** QUOTATION / TRANSLATE_ATTRIBUTES (Q §4 step 1, §9 unit table), 60 s. */
export const translateAttributesWork = defineWork<TranslateAttributesInput, TranslateAttributesAnswer>({
  workType: 'QUOTATION',
  task: 'TRANSLATE_ATTRIBUTES',
  answer: TranslateAttributesAnswer,
  prompt: ({ attributes }) => `1688 상품 속성을 한국어로 번역하세요.
- ${KOREAN_ONLY_RULE}
- 속성 순서와 개수를 그대로 유지하세요. 값에 단위가 있으면 아래 표로 환산하세요.
단위 환산표:
${UNIT_TABLE}

${attributes.map((a) => `- ${a.attributeName}: ${a.value}`).join('\n')}

${JSON_ONLY_RULE}
{"attributes":[{"attributeName":"","value":""}]}`,
  offline: ({ attributes }) => ({
    attributes: attributes.map((a) => ({
      attributeName: demoKorean(a.attributeName) || '속성',
      value: demoKorean(a.value) || '상세페이지 참조',
    })),
  }),
});
