import { KOREAN_LABEL_DEFAULTS } from '@rr/domain';
import { z } from 'zod';
import {
  attributeLines,
  defineWork,
  JSON_ONLY_RULE,
  KOREAN_ONLY_RULE,
  koreanName,
  type PromptProduct,
} from './work.ts';

export type KoreanLabelSingleInput = { productId?: string; product: PromptProduct };

export const KoreanLabelSingleAnswer = z.object({
  content: z.string(),
  material: z.string(),
  type: z.string(),
});
export type KoreanLabelSingleAnswer = z.infer<typeof KoreanLabelSingleAnswer>;

/**
 * The Korean label's single-prompt fallback (W §4 Korean label: "on batch failure a single-prompt
 * fallback runs"; 45 s): one label for the whole product, used for every option.
 */
export const koreanLabelSingleWork = defineWork<KoreanLabelSingleInput, KoreanLabelSingleAnswer>({
  workType: 'KOREAN_LABELS',
  task: 'SINGLE',
  answer: KoreanLabelSingleAnswer,
  prompt: ({ product }) => `수입 상품에 붙일 한글 표시사항 하나를 작성하세요.
- ${KOREAN_ONLY_RULE}
- content: 제품명과 용량/수량, material: 재질, type: 제품 종류.
- 알 수 없는 값은 "${KOREAN_LABEL_DEFAULTS.placeholder}"로 쓰세요.

상품명: ${product.productName ?? product.subject ?? ''}
속성:
${attributeLines(product)}

${JSON_ONLY_RULE}
{"content":"","material":"","type":""}`,
  offline: ({ product }) => {
    const name = koreanName(product);
    return { content: name, material: KOREAN_LABEL_DEFAULTS.placeholder, type: name };
  },
});
