import { REPLACEMENT_TABLE } from '@rr/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AiGateway, createAiGateway } from '../../src/ai/gateway.ts';
import { createMemorySlotStore } from '../../src/ai/limiter/memory-slot-store.ts';
import { aiTranslateWork } from '../../src/ai/prompts/ai-translate.ts';
import { detectAdditionalAttributesWork } from '../../src/ai/prompts/detect-additional-attributes.ts';
import { attributeInfoWork } from '../../src/ai/prompts/get-attribute-info.ts';
import { koreanLabelsWork } from '../../src/ai/prompts/korean-labels.ts';
import { analyzeSchemaWork } from '../../src/ai/prompts/quotation-analyze-schema.ts';
import { commonOtherWork } from '../../src/ai/prompts/quotation-common-other.ts';
import { commonUnexposedWork } from '../../src/ai/prompts/quotation-common-unexposed.ts';
import { differentiatedBatchWork } from '../../src/ai/prompts/quotation-differentiated-batch.ts';
import { translateAttributesWork } from '../../src/ai/prompts/quotation-translate-attributes.ts';
import { seoWork } from '../../src/ai/prompts/seo.ts';
import { seoValidationWork } from '../../src/ai/prompts/seo-validation.ts';
import { sizeChartWork } from '../../src/ai/prompts/size-chart.ts';
import type { AiWork, PromptProduct } from '../../src/ai/prompts/work.ts';
import { createMemoryRequestLog } from '../support/fake-task-deps.ts';

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/;

const product: PromptProduct = {
  subject: '2024新款 女士 夏季 纯棉 连衣裙 黑色',
  categoryPath: '패션의류 > 여성의류 > 원피스',
  attributes: [
    { attributeName: '材质', value: '纯棉' },
    { attributeName: '颜色', value: '黑色' },
  ],
  options: Array.from({ length: 25 }, (_, i) => ({
    optionNumber: `R100${String(i + 1).padStart(3, '0')}`,
    option1: i % 2 ? '白色' : '黑色',
    option2: ['S', 'M', 'L', 'XL', '均码'][i % 5],
  })),
};
const schemaAttributes = [
  { name: '색상', exposed: true },
  { name: '사이즈', exposed: true, inputType: 'SELECT' as const, choices: ['S', 'M', 'L'] },
  { name: '소재', exposed: false },
  { name: '계절', exposed: false, inputType: 'SELECT' as const, choices: ['사계절', '여름'] },
];

// biome-ignore lint/suspicious/noExplicitAny: a table of works with different inputs.
const cases: [AiWork<any, unknown>, unknown][] = [
  [seoWork, { product }],
  [seoValidationWork, { texts: ['여성 连衣裙 블랙', '면 원피스'] }],
  [koreanLabelsWork, { product }],
  [
    detectAdditionalAttributesWork,
    { product, duplicatedExposedAttributes: [{ name: '색상', value: '블랙' }] },
  ],
  [sizeChartWork, { productInfo: { productName: '원피스', options: product.options } }],
  [aiTranslateWork, { imgUrl: 'http://x/a.jpg', chArr: ['纯棉面料', '黑色'] }],
  [
    translateAttributesWork,
    {
      attributes: [
        { attributeName: '重量', value: '2斤' },
        { attributeName: '长度', value: '3寸' },
      ],
    },
  ],
  [analyzeSchemaWork, { coupangSchema: { attributes: schemaAttributes }, options: product.options }],
  [commonUnexposedWork, { product, attributes: schemaAttributes.filter((a) => !a.exposed) }],
  [
    commonOtherWork,
    { product, attributes: schemaAttributes, notices: [{ name: '제조국' }], certificates: [{ name: 'KC' }] },
  ],
  [
    differentiatedBatchWork,
    { product, options: product.options!.slice(0, 10), attributes: schemaAttributes },
  ],
  [attributeInfoWork, { product, selectedOptionIndex: 1, coupangSchema: { attributes: schemaAttributes } }],
];

let gateway: AiGateway;
beforeAll(async () => {
  // The offline provider's answers need no database: the request log and send slots in memory.
  gateway = createAiGateway({ requestLog: createMemoryRequestLog(), slotStore: createMemorySlotStore() });
});

describe('offline provider', () => {
  it.each(cases.map(([w, input]) => [`${w.workType}${w.task ? `/${w.task}` : ''}`, w, input] as const))(
    '%s: valid JSON of the expected shape, Korean only, the same every time',
    async (_name, work, input) => {
      const first = await gateway.run({ provider: 'offline' }, work, input, { companyId: null });
      expect(work.answer.safeParse(first).success).toBe(true);
      // Echoed source texts (`original`, `ch`) stay as they were; every generated text is Korean.
      expect(JSON.stringify(first, (k, v) => (k === 'original' || k === 'ch' ? undefined : v))).not.toMatch(
        CJK,
      );
      expect(await gateway.run({ provider: 'offline' }, work, input, { companyId: null })).toEqual(first);
    },
  );

  it('builds the SEO answer from the product data and the replacement table', async () => {
    const seo = await gateway.run({ provider: 'offline' }, seoWork, { product }, { companyId: null });
    // The domain's table: 女士 → 여성, 连衣裙 → 원피스, 黑色 → 검정.
    const word = (zh: string) => REPLACEMENT_TABLE.get(zh)!;
    expect([word('女士'), word('连衣裙'), word('黑色')]).toEqual(['여성', '원피스', '검정']);
    expect(seo.productName).toContain('여성');
    expect(seo.productName).toContain('원피스');
    expect(seo.productName).toContain('검정');
    expect(seo.productName.length).toBeLessThanOrEqual(70);
    expect(seo.options).toHaveLength(25);
    expect(seo.options[0]).toEqual({ optionNumber: 'R100001', korName: '검정 S' });
  });

  it('converts units with the table and keeps dropdown values inside the schema choices', async () => {
    const t = await gateway.run({ provider: 'offline' }, translateAttributesWork, cases[6]![1] as never, {
      companyId: null,
    });
    expect(t.attributes.map((a) => a.value)).toEqual(['1kg', '9.99cm']);
    const info = await gateway.run({ provider: 'offline' }, attributeInfoWork, cases[11]![1] as never, {
      companyId: null,
    });
    expect(info.exposed).toContainEqual({ name: '사이즈', value: 'M' }); // option 2's own size, a choice
    expect(info.unexposed).toContainEqual({ name: '계절', value: '사계절' });
  });

  it('answers a request with an unknown payload in the shape of the given schema', async () => {
    const Shape = z.object({
      title: z.string(),
      count: z.number().int(),
      tags: z.array(z.string()),
      ok: z.boolean(),
    });
    const value = await gateway.request(
      { provider: 'offline' },
      { workType: 'SEO', companyId: null, prompt: 'p', schema: Shape, payload: { nothing: true } },
    );
    expect(Shape.safeParse(value).success).toBe(true);
  });
});
