import {
  ADDITIONAL_DIFFERENTIATOR_MAX_LENGTH,
  ADDITIONAL_DIFFERENTIATOR_MIN_LENGTH,
  replaceCjkWithKorean,
} from '@rr/domain';
import { z } from 'zod';
import {
  attributeLines,
  defineWork,
  JSON_ONLY_RULE,
  KOREAN_ONLY_RULE,
  optionLines,
  type PromptOption,
  type PromptProduct,
} from './work.ts';

export type DetectAdditionalAttributesInput = {
  productId?: string;
  product: PromptProduct;
  duplicatedExposedAttributes?: ReadonlyArray<{ name: string; value: unknown }>;
  /** Option numbers whose exposed attributes are identical (Q §4 step 7). */
  duplicateGroups?: ReadonlyArray<ReadonlyArray<string>>;
  /** The attribute name an earlier group of the same product chose: keep it. */
  attributeName?: string | undefined;
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
    duplicateGroups = [],
    attributeName,
  }) => `아래 옵션들은 노출 속성이 같아 구별되지 않습니다. 옵션을 구별할 추가 속성 하나를 찾아 옵션마다 값을 정하세요.
- ${KOREAN_ONLY_RULE}
- value는 ${ADDITIONAL_DIFFERENTIATOR_MIN_LENGTH}~${ADDITIONAL_DIFFERENTIATOR_MAX_LENGTH}자의 한글, 옵션마다 값 하나만. 아래 옵션 모두에 값을 주세요.
- 같은 상품은 같은 값, 다른 상품은 다른 값을 쓰세요.${attributeName ? `\n- 추가 속성 이름은 "${attributeName}"(으)로 하세요.` : ''}

중복된 노출 속성: ${duplicatedExposedAttributes.map((a) => `${a.name}=${String(a.value)}`).join(', ') || '(없음)'}
구별되지 않는 옵션 묶음: ${duplicateGroups.map((g) => `[${g.join(', ')}]`).join(' ') || '(없음)'}
상품 속성:
${attributeLines(product)}
옵션:
${optionLines(product.options)}

${JSON_ONLY_RULE}
{"attributeName":"","options":[{"optionNumber":"","value":""}]}`,
  // Offline: the option axis that varies inside the groups of identical options (a size next to the
  // colour the document already shows), its values as 2–6 Hangul characters.
  offline: ({ product, duplicateGroups = [], attributeName }) => {
    const options = product.options ?? [];
    const axis = offlineDifferentiatingAxis(options, duplicateGroups, attributeName);
    const axisName = replaceCjkWithKorean((axis === 0 ? options[0]?.axis1 : options[0]?.axis2) ?? '');
    return {
      attributeName: attributeName || hangulOnly(axisName) || '구성',
      options: options.map((o) => ({
        optionNumber: o.optionNumber,
        value: differentiatorFrom((axis === 0 ? o.option1 : o.option2) ?? o.korName ?? o.optionNumber),
      })),
    };
  },
});

function offlineDifferentiatingAxis(
  options: readonly PromptOption[],
  groups: ReadonlyArray<ReadonlyArray<string>>,
  attributeName: string | undefined,
): 0 | 1 {
  const named = (o: PromptOption | undefined, axis: 0 | 1) =>
    replaceCjkWithKorean((axis === 0 ? o?.axis1 : o?.axis2) ?? '');
  if (attributeName) {
    if (hangulOnly(named(options[0], 1)) === attributeName) return 1;
    if (hangulOnly(named(options[0], 0)) === attributeName) return 0;
  }
  const byNumber = new Map(options.map((o) => [o.optionNumber, o]));
  for (const axis of [1, 0] as const) {
    const varies = groups.some((g) => {
      const values = new Set(
        g.flatMap((n) => {
          const o = byNumber.get(n);
          return o ? [axis === 0 ? o.option1 : o.option2] : [];
        }),
      );
      return values.size > 1;
    });
    if (varies) return axis;
  }
  return options.some((o) => o.option2) ? 1 : 0;
}

const hangulOnly = (text: string) => text.replace(/[^가-힣]/g, '');

const DIGITS = ['', '일', '이', '삼', '사', '오', '육', '칠', '팔', '구'];
/** 45 → 사십오 (Sino-Korean), so a number can be part of a Hangul-only differentiator. */
function sinoKorean(n: number): string {
  if (n === 0) return '영';
  const units = ['', '십', '백', '천'];
  const digits = String(n).split('').map(Number);
  return digits
    .map((d, i) => {
      const unit = units[digits.length - 1 - i] ?? '';
      if (d === 0) return '';
      return (d === 1 && unit !== '' ? '' : DIGITS[d]) + unit;
    })
    .join('');
}

function differentiatorFrom(value: string): string {
  const korean = replaceCjkWithKorean(value).replace(/\d+/g, (d) => sinoKorean(Number(d)));
  const text = hangulOnly(korean);
  const fitted = text.slice(0, ADDITIONAL_DIFFERENTIATOR_MAX_LENGTH);
  return fitted.length >= ADDITIONAL_DIFFERENTIATOR_MIN_LENGTH ? fitted : `${fitted || '구성'}형`;
}
