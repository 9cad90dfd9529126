import { KOREAN_LABEL_DEFAULTS } from '@rr/domain';
import { z } from 'zod';
import {
  attributeLines,
  defineWork,
  JSON_ONLY_RULE,
  KOREAN_ONLY_RULE,
  koreanName,
  optionLabel,
  optionLines,
  type PromptProduct,
} from './work.ts';

export type KoreanLabelsInput = { productId?: string; product: PromptProduct };

export const KoreanLabelsAnswer = z.object({
  labels: z.array(
    z.object({ optionNumber: z.string(), content: z.string(), material: z.string(), type: z.string() }),
  ),
});
export type KoreanLabelsAnswer = z.infer<typeof KoreanLabelsAnswer>;

/** Per-option Korean labels (W §4 Korean label, §9 defaults). Batch 120 s; the fallback variant 45 s. */
export const koreanLabelsWork = defineWork<KoreanLabelsInput, KoreanLabelsAnswer>({
  workType: 'KOREAN_LABELS',
  answer: KoreanLabelsAnswer,
  prompt: ({ product }) => `수입 상품에 붙일 한글 표시사항을 옵션별로 작성하세요.
- ${KOREAN_ONLY_RULE}
- content: 제품명과 용량/수량, material: 재질, type: 제품 종류.
- 알 수 없는 값은 "${KOREAN_LABEL_DEFAULTS.placeholder}"로 쓰세요. 원산지는 ${KOREAN_LABEL_DEFAULTS.origin}, 사용 연령은 ${KOREAN_LABEL_DEFAULTS.ageStandard}, 주의사항은 "${KOREAN_LABEL_DEFAULTS.caution}"을 기본으로 합니다.

상품명: ${product.productName ?? product.subject ?? ''}
속성:
${attributeLines(product)}
옵션:
${optionLines(product.options)}

${JSON_ONLY_RULE}
{"labels":[{"optionNumber":"","content":"","material":"","type":""}]}`,
  offline: ({ product }) => {
    const name = koreanName(product);
    const options = product.options?.length ? product.options : [{ optionNumber: '001' }];
    return {
      labels: options.map((o) => ({
        optionNumber: o.optionNumber,
        content: `${name} ${optionLabel(o)}`.trim(),
        material: KOREAN_LABEL_DEFAULTS.placeholder,
        type: name,
      })),
    };
  },
});
