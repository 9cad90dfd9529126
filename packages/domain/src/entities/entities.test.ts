import { describe, expect, it } from 'vitest';
import supplierHub from '../../test/fixtures/supplierhub_draft_flow_autosourcing.json' with { type: 'json' };
import { CategorySchema } from './category-schema.ts';
import { KoreanLabels } from './korean-labels.ts';
import { Pricing, PricingInfo } from './pricing.ts';
import { MainImageStatus, ProcessedImage } from './processed-image.ts';
import { RocketProduct } from './product.ts';
import { Quotation } from './quotation.ts';
import { CoupangDoc, RegistrationDocument } from './registration-document.ts';
import { Seo } from './seo.ts';
import { Settings } from './settings.ts';
import { SizeChart } from './size-chart.ts';
import { AiTranslationItem, OcrItem } from './text-items.ts';
import { User } from './user.ts';

describe('entities', () => {
  it('parse a real Supplier Hub draft and keep every field', () => {
    const request = supplierHub['05_update_final_logistics'].request;
    const doc = CoupangDoc.parse(request);
    expect(doc.jsonDocument).toHaveLength(request.jsonDocument.length);
    expect(doc.jsonDocument[0]?.logisticsPage?.skuUnitBoxDimension).toBe('150*300*400');
    expect(doc).toMatchObject({ categoryId: 9368, displayCategoryCode: 74196 });
    expect(RegistrationDocument.parse(request.jsonDocument[0])).toEqual(request.jsonDocument[0]);
  });

  it('fill the settings defaults (gemini-2.0-flash, image settings)', () => {
    const s = Settings.parse({ geminiAPIKey: 'k', custom: 1 });
    expect(s).toMatchObject({
      geminiAPIKey: 'k',
      geminiModel: 'gemini-2.0-flash',
      custom: 1,
      defaultSettings: {
        asInfo: '제조사 문의',
        origin: '중국',
        importStatus: '수입대상아님',
        transactionType: '기타 도소매업자',
        exchangeRate: 350,
        imageSettings: { useTopImage: false, topImageUrl: '', useBottomImage: false, bottomImageUrl: '' },
      },
    });
  });

  it('parse a stored product leniently: unknown fields kept, options default to none, bad statuses refused', () => {
    const p = RocketProduct.parse({
      _id: 'p1',
      registrationId: 'R1',
      legacyField: { x: 1 },
      options: [
        { optionNumber: 'R1001', sourceKey: '红色', price: null, mainImageStatus: { status: 'completed' } },
      ],
    });
    expect(p.legacyField).toEqual({ x: 1 });
    expect(p.options[0]?.price).toBeNull();
    expect(p.options[0]?.mainImageStatus).toEqual({ status: 'completed' });
    expect(p.seoStatus).toBeUndefined();
    expect(RocketProduct.parse({ _id: 'p2', registrationId: 'R2' }).options).toEqual([]);
    expect(RocketProduct.safeParse({ _id: 'p3', registrationId: 'R3', seoStatus: 'weird' }).success).toBe(
      false,
    );
    expect(RocketProduct.safeParse({ registrationId: 'R4' }).success).toBe(false);
  });

  it('default pricing to the spec values', () => {
    expect(Pricing.parse({}).info).toEqual(PricingInfo.parse({}));
    expect(PricingInfo.safeParse({ marginRate: 100 }).success).toBe(false);
  });

  it('parse the other entities', () => {
    expect(Seo.parse({ productName: 'x' })).toMatchObject({ keywords: [], features: [], options: [] });
    expect(Quotation.parse({ productName: 'x' }).options).toEqual([]);
    expect(SizeChart.parse({})).toEqual({ sizeType: 'other', sizeUnits: 'cm', sizes: [], measurements: [] });
    expect(KoreanLabels.parse({ content: 'c' })).toEqual({ content: 'c', material: '', type: '' });
    expect(ProcessedImage.parse({ url: 'u', processType: 'translated' }).processType).toBe('translated');
    expect(ProcessedImage.safeParse({ processType: 'other' }).success).toBe(false);
    expect(MainImageStatus.parse({ status: 'completed' }).status).toBe('completed');
    expect(
      OcrItem.parse({
        source: '你好',
        bounding_box: [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
        font_size: 30,
      }).target,
    ).toBe('');
    expect(OcrItem.safeParse({ source: 'x', bounding_box: [[0, 0]] }).success).toBe(false);
    expect(
      AiTranslationItem.parse({
        ch: '你好',
        ko: ['안녕'],
        adjust_box: { width_percent: 120, height_percent: 110 },
      }).ko,
    ).toEqual(['안녕']);
    expect(User.parse({ _id: 'u1' })).toMatchObject({ auth: {}, addAccount: false, rocketRegSlot: 0 });
    expect(CategorySchema.parse({})).toMatchObject({
      attributes: [],
      requiredFields: [],
      displayCategoryCode: null,
    });
  });
});
