import { KOREAN_LABEL_DEFAULTS } from '../../constants.ts';
import type { KoreanLabels } from '../../entities/korean-labels.ts';
import type { LabelImage } from '../../entities/registration-document.ts';
import { containsCjk } from '../text/contains-cjk.ts';

export interface KoreanLabelSource {
  productName?: string | undefined;
  manufacturer?: string | undefined;
  importer?: string | undefined;
}

function orPlaceholder(value: string | undefined): string {
  const v = value?.trim();
  return v && !containsCjk(v) ? v : KOREAN_LABEL_DEFAULTS.placeholder;
}

/**
 * W §9 Korean label defaults: made in China, the caution 용도 외에 사용금지. 파손및화기주의, the age
 * standard 14세이상 and 상세정보참조 for anything unknown.
 */
export function buildDefaultKoreanLabels(source: KoreanLabelSource = {}): KoreanLabels {
  const lines = [
    `품명: ${orPlaceholder(source.productName)}`,
    `제조자/수입자: ${orPlaceholder(source.manufacturer || source.importer)}`,
    `제조국: ${KOREAN_LABEL_DEFAULTS.origin}`,
    `사용연령: ${KOREAN_LABEL_DEFAULTS.ageStandard}`,
    `주의사항: ${KOREAN_LABEL_DEFAULTS.caution}`,
  ];
  return {
    content: lines.join('\n'),
    material: KOREAN_LABEL_DEFAULTS.placeholder,
    type: KOREAN_LABEL_DEFAULTS.placeholder,
  };
}

/** W §4 Korean label: AI labels with blanks (or Chinese text) are completed from the defaults. */
export function completeKoreanLabels(
  labels: Partial<KoreanLabels> | null | undefined,
  source: KoreanLabelSource = {},
): KoreanLabels {
  const defaults = buildDefaultKoreanLabels(source);
  const pick = (v: string | undefined, d: string) => (v?.trim() && !containsCjk(v) ? v.trim() : d);
  return {
    ...labels,
    content: pick(labels?.content, defaults.content),
    material: pick(labels?.material, defaults.material),
    type: pick(labels?.type, defaults.type),
  };
}

/** W §3 imagePage.labelImages entry with the label image type 제품 한글 표시사항 라벨 또는 도안 이미지. */
export function buildLabelImageEntry(file: string): LabelImage {
  return { labelImageType: KOREAN_LABEL_DEFAULTS.labelImageType, labelImageFiles: file };
}
