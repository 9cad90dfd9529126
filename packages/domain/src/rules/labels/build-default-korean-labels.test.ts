import { describe, expect, it } from 'vitest';
import {
  buildDefaultKoreanLabels,
  buildLabelImageEntry,
  completeKoreanLabels,
} from './build-default-korean-labels.ts';

describe('Korean label defaults (W §9)', () => {
  it('builds the default label', () => {
    expect(buildDefaultKoreanLabels({ productName: '발 디딤대', importer: '헤오르' })).toEqual({
      content:
        '품명: 발 디딤대\n제조자/수입자: 헤오르\n제조국: 중국\n사용연령: 14세이상\n주의사항: 용도 외에 사용금지. 파손및화기주의',
      material: '상세정보참조',
      type: '상세정보참조',
    });
    expect(buildDefaultKoreanLabels().content).toContain('품명: 상세정보참조');
    expect(buildDefaultKoreanLabels({ productName: '脚踏' }).content).toContain('품명: 상세정보참조');
  });

  it('completes AI labels', () => {
    expect(completeKoreanLabels({ content: '내용', material: ' ', type: '棉' })).toEqual({
      content: '내용',
      material: '상세정보참조',
      type: '상세정보참조',
    });
    expect(completeKoreanLabels(null).material).toBe('상세정보참조');
  });

  it('uses the label image type', () => {
    expect(buildLabelImageEntry('a.png')).toEqual({
      labelImageType: '제품 한글 표시사항 라벨 또는 도안 이미지',
      labelImageFiles: 'a.png',
    });
  });
});
