import type { Message } from '../../workflow/task.ts';

// What a task tells the seller beside its status (the run view and the task event show it). The
// spec's own messages come from @rr/domain's MESSAGES; these are the task outcomes it leaves open.

export const TASK_MESSAGES = {
  productGone: { ko: '상품을 찾을 수 없습니다.', en: 'The product was not found.' },
  keptSellerEdits: (paths: readonly string[]): Message => ({
    ko: `직접 수정한 항목 ${paths.length}개는 그대로 두었습니다: ${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ' …' : ''}`,
    en: `Kept ${paths.length} field(s) you edited: ${paths.slice(0, 5).join(', ')}${paths.length > 5 ? ' …' : ''}`,
  }),
  seoDefaultsUsed: (reason: string): Message => ({
    ko: `AI 응답을 받지 못해 기본 SEO 데이터를 사용했습니다 (${reason}).`,
    en: `The AI did not answer, so default SEO data was used (${reason}).`,
  }),
  seoTableUsed: {
    ko: '중국어 검증 AI가 실패해 치환표로 한국어로 바꿨습니다.',
    en: 'The Chinese-character check failed, so the replacement table was used.',
  },
  pricingMissingPrices: (optionNumbers: readonly string[]): Message => ({
    ko: `가격이 없는 옵션은 계산하지 못했습니다: ${optionNumbers.join(', ')}`,
    en: `Options without a source price were not priced: ${optionNumbers.join(', ')}`,
  }),
  pricingMissingWeights: (optionNumbers: readonly string[]): Message => ({
    ko: `무게가 없는 옵션은 원가 기준 가격을 계산하지 못했습니다 (국제 배송비를 알 수 없음): ${optionNumbers.join(', ')}`,
    en: `Options without a weight were not priced on landed cost (the shipping is unknown): ${optionNumbers.join(', ')}`,
  }),
  pricingTargetTooHigh: {
    ko: '목표 마진과 쿠팡 수수료율의 합이 100% 이상이라 가격을 정할 수 없습니다. 가격 설정의 목표 마진을 낮춰주세요.',
    en: 'The target margin plus the Coupang commission is 100% or more: no price can reach it. Lower the target margin in the pricing settings.',
  },
  labelFallbackUsed: {
    ko: '옵션별 한글 표시사항 생성이 실패해 단일 요청으로 만들었습니다.',
    en: 'The per-option label batch failed; a single request made the label.',
  },
  labelDefaultsUsed: {
    ko: 'AI 응답을 받지 못해 기본 한글 표시사항을 사용했습니다.',
    en: 'The AI did not answer, so the default Korean label was used.',
  },
  imageStoreFailed: (reason: string): Message => ({
    ko: `이미지를 만들거나 저장하지 못했습니다: ${reason}`,
    en: `The image could not be rendered or stored: ${reason}`,
  }),
  sizeChartNotRequired: {
    ko: '이 카테고리는 사이즈표 이미지가 필요하지 않습니다.',
    en: 'This category does not need a size chart image.',
  },
  sizeChartDefaultNoImages: {
    ko: '상세 이미지가 없어 기본 사이즈표를 사용했습니다.',
    en: 'No detail images: the default size chart was used.',
  },
  sizeChartDefaultNotFound: (groups: number): Message => ({
    ko: `상세 이미지 ${groups}개 묶음에서 사이즈표를 찾지 못해 카테고리 기본 사이즈표를 사용했습니다.`,
    en: `No size chart in ${groups} group(s) of detail images: the category's default chart was used.`,
  }),
  sizeChartFound: (group: number): Message => ({
    ko: `상세 이미지 ${group}번째 묶음에서 사이즈표를 찾았습니다.`,
    en: `Size chart found in detail image group ${group}.`,
  }),
  cancelled: { ko: '작업이 취소되었습니다.', en: 'The task was cancelled.' },
} as const;

/** Joins the non-empty messages of a task into one. */
export function joinMessages(...messages: (Message | undefined)[]): Message | undefined {
  const list = messages.filter((m): m is Message => !!m);
  if (list.length === 0) return undefined;
  return { ko: list.map((m) => m.ko).join(' '), en: list.map((m) => m.en).join(' ') };
}
