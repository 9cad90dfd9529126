import { describe, expect, it } from 'vitest';
import { productDisplayName, productKoreanName } from './display-name.ts';

describe('product display name', () => {
  it.each([
    [
      { seo: { productName: 'SEO 이름' }, productNameTrans: '번역', korName: '한글', productName: '中文' },
      'SEO 이름',
    ],
    [{ seo: { productName: '  ' }, productNameTrans: '번역', korName: '한글', productName: '中文' }, '번역'],
    [{ seo: null, productNameTrans: '', korName: '한글', productName: '中文' }, '한글'],
    [{ seo: { keywords: [] }, productName: ' 中文 ' }, '中文'],
    [{ seo: 'not an object', productName: 42 }, ''],
    [{}, ''],
  ])('%j → %s', (product, name) => {
    expect(productDisplayName(product)).toBe(name);
  });

  it('reads a stored document or a server answer (any record) by the same order', () => {
    const answer: Readonly<Record<string, unknown>> = {
      _id: 'p1',
      korName: '한글',
      coupangDoc: { productName: '쿠팡 문서 이름' },
      productName: '中文',
    };
    expect(productDisplayName(answer)).toBe('한글');
    expect(productDisplayName({ ...answer, korName: '' })).toBe('中文');
  });

  it('the Korean name never falls back to the source name', () => {
    expect(productKoreanName({ productName: '中文' })).toBe('');
    expect(productKoreanName({ korName: ' 한글 ', productName: '中文' })).toBe('한글');
  });
});
