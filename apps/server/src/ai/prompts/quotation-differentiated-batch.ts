import { z } from 'zod';
import {
  defineWork,
  JSON_ONLY_RULE,
  KOREAN_ONLY_RULE,
  offlineOptionValue,
  optionLines,
  type PromptOption,
  type PromptProduct,
  type PromptSchemaAttribute,
  schemaAttributeLines,
} from './work.ts';

export type DifferentiatedBatchInput = {
  productId?: string;
  product: PromptProduct;
  /** At most 10 options per batch (Q §9). */
  options: ReadonlyArray<PromptOption>;
  attributes: ReadonlyArray<PromptSchemaAttribute>;
};

export const DifferentiatedBatchAnswer = z.object({
  options: z.array(
    z.object({
      optionNumber: z.string(),
      attributes: z.array(z.object({ name: z.string(), value: z.string() })),
    }),
  ),
});
export type DifferentiatedBatchAnswer = z.infer<typeof DifferentiatedBatchAnswer>;

/** QUOTATION / GET_DIFFERENTIATED_ATTRIBUTES_BATCH_{n} (Q §4 step 5), 90 s. Pass `task` with n. */
export const differentiatedBatchWork = defineWork<DifferentiatedBatchInput, DifferentiatedBatchAnswer>({
  workType: 'QUOTATION',
  task: 'GET_DIFFERENTIATED_ATTRIBUTES_BATCH_1',
  answer: DifferentiatedBatchAnswer,
  prompt: ({ product, options, attributes }) => `옵션마다 다른 속성 값을 채우세요.
- ${KOREAN_ONLY_RULE}
- 옵션마다 속성 값은 하나만. 드롭다운 속성은 제시된 선택지 중 하나만 글자 그대로.
- 옵션끼리 구별되도록 옵션명에서 값을 찾으세요. optionNumber는 그대로.

상품명: ${product.productName ?? product.subject ?? ''}
속성:
${schemaAttributeLines(attributes)}
옵션:
${optionLines(options)}

${JSON_ONLY_RULE}
{"options":[{"optionNumber":"","attributes":[{"name":"","value":""}]}]}`,
  // Offline: each option's own value for the attribute (its axis, a colour, a size), so options of
  // a product that differ only on an axis the schema has no attribute for collide (and split).
  offline: ({ product, options, attributes }) => ({
    options: options.map((o) => ({
      optionNumber: o.optionNumber,
      attributes: attributes.map((a) => ({ name: a.name, value: offlineOptionValue(a, o, product) })),
    })),
  }),
});
