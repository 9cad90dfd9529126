import { formatUnitTableForPrompt, replaceCjkWithKorean, translateExactly } from '@rr/domain';
import type { z } from 'zod';
import type { WorkType } from '../work-types.ts';

/**
 * One kind of AI work: its prompt, the answer's shape, and the deterministic answer the offline
 * provider gives from the same input (the demo default).
 */
export type AiWork<I, T> = {
  workType: WorkType;
  task?: string;
  answer: z.ZodType<T>;
  prompt: (input: I) => string;
  offline: (input: I) => T;
};

export function defineWork<I, T>(work: AiWork<I, T>): AiWork<I, T> {
  return work;
}

/** The product fields prompts read (W §3, Q §3); everything optional, as stored documents vary. */
export type PromptProduct = {
  productName?: string | undefined;
  korName?: string | undefined;
  subject?: string | undefined;
  subjectTrans?: string | undefined;
  productNameTrans?: string | undefined;
  categoryPath?: string | undefined;
  brand?: string | undefined;
  attributes?: ReadonlyArray<{
    attributeName?: string;
    name?: string;
    value?: unknown;
    attributeValue?: unknown;
  }>;
  options?: ReadonlyArray<PromptOption>;
};

export type PromptOption = {
  optionNumber: string;
  korName?: string | undefined;
  option1?: string | undefined;
  option2?: string | undefined;
  /** The axes the option values belong to (색상, 사이즈 …), when known. */
  axis1?: string | undefined;
  axis2?: string | undefined;
};

/** A schema attribute as prompts see it: dropdowns carry their choices. */
export type PromptSchemaAttribute = {
  name: string;
  inputType?: 'SELECT' | 'INPUT' | undefined;
  choices?: readonly string[] | undefined;
  required?: boolean | undefined;
  exposed?: boolean | undefined;
  basicUnit?: string | null | undefined;
};

export const OPTIONS_SHOWN_IN_PROMPTS = 20; // W §9: 20 options shown in prompts

export const KOREAN_ONLY_RULE =
  '모든 출력은 한국어로만 작성하세요. 중국어(한자)와 일본어 문자를 절대 포함하지 마세요. 영어는 브랜드명·모델명·단위에만 허용됩니다.';

export const JSON_ONLY_RULE = '설명이나 코드 블록 없이 아래 형식의 JSON 하나만 출력하세요.';

/** The translation unit table (Q §9), from the domain's UNIT_TABLE. */
export const UNIT_TABLE = formatUnitTableForPrompt();

export function productSource(product: PromptProduct): string {
  return (
    product.korName ||
    product.productNameTrans ||
    product.subjectTrans ||
    product.productName ||
    product.subject ||
    ''
  );
}

/**
 * The offline answers' Korean: table words only where the table knows the whole word; Chinese it
 * does not know stays as written, so the answer shows what is left for the seller (the offline
 * provider reports it) instead of a guess (issue 20).
 */
export function demoKorean(text: string): string {
  return translateExactly(text).text;
}

/** Korean text for the offline answers: the product's own words through the replacement table. */
export function koreanName(product: PromptProduct, fallback = '상품'): string {
  const text = demoKorean(productSource(product));
  return text || fallback;
}

export function optionLabel(option: PromptOption): string {
  const raw =
    option.korName || [option.option1, option.option2].filter(Boolean).join(' ') || option.optionNumber;
  return demoKorean(raw) || option.optionNumber;
}

/** The first 20 options as prompt lines, with a note when more exist (W §9). */
export function optionLines(options: ReadonlyArray<PromptOption> = []): string {
  const shown = options.slice(0, OPTIONS_SHOWN_IN_PROMPTS).map((o) => {
    const values = [
      o.option1 && o.axis1 ? `${o.axis1}: ${o.option1}` : o.option1,
      o.option2 && o.axis2 ? `${o.axis2}: ${o.option2}` : o.option2,
    ]
      .filter(Boolean)
      .join(' / ');
    return `- ${o.optionNumber}: ${o.korName ?? ''}${values ? ` (${values})` : ''}`;
  });
  if (options.length > OPTIONS_SHOWN_IN_PROMPTS) {
    shown.push(`- … 외 ${options.length - OPTIONS_SHOWN_IN_PROMPTS}개 옵션 (같은 규칙으로 처리)`);
  }
  return shown.join('\n') || '- (옵션 없음)';
}

export function attributeLines(product: PromptProduct): string {
  return (
    (product.attributes ?? [])
      .map((a) => `- ${a.attributeName ?? a.name ?? ''}: ${String(a.value ?? a.attributeValue ?? '')}`)
      .join('\n') || '- (속성 없음)'
  );
}

