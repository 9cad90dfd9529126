import { ADDITIONAL_DIFFERENTIATOR_MAX_LENGTH, ADDITIONAL_DIFFERENTIATOR_MIN_LENGTH } from '@rr/domain';
import { z } from 'zod';
import {
  attributeLines,
  defineWork,
  JSON_ONLY_RULE,
  KOREAN_ONLY_RULE,
  optionLabel,
  optionLines,
  type PromptProduct,
} from './work.ts';

export type DetectAdditionalAttributesInput = {
  productId?: string;
  product: PromptProduct;
  duplicatedExposedAttributes?: ReadonlyArray<{ name: string; value: unknown }>;
};

export const DetectAdditionalAttributesAnswer = z.object({
  attributeName: z.string(),
  options: z.array(z.object({ optionNumber: z.string(), value: z.string() })),
});
export type DetectAdditionalAttributesAnswer = z.infer<typeof DetectAdditionalAttributesAnswer>;

/** An extra attribute that tells options apart when exposed attributes repeat (Q §4 split, §5). */
export const detectAdditionalAttributesWork = defineWork<
  DetectAdditionalAttributesInput,
  DetectAdditionalAttributesAnswer
>({
  workType: 'DETECT_ADDITIONAL_ATTRIBUTES',
  answer: DetectAdditionalAttributesAnswer,
  prompt: ({
    product,
    duplicatedExposedAttributes = [],
  }) => `아래 옵션들은 노출 속성이 같아 구별되지 않습니다. 옵션을 구별할 추가 속성 하나를 찾아 옵션마다 값을 정하세요.
- ${KOREAN_ONLY_RULE}
- value는 ${ADDITIONAL_DIFFERENTIATOR_MIN_LENGTH}~${ADDITIONAL_DIFFERENTIATOR_MAX_LENGTH}자의 한글, 옵션마다 값 하나만.
- 같은 상품은 같은 값, 다른 상품은 다른 값을 쓰세요.

중복된 노출 속성: ${duplicatedExposedAttributes.map((a) => `${a.name}=${String(a.value)}`).join(', ') || '(없음)'}
상품 속성:
${attributeLines(product)}
옵션:
${optionLines(product.options)}

${JSON_ONLY_RULE}
{"attributeName":"","options":[{"optionNumber":"","value":""}]}`,
  offline: ({ product }) => ({
    attributeName: '구성',
    options: (product.options ?? []).map((o, i) => {
      const label = optionLabel(o).replace(/[^가-힣]/g, '');
      const value =
        label.length >= ADDITIONAL_DIFFERENTIATOR_MIN_LENGTH
          ? label.slice(0, ADDITIONAL_DIFFERENTIATOR_MAX_LENGTH)
          : `구성${'일이삼사오육칠팔구십'[i % 10]}`;
      return { optionNumber: o.optionNumber, value };
    }),
  }),
});
