import { z } from 'zod';
import {
  attributeLines,
  defineWork,
  JSON_ONLY_RULE,
  KOREAN_ONLY_RULE,
  offlineAttributeValue,
  offlineOptionValue,
  type PromptProduct,
  type PromptSchemaAttribute,
  schemaAttributeLines,
} from './work.ts';

export type AttributeInfoInput = {
  productId?: string;
  product: PromptProduct;
  selectedOptionIndex: number;
  coupangSchema: { attributes: ReadonlyArray<PromptSchemaAttribute> };
};

const NameValue = z.object({ name: z.string(), value: z.string().nullable() });

export const AttributeInfoAnswer = z.object({
  exposed: z.array(NameValue),
  unexposed: z.array(NameValue),
});
export type AttributeInfoAnswer = z.infer<typeof AttributeInfoAnswer>;

/** GET_ATTRIBUTE_INFO: one option's attributes (the per-option fallback of Q §4), 90 s. */
export const attributeInfoWork = defineWork<AttributeInfoInput, AttributeInfoAnswer>({
  workType: 'GET_ATTRIBUTE_INFO',
  answer: AttributeInfoAnswer,
  prompt: ({ product, selectedOptionIndex, coupangSchema }) => {
    const option = product.options?.[selectedOptionIndex];
    return `선택한 옵션 하나의 쿠팡 속성 값을 채우세요.
- ${KOREAN_ONLY_RULE}
- 드롭다운 속성은 제시된 선택지 중 하나만 글자 그대로. 속성마다 값은 하나만. 모르는 비노출 속성은 null.

상품명: ${product.productName ?? product.subject ?? ''}
옵션: ${option ? `${option.optionNumber} ${option.korName ?? ''} ${option.option1 ?? ''} ${option.option2 ?? ''}` : '(없음)'}
상품 속성:
${attributeLines(product)}
쿠팡 속성:
${schemaAttributeLines(coupangSchema.attributes)}

${JSON_ONLY_RULE}
{"exposed":[{"name":"","value":""}],"unexposed":[{"name":"","value":null}]}`;
  },
  offline: ({ product, selectedOptionIndex, coupangSchema }) => {
    const option = product.options?.[selectedOptionIndex];
    const attributeValue = (a: PromptSchemaAttribute) =>
      a.exposed && option ? offlineOptionValue(a, option, product) : offlineAttributeValue(a, product);
    return {
      exposed: coupangSchema.attributes
        .filter((a) => a.exposed)
        .map((a) => ({ name: a.name, value: attributeValue(a) })),
      unexposed: coupangSchema.attributes
        .filter((a) => !a.exposed)
        .map((a) => ({ name: a.name, value: attributeValue(a) })),
    };
  },
});