/** Schema attributes with their dropdown choices: the model must pick one of them (W §5). */
export function schemaAttributeLines(attributes: ReadonlyArray<PromptSchemaAttribute> = []): string {
  return (
    attributes
      .map((a) => {
        const flags = [a.required ? '필수' : '선택', a.exposed ? '노출' : '비노출'].join('/');
        const unit = a.basicUnit ? `, 단위: ${a.basicUnit}` : '';
        const choices =
          a.inputType === 'SELECT' && a.choices?.length ? `, 다음 중 하나만: ${a.choices.join(' | ')}` : '';
        return `- ${a.name} (${flags}${unit}${choices})`;
      })
      .join('\n') || '- (속성 없음)'
  );
}

/** The offline value for a schema attribute: the first choice of a dropdown, else the product's word. */
export function offlineAttributeValue(attribute: PromptSchemaAttribute, product: PromptProduct): string {
  if (attribute.inputType === 'SELECT' && attribute.choices?.length) return attribute.choices[0]!;
  const own = (product.attributes ?? []).find((a) => (a.attributeName ?? a.name) === attribute.name);
  const text = own ? demoKorean(String(own.value ?? own.attributeValue ?? '')) : '';
  return text || '상세페이지 참조';
}

const COLOUR_WORD = /색|블랙|화이트|투명|네이비|베이지|월넛|우드|그레이|핑크|골드|실버|카키|아이보리/;
const SIZE_WORD = /^(?:[2-4]?X{0,3}[SML]|XL|FREE|프리|\d{2,3}(?:\.\d)?)$/i;

/** Korean shoe size (mm) for a European size, as the offline answer's guess (36 → 230). */
function shoeSizeMm(value: string): string | null {
  const eu = Number(value);
  return Number.isInteger(eu) && eu >= 33 && eu <= 48 ? String(230 + (eu - 36) * 5) : null;
}

/**
 * The offline answer for one option's attribute: the option value whose axis has the attribute's
 * name (색상 ↔ 颜色 → 색상), else a value that looks like it (a colour word, a size), a count of 1 for
 * quantities, a dropdown choice the value names, else the option's whole label.
 */
/** A count the product states ("80片", "80장"): the number, for a counted attribute (조각 수 …). */
const COUNT_VALUE = /^\s*(\d+)\s*(?:片|个|块|粒|张|枚|장|개|조각|피스|pcs?)\s*$/i;

function countOf(text: string): string | null {
  return COUNT_VALUE.exec(text)?.[1] ?? null;
}

export function offlineOptionValue(
  attribute: PromptSchemaAttribute,
  option: PromptOption,
  product?: PromptProduct,
): string {
  const values = [
    { axis: replaceCjkWithKorean(option.axis1 ?? ''), value: demoKorean(option.option1 ?? '') },
    { axis: replaceCjkWithKorean(option.axis2 ?? ''), value: demoKorean(option.option2 ?? '') },
  ].filter((v) => v.value !== '');
  const name = attribute.name;
  const byAxis = values.find((v) => v.axis !== '' && (v.axis.includes(name) || name.includes(v.axis)));
  let candidate = byAxis?.value;
  if (!candidate && /색상|컬러/.test(name)) candidate = values.find((v) => COLOUR_WORD.test(v.value))?.value;
  if (!candidate && /사이즈|크기/.test(name)) candidate = values.find((v) => SIZE_WORD.test(v.value))?.value;
  if (!candidate && /수량/.test(name))
    return `1${attribute.basicUnit && attribute.basicUnit !== '없음' ? attribute.basicUnit : '개'}`;
  // A counted attribute (a unit, not a quantity): the option's number, else the count the product states.
  const unit = attribute.basicUnit && attribute.basicUnit !== '없음' ? attribute.basicUnit : '';
  if (unit && attribute.inputType !== 'SELECT') {
    const own = candidate ? /\d+(?:\.\d+)?/.exec(candidate)?.[0] : undefined;
    const stated = (product?.attributes ?? [])
      .map((a) => countOf(String(a.value ?? a.attributeValue ?? '')))
      .find((n) => n !== null);
    const n = own ?? stated;
    if (n) return `${n}${unit}`;
  }
  if (attribute.inputType === 'SELECT' && attribute.choices?.length) {
    const choices = attribute.choices;
    for (const v of candidate ? [candidate] : values.map((x) => x.value)) {
      const exact = choices.find((c) => c.toLowerCase() === v.toLowerCase());
      if (exact) return exact;
      const mm = /신발/.test(name) ? shoeSizeMm(v) : null;
      if (mm && choices.includes(mm)) return mm;
    }
    return choices[0]!;
  }
  return candidate || optionLabel(option);
}
