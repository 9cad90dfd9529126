import { containsCjk } from '@rr/domain';
import { z } from 'zod';
import { defineWork, demoKorean, JSON_ONLY_RULE, KOREAN_ONLY_RULE } from './work.ts';

export type SeoValidationInput = { productId?: string; texts: readonly string[] };

export const SeoValidationAnswer = z.object({
  results: z.array(z.object({ original: z.string(), corrected: z.string(), hadForeignText: z.boolean() })),
});
export type SeoValidationAnswer = z.infer<typeof SeoValidationAnswer>;

/** Chinese-character validation of SEO text (W §5, §8 Recoveries: the table is the fallback). */
export const seoValidationWork = defineWork<SeoValidationInput, SeoValidationAnswer>({
  workType: 'SEO_VALIDATION',
  answer: SeoValidationAnswer,
  prompt: ({
    texts,
  }) => `다음 문장들에 중국어(한자)나 일본어가 남아 있는지 검사하고, 남아 있으면 자연스러운 한국어로 바꾸세요.
- ${KOREAN_ONLY_RULE}
- 뜻과 길이는 유지하고, 외국어가 없는 문장은 그대로 두세요.

${texts.map((t, i) => `${i + 1}. ${t}`).join('\n')}

${JSON_ONLY_RULE}
{"results":[{"original":"","corrected":"","hadForeignText":false}]}`,
  offline: ({ texts }) => ({
    results: texts.map((t) => ({
      original: t,
      corrected: demoKorean(t),
      hadForeignText: containsCjk(t),
    })),
  }),
});
