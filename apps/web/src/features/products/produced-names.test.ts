import type { RocketProduct } from '@rr/contracts';
import { RocketProduct as ProductSchema } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import { producedNames } from './produced-names';

const product = (over: Record<string, unknown>): RocketProduct =>
  ProductSchema.parse({ _id: 'p1', registrationId: 'R1', productName: '夏季袜子', options: [], ...over });

describe('producedNames (원본 데이터: what the run produced when the product has no own value)', () => {
  it('after a run: the SEO name and the documents’ brand and manufacturer, marked as produced', () => {
    const p = product({
      seo: { productName: '여름 양말 10켤레' },
      coupangDoc: { jsonDocument: [{ productPage: { brand: '로켓상사', manufacturer: '로켓공장' } }] },
    });
    expect(producedNames(p)).toEqual({
      korName: { value: '여름 양말 10켤레', produced: true },
      brand: { value: '로켓상사', produced: true },
      manufacturer: { value: '로켓공장', produced: true },
    });
  });

  it('the product’s own values win; nothing anywhere stays empty and not produced', () => {
    const p = product({
      korName: '내 이름',
      brand: '',
      seo: { productName: 'SEO 이름' },
      coupangDoc: { jsonDocument: [{ productPage: {} }] },
    });
    expect(producedNames(p)).toEqual({
      korName: { value: '내 이름', produced: false },
      brand: { value: '', produced: false },
      manufacturer: { value: '', produced: false },
    });
  });
});
