import { describe, expect, it } from 'vitest';
import { classifyNotice, normalizeNotices } from './normalize-notices.ts';

describe('classifyNotice', () => {
  it.each([
    ['제조자(수입자)', 'maker'],
    ['제조국(원산지)', 'origin'],
    ['제조국', 'origin'],
    ['A/S 책임자와 전화번호', 'afterService'],
    ['소비자상담 관련 전화번호', 'afterService'],
    ['품질보증기준', 'qualityGuarantee'],
    ['색상', null],
  ])('%s → %s', (name, role) => expect(classifyNotice(name)).toBe(role));
});

describe('normalizeNotices (W §5)', () => {
  const settings = { manufacturer: '헤오르 협력사', asInfo: '010-0000-0000', origin: '중국' };

  it('de-duplicates by name and fills from settings', () => {
    const out = normalizeNotices(
      [
        { noticeItemName: '품명 및 모델명', noticeItemValue: '' },
        { noticeItemName: '품명 및 모델명', noticeItemValue: '발 디딤대' },
        { noticeItemName: '제조자(수입자)', noticeItemValue: '某工厂' },
        { noticeItemName: '제조국(원산지)', noticeItemValue: '한국' },
        { noticeItemName: 'A/S 책임자와 전화번호', noticeItemValue: '' },
        { noticeItemName: '품질보증기준', noticeItemValue: '' },
        { noticeItemName: '색상', noticeItemValue: '红色' },
        { noticeItemName: '색상', noticeItemValue: '파랑' },
        { noticeItemName: '크기', noticeItemValue: '' },
      ],
      settings,
    );
    expect(out).toEqual([
      { noticeItemName: '품명 및 모델명', noticeItemValue: '발 디딤대' },
      { noticeItemName: '제조자(수입자)', noticeItemValue: '헤오르 협력사' },
      { noticeItemName: '제조국(원산지)', noticeItemValue: '중국' },
      { noticeItemName: 'A/S 책임자와 전화번호', noticeItemValue: '010-0000-0000' },
      { noticeItemName: '품질보증기준', noticeItemValue: '관련 법 및 소비자분쟁해결기준에 따름' },
      { noticeItemName: '색상', noticeItemValue: '상세페이지 참조' },
      { noticeItemName: '크기', noticeItemValue: '상세페이지 참조' },
    ]);
  });

  it('uses defaults and keeps the Open API shape', () => {
    const out = normalizeNotices(
      [
        { noticeCategoryName: '기타 재화', noticeCategoryDetailName: 'A/S 책임자와 전화번호', content: '' },
        { noticeCategoryName: '기타 재화', noticeCategoryDetailName: '제조자(수입자)', content: '메이커' },
        { noticeItemName: '인증', noticeItemValue: '없음' },
      ],
      { origin: '대한민국' },
      new Map([['인증', ['해당없음']]]),
    );
    expect(out.map((n) => n.content ?? n.noticeItemValue)).toEqual([
      '제조사 문의',
      '메이커',
      '상세페이지 참조',
    ]);
  });

  it('handles no notices', () => expect(normalizeNotices(undefined, settings)).toEqual([]));
});
