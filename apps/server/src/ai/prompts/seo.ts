import { SEO_KEYWORDS_MAX, SEO_NAME_MAX_LENGTH } from '@rr/domain';
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

export type SeoInput = { productId?: string; product: PromptProduct };

export const SeoAnswer = z.object({
  productName: z.string().min(1),
  keywords: z.array(z.string()),
  metaDescription: z.string(),
  features: z.array(z.string()),
  options: z.array(z.object({ optionNumber: z.string(), korName: z.string() })),
});
export type SeoAnswer = z.infer<typeof SeoAnswer>;

/** SEO (W §5 SEO): Korean only, product name ≤ 70, one value per option name. */
export const seoWork = defineWork<SeoInput, SeoAnswer>({
  workType: 'SEO',
  answer: SeoAnswer,
  prompt: ({
    product,
  }) => `당신은 쿠팡 로켓배송 상품 등록 전문가입니다. 아래 중국 도매 상품 정보로 검색에 최적화된 한국어 상품 정보를 만드세요.

규칙:
- ${KOREAN_ONLY_RULE}
- productName: ${SEO_NAME_MAX_LENGTH}자 이내, 핵심 키워드를 앞에, 과장·특수문자·이모지 금지.
- keywords: 최대 ${SEO_KEYWORDS_MAX}개, 검색어 하나씩.
- metaDescription: 2문장 이내 상품 설명. features: 주요 특징 3~5개.
- options: 옵션마다 옵션명 값은 하나만 (예: "블랙", "블랙/화이트" 금지). optionNumber는 그대로 유지.

상품명: ${product.productName ?? product.subject ?? ''}
카테고리: ${product.categoryPath ?? ''}
속성:
${attributeLines(product)}
옵션:
${optionLines(product.options)}

${JSON_ONLY_RULE}
{"productName":"","keywords":[""],"metaDescription":"","features":[""],"options":[{"optionNumber":"","korName":""}]}`,
  offline: ({ product }) => {
    const name = koreanName(product).slice(0, SEO_NAME_MAX_LENGTH);
    const words = [...new Set(name.split(' ').filter((w) => w.length > 1))];
    return {
      productName: name,
      keywords: words.slice(0, SEO_KEYWORDS_MAX),
      metaDescription: `${name} 상품입니다. 자세한 내용은 상세페이지를 참조하세요.`,
      features: words.slice(0, 3).map((w) => `${w} 특징`),
      options: (product.options ?? []).map((o) => ({
        optionNumber: o.optionNumber,
        korName: optionLabel(o),
      })),
    };
  },
});
