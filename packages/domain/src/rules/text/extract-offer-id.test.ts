import { describe, expect, it } from 'vitest';
import { extractOfferId } from './extract-offer-id.ts';

describe('extractOfferId (W §5)', () => {
  it.each([
    ['https://detail.1688.com/offer/943009939489.html', '943009939489'],
    ['https://detail.1688.com/offer/943009939489.html?spm=a26352.13672862&sk=consign', '943009939489'],
    ['http://m.1688.com/offer/813724060928.html', '813724060928'],
    ['https://detail.m.1688.com/page/index.html?offerId=813724060928&sortType=', '813724060928'],
    ['813724060928.html', '813724060928'],
    ['  813724060928  ', '813724060928'],
    ['detail.1688.com/offer/12345', '12345'],
  ])('%s → %s', (input, id) => expect(extractOfferId(input)).toEqual({ ok: true, value: id }));

  it.each([[''], ['https://www.coupang.com/vp/products/abc'], ['abc123'], [null]])(
    '%o → 상품 ID를 추출할 수 없습니다',
    (input) => {
      const r = extractOfferId(input);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.issues[0]?.message).toBe('상품 ID를 추출할 수 없습니다');
    },
  );
});
