import { RocketProduct } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import {
  commaList,
  initialManualSeo,
  lines,
  type ManualSeoAction,
  manualSeoBody,
  manualSeoReducer as reduce,
  seoOf,
} from './seo-state';

const p = RocketProduct.parse({
  _id: 'p1',
  registrationId: 'R1',
  options: [{ optionNumber: 'R1001', korName: '빨강' }, { optionNumber: 'R1002' }],
  seo: {
    productName: '원목 스툴',
    keywords: ['스툴', '의자'],
    metaDescription: '설명',
    features: ['튼튼함'],
  },
});

describe('SEO tab state', () => {
  it("reads the product's SEO, with the domain's defaults when there is none", () => {
    expect(seoOf(p)).toMatchObject({ productName: '원목 스툴', keywords: ['스툴', '의자'] });
    expect(seoOf(RocketProduct.parse({ _id: 'q', registrationId: 'Q' }))).toMatchObject({
      productName: '',
      keywords: [],
    });
  });

  it('splits keywords by commas and features by lines', () => {
    expect(commaList(' a, ,b ,')).toEqual(['a', 'b']);
    expect(lines(' a\n\nb ')).toEqual(['a', '', 'b']);
  });

  it('the manual form starts from the SEO; set changes one field', () => {
    const form = initialManualSeo(seoOf(p));
    expect(form).toEqual({
      name: '원목 스툴',
      keywords: '스툴, 의자',
      description: '설명',
      features: '튼튼함',
      nameMissing: false,
    });
    const set: ManualSeoAction = { type: 'set', field: 'keywords', value: '스툴' };
    expect(reduce(form, set).keywords).toBe('스툴');
  });

  it('save without a name sends nothing and shows the message; with one it sends the form', () => {
    const empty = reduce(initialManualSeo(seoOf(p)), { type: 'set', field: 'name', value: '  ' });
    expect(manualSeoBody(empty, p)).toBeNull();
    expect(reduce(empty, { type: 'submitted', ok: false }).nameMissing).toBe(true);
    const form = reduce(initialManualSeo(seoOf(p)), {
      type: 'set',
      field: 'features',
      value: '튼튼함\n\n가벼움',
    });
    expect(manualSeoBody(form, p)).toEqual({
      productId: 'p1',
      seo: {
        productName: '원목 스툴',
        keywords: ['스툴', '의자'],
        metaDescription: '설명',
        features: ['튼튼함', '가벼움'],
        options: [
          { optionNumber: 'R1001', korName: '빨강' },
          { optionNumber: 'R1002', korName: '' },
        ],
      },
    });
    expect(reduce(empty, { type: 'submitted', ok: true }).nameMissing).toBe(false);
  });
});
