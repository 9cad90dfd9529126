import { SIZE_CHART_DEFAULT_SIZES, SIZE_CHART_UNIT } from '@rr/domain';
import { z } from 'zod';
import { defineWork, JSON_ONLY_RULE, KOREAN_ONLY_RULE, optionLines, type PromptOption } from './work.ts';

export type SizeChartInput = {
  productId?: string;
  productInfo: { productName?: string; categoryPath?: string; options?: ReadonlyArray<PromptOption> };
};

export const SizeChartAnswer = z.object({
  found: z.boolean(),
  sizeType: z.string(),
  sizeUnits: z.string(),
  sizes: z.array(z.string()),
  measurements: z.array(z.object({ name: z.string(), unit: z.string(), values: z.array(z.string()) })),
});
export type SizeChartAnswer = z.infer<typeof SizeChartAnswer>;

/** Size chart from detail images (W §4 Size chart): the first group with a chart wins. */
export const sizeChartWork = defineWork<SizeChartInput, SizeChartAnswer>({
  workType: 'SIZE_CHART',
  answer: SizeChartAnswer,
  prompt: ({ productInfo }) => `첨부한 상세 이미지에서 사이즈표를 찾아 표로 옮기세요.
- ${KOREAN_ONLY_RULE}
- 사이즈표가 없으면 found=false로 답하세요. 있으면 found=true.
- 단위는 ${SIZE_CHART_UNIT}로 환산하세요 (寸 → cm 값 × 3.33, 斤 → kg 값 × 0.5).
- sizeType은 clothing, shoes, furniture, other 중 하나.
- measurements의 values는 sizes와 같은 순서, 같은 개수.

상품명: ${productInfo.productName ?? ''}
카테고리: ${productInfo.categoryPath ?? ''}
옵션:
${optionLines(productInfo.options)}

${JSON_ONLY_RULE}
{"found":true,"sizeType":"other","sizeUnits":"cm","sizes":["S"],"measurements":[{"name":"","unit":"cm","values":[""]}]}`,
  // Offline cannot read images: it reports no chart, so the task uses its default chart (W §4).
  offline: () => ({
    found: false,
    sizeType: 'other',
    sizeUnits: SIZE_CHART_UNIT,
    sizes: [...SIZE_CHART_DEFAULT_SIZES],
    measurements: [],
  }),
});
