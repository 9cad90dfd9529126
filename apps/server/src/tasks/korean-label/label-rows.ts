import { KOREAN_LABEL_DEFAULTS, type KoreanLabels } from '@rr/domain';
import type { LabelRow } from '../../images/render/korean-label.ts';

export const LABEL_TITLE = '한글 표시사항';

/**
 * The rows drawn on a label image: the content's `name: value` lines, the material and type, and
 * the legal lines a label always carries (W §9 Korean label defaults: made in China, the age
 * standard, the caution) when the content does not already say them.
 */
export function labelRowsOf(labels: KoreanLabels, maker: string): LabelRow[] {
  const rows: LabelRow[] = [];
  for (const raw of labels.content.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const m = /^([^:：]{1,12})[:：]\s*(.*)$/.exec(line);
    if (m) rows.push({ name: m[1]!.trim(), value: m[2]!.trim() || KOREAN_LABEL_DEFAULTS.placeholder });
    else rows.push({ name: rows.some((r) => r.name === '품명') ? '내용' : '품명', value: line });
  }
  const has = (...names: string[]) => rows.some((r) => names.some((n) => r.name.includes(n)));
  if (!has('재질', '소재')) rows.push({ name: '재질', value: labels.material });
  if (!has('종류', '유형')) rows.push({ name: '종류', value: labels.type });
  if (!has('제조자', '수입자', '제조사')) rows.push({ name: '제조자/수입자', value: maker });
  if (!has('제조국', '원산지')) rows.push({ name: '제조국', value: KOREAN_LABEL_DEFAULTS.origin });
  if (!has('사용연령', '연령')) rows.push({ name: '사용연령', value: KOREAN_LABEL_DEFAULTS.ageStandard });
  if (!has('주의')) rows.push({ name: '주의사항', value: KOREAN_LABEL_DEFAULTS.caution });
  return rows;
}
