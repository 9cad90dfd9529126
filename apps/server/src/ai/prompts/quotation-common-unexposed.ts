import { z } from 'zod';
import {
  attributeLines,
  defineWork,
  JSON_ONLY_RULE,
  KOREAN_ONLY_RULE,
  offlineAttributeValue,
  type PromptProduct,
  type PromptSchemaAttribute,
  schemaAttributeLines,
} from './work.ts';

export type CommonUnexposedInput = {
  productId?: string;
  product: PromptProduct;
  attributes: ReadonlyArray<PromptSchemaAttribute>;
};

export const CommonUnexposedAnswer = z.object({
  attributes: z.array(z.object({ name: z.string(), value: z.string().nullable() })),
});
export type CommonUnexposedAnswer = z.infer<typeof CommonUnexposedAnswer>;

/** QUOTATION / GET_COMMON_UNEXPOSED_ATTRIBUTES (Q §4 step 4), 60 s. */
export const commonUnexposedWork = defineWork<CommonUnexposedInput, CommonUnexposedAnswer>({
  workType: 'QUOTATION',
  task: 'GET_COMMON_UNEXPOSED_ATTRIBUTES',
  answer: CommonUnexposedAnswer,
  prompt: ({ product, attributes }) => `상품의 검색 필터용 비노출 속성 값을 채우세요.
- ${KOREAN_ONLY_RULE}
- 드롭다운 속성은 제시된 선택지 중 하나를 글자 그대로 고르세요. 알 수 없으면 null.
- 속성마다 값은 하나만.

상품명: ${product.productName ?? product.subject ?? ''}
상품 속성:
${attributeLines(product)}
채울 속성:
${schemaAttributeLines(attributes)}

${JSON_ONLY_RULE}
{"attributes":[{"name":"","value":""}]}`,
  offline: ({ product, attributes }) => ({
    attributes: attributes.map((a) => ({ name: a.name, value: offlineAttributeValue(a, product) })),
  }),
});
