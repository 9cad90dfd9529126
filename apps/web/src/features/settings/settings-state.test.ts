import { describe, expect, it } from 'vitest';
import {
  initialSettingsState as init,
  providerOf,
  settingsReducer as reduce,
  type SettingsState,
} from './settings-state';
import type { SettingsForm } from './validate';

const form: SettingsForm = {
  aiProvider: 'offline',
  geminiAPIKey: '',
  geminiModel: 'gemini-2.0-flash',
  openaiBaseUrl: '',
  openaiAPIKey: '',
  openaiModel: '',
  hasGeminiAPIKey: false,
  hasOpenaiAPIKey: false,
  asInfo: '제조사 문의',
  origin: '중국',
  manufacturer: '',
  importer: '',
  brand: '',
  importStatus: '수입대상아님',
  transactionType: '기타 도소매업자',
  useTopImage: false,
  topImageUrl: '',
  useBottomImage: false,
  bottomImageUrl: '',
  exchangeRate: '350',
  marginRate: '40',
  coupangMarginRate: '40',
  roundUnit: '100',
  msrpMultiplier: '1.3',
  enableBundling: false,
  minMarginAmount: '3,000',
  minCoupangMarginAmount: '0',
  enableMinSupplyMargin: false,
  minSupplyMarginAmount: '0',
  landedPricing: false,
  targetMarginPercent: '20',
};

const loaded: SettingsState = reduce(init, { type: 'loaded', form });

describe('settings screen state', () => {
  it('loaded fills the form once; a later read keeps what the seller typed', () => {
    const typed = reduce(loaded, { type: 'text', field: 'brand', value: '내 브랜드' });
    expect(reduce(typed, { type: 'loaded', form }).form?.brand).toBe('내 브랜드');
  });

  it('edits before the form is loaded change nothing', () => {
    expect(reduce(init, { type: 'text', field: 'brand', value: 'x' })).toBe(init);
  });

  it("text, check and provider edit one field and clear only that field's error", () => {
    let s = reduce(loaded, {
      type: 'invalid',
      errors: { marginRate: 'percent', roundUnit: 'integer' },
      message: '입력값을 확인해주세요.',
    });
    expect(s.save).toEqual({ kind: 'error', message: '입력값을 확인해주세요.' });
    s = reduce(s, { type: 'text', field: 'marginRate', value: '30' });
    expect(s.form?.marginRate).toBe('30');
    expect(s.errors).toEqual({ roundUnit: 'integer' });
    s = reduce(s, { type: 'check', field: 'useTopImage', value: true });
    expect(s.form?.useTopImage).toBe(true);
    s = reduce(s, { type: 'provider', value: 'gemini' });
    expect(s.form?.aiProvider).toBe('gemini');
  });

  it('saving clears the errors; saved shows the stored form and offers the reprice only on a pricing change', () => {
    let s = reduce(loaded, { type: 'invalid', errors: { brand: 'required' }, message: 'x' });
    s = reduce(s, { type: 'saving' });
    expect(s).toMatchObject({ errors: {}, save: { kind: 'saving' } });
    const stored = { ...form, geminiAPIKey: '••••1234', hasGeminiAPIKey: true };
    const same = reduce(s, { type: 'saved', form: stored, message: '저장했습니다.', pricingChanged: false });
    expect(same).toMatchObject({ form: stored, save: { kind: 'saved', message: '저장했습니다.' } });
    expect(same.reprice.kind).toBe('hidden');
    expect(reduce(s, { type: 'saved', form, message: 'ok', pricingChanged: true }).reprice.kind).toBe(
      'offer',
    );
  });

  it('saveFailed keeps what the seller typed and says why', () => {
    let s = reduce(loaded, { type: 'text', field: 'origin', value: '베트남' });
    s = reduce(reduce(s, { type: 'saving' }), { type: 'saveFailed', message: '서버 오류' });
    expect(s.form?.origin).toBe('베트남');
    expect(s.save).toEqual({ kind: 'error', message: '서버 오류' });
  });

  it('the reprice offer: running, then done or failed; later hides it', () => {
    const offered = reduce(loaded, { type: 'saved', form, message: 'ok', pricingChanged: true });
    const running = reduce(offered, { type: 'repricing' });
    expect(running.reprice).toEqual({ kind: 'running' });
    expect(
      reduce(running, { type: 'repriced', message: '12개 상품 가격을 다시 계산합니다.' }).reprice,
    ).toEqual({
      kind: 'done',
      message: '12개 상품 가격을 다시 계산합니다.',
    });
    expect(reduce(running, { type: 'repriceFailed', message: '실패' }).reprice).toEqual({
      kind: 'error',
      message: '실패',
    });
    expect(reduce(offered, { type: 'repriceLater' }).reprice.kind).toBe('hidden');
  });

  it('a radio value names a provider or nothing', () => {
    expect(providerOf('openai')).toBe('openai');
    expect(providerOf('claude')).toBeNull();
  });
});
