import { RocketProduct } from '@rr/contracts';
import { CategorySchema } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import { documentView, optionChoices, optionStatusColour, shownIndex } from './document-view-state';

const attr = (attributeName: string, attributeValue: string) => ({ attributeName, attributeValue });
const product = RocketProduct.parse({
  _id: 'p1',
  registrationId: 'R1',
  options: [
    { optionNumber: 'R1001', korName: '빨강', quotationStatus: 'completed' },
    { optionNumber: 'R1002', quotationStatus: 'error' },
  ],
  coupangDoc: {
    jsonDocument: [
      {
        startPage: { productName: '의자' },
        productPage: {
          brand: '로켓',
          commonAttributes: { exposedAttributes: [attr('색상', '빨강')] },
          unexposedAttributes: [attr('소재', '원목')],
        },
      },
      { productPage: { exposedAttributes: [attr('색상', '')] } },
    ],
  },
});

describe('document view state', () => {
  it('shows the picked option, kept within the documents there are', () => {
    expect(shownIndex(5, 2)).toBe(1);
    expect(shownIndex(0, 2)).toBe(0);
    expect(documentView(product, 9, undefined)?.i).toBe(1);
  });

  it('has nothing to show before the product has documents', () => {
    expect(documentView(RocketProduct.parse({ _id: 'p', registrationId: 'R' }), 0, undefined)).toBeNull();
  });

  it('names the paths the fields save to: common exposed attributes, else the page ones', () => {
    const first = documentView(product, 0, undefined);
    expect(first).toMatchObject({
      base: 'coupangDoc.jsonDocument.0',
      exposedBase: 'coupangDoc.jsonDocument.0.productPage.commonAttributes.exposedAttributes',
      exposed: [attr('색상', '빨강')],
      unexposed: [attr('소재', '원목')],
      optionNumber: 'R1001',
      optionStatus: 'completed',
    });
    expect(documentView(product, 1, undefined)).toMatchObject({
      exposedBase: 'coupangDoc.jsonDocument.1.productPage.exposedAttributes',
      optionStatus: 'error',
      unexposed: [],
    });
  });

  it('checks the document against the category schema (a required attribute left empty is an issue)', () => {
    const schema = CategorySchema.parse({
      attributes: [{ name: '색상', required: true, inputType: 'SELECT', choices: ['빨강', '파랑'] }],
    });
    const v = documentView(product, 1, schema);
    expect(v?.schemaAttrs.get('색상')?.choices).toEqual(['빨강', '파랑']);
    expect(v?.report.percent).toBeLessThan(100);
    expect(documentView(product, 0, schema)?.report.issues.length).toBeLessThan(v?.report.issues.length ?? 0);
  });

  it('lists the options by number and Korean name; colours their status', () => {
    expect(optionChoices(product)).toEqual([
      { value: '0', label: 'R1001 빨강' },
      { value: '1', label: 'R1002' },
    ]);
    expect([
      optionStatusColour('completed'),
      optionStatusColour('error'),
      optionStatusColour('processing'),
    ]).toEqual(['green', 'red', 'blue']);
  });
});
