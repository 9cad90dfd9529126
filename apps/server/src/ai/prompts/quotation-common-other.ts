import { REGISTRATION_DEFAULTS } from '@rr/domain';
import { z } from 'zod';
import {
  attributeLines,
  defineWork,
  JSON_ONLY_RULE,
  KOREAN_ONLY_RULE,
  koreanName,
  offlineAttributeValue,
  type PromptProduct,
  type PromptSchemaAttribute,
  schemaAttributeLines,
} from './work.ts';

export type CommonOtherInput = {
  productId?: string;
  product: PromptProduct;
  attributes: ReadonlyArray<PromptSchemaAttribute>;
  notices: ReadonlyArray<{ name: string }>;
  certificates: ReadonlyArray<{ name: string }>;
  defaultSettings?: { manufacturer?: string; origin?: string; asInfo?: string } | undefined;
};

const NameValue = z.object({ name: z.string(), value: z.string() });

export const CommonOtherAnswer = z.object({
  modelNumber: z.string(),
  searchTags: z.array(z.string()),
  /** Every common attribute, exposed and search filter (unexposed: null when unknown). */
  attributes: z.array(z.object({ name: z.string(), value: z.string().nullable() })),
  notices: z.array(NameValue),
  certificates: z.array(NameValue),
  logistics: z.object({ dimension: z.string(), weight: z.string() }),
});
export type CommonOtherAnswer = z.infer<typeof CommonOtherAnswer>;

/**
 * QUOTATION / GET_COMMON_OTHER_ATTRIBUTES (Q §4 step 4), 90 s: every common attribute (exposed and
 * the unexposed search filters, which GET_COMMON_UNEXPOSED_ATTRIBUTES asked on their own before),
 * notices, certificates, logistics, model number and search tags.
 */
export const commonOtherWork = defineWork<CommonOtherInput, CommonOtherAnswer>({
  workType: 'QUOTATION',
  task: 'GET_COMMON_OTHER_ATTRIBUTES',
  answer: CommonOtherAnswer,
  prompt: ({
    product,
    attributes,
    notices,
    certificates,
    defaultSettings,
  }) => `쿠팡 견적서의 공통 항목을 채우세요.
- ${KOREAN_ONLY_RULE}
- 드롭다운 속성은 제시된 선택지 중 하나만 글자 그대로. 속성마다 값은 하나만.
- 공통 속성에는 노출 속성과 검색 필터용 비노출 속성이 함께 있습니다. 비노출 속성 값을 알 수 없으면 null.
- logistics: dimension은 "가로*세로*높이" mm(각 변 10 이상), weight는 g 숫자만.
- modelNumber는 50자 이내, searchTags는 합쳐서 150자 이내.
- 고시정보를 모르면 "상세페이지 참조", 인증 정보가 없으면 "해당사항없음".
- 제조사: ${defaultSettings?.manufacturer ?? '상세페이지 참조'}, 원산지: ${defaultSettings?.origin ?? REGISTRATION_DEFAULTS.origin}, A/S: ${defaultSettings?.asInfo ?? REGISTRATION_DEFAULTS.afterService}.

상품명: ${product.productName ?? product.subject ?? ''}
상품 속성:
${attributeLines(product)}
공통 속성:
${schemaAttributeLines(attributes)}
고시정보: ${notices.map((n) => n.name).join(', ') || '(없음)'}
인증: ${certificates.map((c) => c.name).join(', ') || '(없음)'}

${JSON_ONLY_RULE}
{"modelNumber":"","searchTags":[""],"attributes":[{"name":"","value":""}],"notices":[{"name":"","value":""}],"certificates":[{"name":"","value":""}],"logistics":{"dimension":"100*100*100","weight":"1000"}}`,
  offline: ({ product, attributes, notices, certificates }) => {
    const name = koreanName(product);
    return {
      modelNumber: name.replace(/\s+/g, '').slice(0, 50),
      searchTags: [...new Set(name.split(' ').filter((w) => w.length > 1))].slice(0, 10),
      attributes: attributes.map((a) => ({ name: a.name, value: offlineAttributeValue(a, product) })),
      notices: notices.map((n) => ({ name: n.name, value: '상세페이지 참조' })),
      certificates: certificates.map((c) => ({ name: c.name, value: '해당사항없음' })),
      logistics: { dimension: REGISTRATION_DEFAULTS.boxDimension, weight: REGISTRATION_DEFAULTS.boxWeight },
    };
  },
});
