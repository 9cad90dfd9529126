import { describe, expect, it } from 'vitest';
import { restoreLostFields } from './restore-lost-fields.ts';
import {
  validateFeatureUpdate,
  validateImagesToProcess,
  validateImageUrl,
  validatePartialUpdate,
  validateProductUpdate,
  validateQuotationStart,
  validateRetranslateGroup,
  validateSizeChartRequest,
  validateWorkflowStart,
} from './validate-requests.ts';

const codeOf = (r: { ok: boolean; issues?: { code: string }[] }) => (r.ok ? 'ok' : r.issues?.[0]?.code);

describe('request validations (W §5, Q §5)', () => {
  it.each([
    [validateProductUpdate({ _id: 'p1' }), 'ok'],
    [validateProductUpdate({}), 'invalidProductInformation'],
    [validateProductUpdate(null), 'invalidProductInformation'],
    [validateFeatureUpdate('seo', { registrationId: 'R1', seo: { productName: 'x' } }), 'ok'],
    [validateFeatureUpdate('seo', { registrationId: 'R1' }), 'featureDataMissing'],
    [validateFeatureUpdate('seo', { seo: {} }), 'featureDataMissing'],
    [validateFeatureUpdate('mainImage', { registrationId: 'R1', mainImage: {} }), 'featureDataMissing'],
    [validateFeatureUpdate('quotation', null), 'featureDataMissing'],
    [validatePartialUpdate('p1', { 'options.0.mainImageStatus': { status: 'completed' } }), 'ok'],
    [validatePartialUpdate('p1', {}), 'partialUpdateInvalid'],
    [validatePartialUpdate('', { a: 1 }), 'partialUpdateInvalid'],
    [validatePartialUpdate('p1', null), 'partialUpdateInvalid'],
    [validatePartialUpdate(7, { a: 1 }), 'partialUpdateInvalid'],
    [validatePartialUpdate('p1', [{ a: 1 }]), 'partialUpdateInvalid'],
    [validateSizeChartRequest({ registrationId: 'R1' }), 'ok'],
    [validateSizeChartRequest({}), 'invalidProduct'],
    [validateSizeChartRequest(undefined), 'invalidProduct'],
    [validateWorkflowStart(['p1'], 'key'), 'ok'],
    [validateWorkflowStart([], 'key'), 'noProductsSelected'],
    [validateWorkflowStart(['p1'], ' '), 'geminiKeyMissing'],
    [validateWorkflowStart(['p1'], null), 'geminiKeyMissing'],
    [validateQuotationStart({ registrationId: 'R1', rocketRegInfo: {}, options: [{}] }), 'ok'],
    [validateQuotationStart({ rocketRegInfo: {}, options: [{}] }), 'quotationProductIdMissing'],
    [validateQuotationStart({ _id: 'p', options: [{}] }), 'registrationInfoMissing'],
    [validateQuotationStart({ _id: 'p', rocketRegInfo: {}, options: [] }), 'noOptionsToProcess'],
    [validateQuotationStart(null), 'quotationProductIdMissing'],
    [validateImageUrl(' https://x/a.jpg '), 'ok'],
    [validateImageUrl(''), 'imageUrlMissing'],
    [validateRetranslateGroup({ originalUrls: ['', 'b'] }), 'ok'],
    [validateRetranslateGroup({ url: 'c' }), 'ok'],
    [validateRetranslateGroup({}), 'invalidImageGroup'],
    [validateRetranslateGroup(null), 'invalidImageGroup'],
    [validateImagesToProcess(['a']), 'ok'],
    [validateImagesToProcess([]), 'noImagesToProcess'],
    [validateImagesToProcess(undefined), 'noImagesToProcess'],
  ])('%# → %s', (result, code) => expect(codeOf(result as never)).toBe(code));

  it('uses the Korean messages', () => {
    const r = validateWorkflowStart([], 'k');
    expect(r.ok ? '' : r.issues[0]?.message).toBe('처리할 상품이 선택되지 않았습니다');
    const s = validateSizeChartRequest({});
    expect(s.ok ? '' : s.issues[0]?.message).toBe('유효하지 않은 상품 정보입니다');
  });
});

describe('restoreLostFields (W §4 Server responses)', () => {
  const submitted = {
    _id: 'p1',
    registered: true,
    verified: true,
    registrationStatus: 'registered',
    mainImages: ['a.jpg'],
    coupangDoc: { jsonDocument: [{}] },
    options: [
      { optionNumber: 'R1001', coupangDoc: { startPage: { productName: 'x' } } },
      { optionNumber: 'R1002', coupangDoc: { startPage: { productName: 'y' } } },
    ],
  };

  it('restores what the answer lost and keeps what it sent', () => {
    const answer = {
      _id: 'p1',
      registered: null,
      mainImages: [],
      verified: false,
      options: [
        { optionNumber: 'R1002' },
        { optionNumber: 'R1001', coupangDoc: { startPage: { productName: 'new' } } },
      ],
    };
    expect(restoreLostFields(submitted, answer)).toEqual({
      _id: 'p1',
      registered: true,
      verified: false,
      registrationStatus: 'registered',
      mainImages: ['a.jpg'],
      coupangDoc: { jsonDocument: [{}] },
      options: [
        { optionNumber: 'R1002', coupangDoc: { startPage: { productName: 'y' } } },
        { optionNumber: 'R1001', coupangDoc: { startPage: { productName: 'new' } } },
      ],
    });
  });

  it('restores the options list when the answer has none', () => {
    expect(
      restoreLostFields(submitted, { _id: 'p1' } as { _id: string; options?: Record<string, unknown>[] })
        .options,
    ).toBe(submitted.options);
    expect(restoreLostFields({}, { _id: 'p1', options: [{ optionNumber: 'x' }] }).options).toEqual([
      { optionNumber: 'x' },
    ]);
  });
});
