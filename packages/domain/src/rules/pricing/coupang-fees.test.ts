import { describe, expect, it } from 'vitest';
import {
  COUPANG_COMMISSION_RATES,
  chargedCommissionPercent,
  commissionRateFor,
  ROCKET_GROWTH_TIERS,
  rocketGrowthFeeOf,
  rocketGrowthTierFor,
  unitBoxOf,
} from './coupang-fees.ts';

describe('commissionRateFor: the category’s first level in Coupang’s fee table', () => {
  it.each([
    ['가구/홈데코>가구>의자>스툴', '가구/홈데코', 10.8],
    ['패션의류잡화>여성패션>여성의류>골프의류>여성 골프 티셔츠', '패션의류잡화', 10.5],
    ['가전/디지털>휴대폰/태블릿PC/액세서리>휴대폰액세서리', '가전/디지털', 7.8],
    ['뷰티>스킨', '뷰티', 9.6],
    ['생활용품>욕실용품', '생활용품', 7.8],
    ['식품>스낵/간식', '식품', 10.6],
    ['출산/유아동', '출산/유아동', 10],
    ['자동차용품>실내용품', '자동차용품', 10],
    ['완구/취미>퍼즐/큐브/피젯토이', '완구/취미', 10.8],
    [' 가구 / 홈데코 > 가구', '가구/홈데코', 10.8], // spaces around the names do not matter
  ])('%s → %s %s%%', (path, category, percent) => {
    expect(commissionRateFor(path)).toEqual({ category, percent });
  });

  it.each([
    ['', 'an empty path'],
    [null, 'no path'],
    [undefined, 'no path'],
    ['헬스/건강식품>건강식품', 'a first level the table does not list'],
    ['가구', 'a part of a first level'],
  ])('%o: none (%s)', (path, _why) => {
    expect(commissionRateFor(path)).toBeNull();
  });

  it('lists every first level once', () => {
    const names = COUPANG_COMMISSION_RATES.map((r) => r.category);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('chargedCommissionPercent: the rate plus 10 % VAT, exact to 1/100', () => {
  it.each([
    [10.8, 11.88],
    [10.5, 11.55],
    [9.6, 10.56],
    [7.8, 8.58],
    [10.6, 11.66],
    [10, 11],
    [0, 0],
  ])('%s%% → %s%%', (percent, charged) => {
    expect(chargedCommissionPercent(percent)).toBe(charged);
  });
});

describe('unitBoxOf: the registration document’s box', () => {
  it.each([
    ['300*200*10', '413', { sidesMm: [300, 200, 10], weightG: 413 }],
    ['365 x 341 x 141', 1042, { sidesMm: [365, 341, 141], weightG: 1042 }],
    ['100X100X100', ' 1000 ', { sidesMm: [100, 100, 100], weightG: 1000 }],
    ['12.5×20×3', '80.5', { sidesMm: [12.5, 20, 3], weightG: 80.5 }],
  ])('%o, %o', (dimension, weight, box) => {
    expect(unitBoxOf(dimension, weight)).toEqual(box);
  });

  it.each([
    [null, '100'],
    ['100*100', '100'],
    ['100*100*100*100', '100'],
    ['100*0*100', '100'],
    ['100*abc*100', '100'],
    ['100*100*100', ''],
    ['100*100*100', '0'],
    ['100*100*100', null],
    ['100*100*100', -5],
  ])('%o, %o: none', (dimension, weight) => {
    expect(unitBoxOf(dimension, weight)).toBeNull();
  });
});

describe('rocketGrowthTierFor: the smallest tier both the sides and the weight fit', () => {
  const box = (sides: [number, number, number], weightG: number) => ({ sidesMm: sides, weightG });
  it.each([
    ['tiny and light', box([100, 100, 100], 300), 'XS'],
    ['80 cm exactly, 2 kg exactly (limits inclusive)', box([300, 300, 200], 2000), 'XS'],
    ['80.1 cm', box([300, 300, 201], 500), 'S'],
    ['2,001 g', box([100, 100, 100], 2001), 'S'],
    ['small box, heavy (the weight decides)', box([100, 100, 100], 9000), 'M'],
    ['long box, light (the sides decide)', box([600, 400, 300], 500), 'L1'],
    ['160 cm, 20 kg', box([800, 500, 300], 20_000), 'L2'],
    ['250 cm, 30 kg', box([1000, 1000, 500], 30_000), 'XL'],
  ])('%s → %s', (_name, b, tier) => {
    expect(rocketGrowthTierFor(b)?.tier).toBe(tier);
  });

  it.each([
    ['over 250 cm', box([1000, 1000, 501], 1000)],
    ['over 30 kg', box([100, 100, 100], 30_001)],
    ['no box', null],
  ])('%s: no tier', (_name, b) => {
    expect(rocketGrowthTierFor(b)).toBeNull();
  });

  it.each([
    ['XS', 1950],
    ['S', 2200],
    ['M', 3350],
    ['L1', 3575],
    ['L2', 5475],
    ['XL', 6975],
  ])('%s costs %s won a unit (입출고비 + 배송비)', (tier, fee) => {
    const row = ROCKET_GROWTH_TIERS.find((t) => t.tier === tier)!;
    expect(rocketGrowthFeeOf(row)).toBe(fee);
  });

  it('tiers grow in both limits', () => {
    for (let i = 1; i < ROCKET_GROWTH_TIERS.length; i++) {
      expect(ROCKET_GROWTH_TIERS[i]!.maxSumCm).toBeGreaterThan(ROCKET_GROWTH_TIERS[i - 1]!.maxSumCm);
      expect(ROCKET_GROWTH_TIERS[i]!.maxKg).toBeGreaterThan(ROCKET_GROWTH_TIERS[i - 1]!.maxKg);
    }
  });
});
