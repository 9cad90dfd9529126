import { z } from 'zod';
import {
  defineWork,
  JSON_ONLY_RULE,
  optionLines,
  type PromptOption,
  type PromptSchemaAttribute,
  schemaAttributeLines,
} from './work.ts';

export type AnalyzeSchemaInput = {
  productId?: string;
  coupangSchema: { attributes: ReadonlyArray<PromptSchemaAttribute> };
  options: ReadonlyArray<PromptOption>;
};

export const AnalyzeSchemaAnswer = z.object({
  common: z.array(z.string()),
  differentiated: z.array(z.string()),
});
export type AnalyzeSchemaAnswer = z.infer<typeof AnalyzeSchemaAnswer>;

/** QUOTATION / ANALYZE_SCHEMA_ATTRIBUTES: common vs per-option attributes (Q §4 step 3), 60 s. */
export const analyzeSchemaWork = defineWork<AnalyzeSchemaInput, AnalyzeSchemaAnswer>({
  workType: 'QUOTATION',
  task: 'ANALYZE_SCHEMA_ATTRIBUTES',
  answer: AnalyzeSchemaAnswer,
  prompt: ({
    coupangSchema,
    options,
  }) => `쿠팡 카테고리 속성을 옵션 전체에 같은 값인 공통 속성(common)과 옵션마다 다른 값인 차별 속성(differentiated)으로 나누세요.
- 속성 이름은 아래 목록의 이름을 글자 그대로 쓰고, 모든 속성을 정확히 한 번씩 분류하세요.

속성:
${schemaAttributeLines(coupangSchema.attributes)}
옵션:
${optionLines(options)}

${JSON_ONLY_RULE}
{"common":[""],"differentiated":[""]}`,
  // Offline: exposed attributes (purchase options) differ per option, the rest are common.
  offline: ({ coupangSchema }) => ({
    common: coupangSchema.attributes.filter((a) => !a.exposed).map((a) => a.name),
    differentiated: coupangSchema.attributes.filter((a) => a.exposed).map((a) => a.name),
  }),
});
