import { describe, expect, it } from 'vitest';
import shoes from '../../../test/fixtures/coupang_category_meta_68010_shoes.json' with { type: 'json' };
import puzzle from '../../../test/fixtures/coupang_category_meta_77426_3d-puzzle-toy.json' with {
  type: 'json',
};
import docsExample from '../../../test/fixtures/coupang_category_meta_78877_docs_example.json' with {
  type: 'json',
};
import { convertCoupangCategoryMeta, isSizeChartRequired } from './convert-coupang-category-meta.ts';

describe('convertCoupangCategoryMeta (real Coupang answers)', () => {
  it('converts 68010 (shoes)', () => {
    const s = convertCoupangCategoryMeta(shoes, {
      displayCategoryCode: 68010,
      categoryPath: '패션의류잡화>남성화>운동화',
    });
    expect(s.displayCategoryCode).toBe(68010);
    expect(s.attributes).toHaveLength(25);
    const mandatoryExposed = s.attributes.filter((a) => a.required && a.exposed);
    expect(mandatoryExposed.map((a) => a.name)).toEqual(['색상', '신발사이즈']);
    expect(mandatoryExposed[0]).toMatchObject({ inputType: 'INPUT', choices: [], basicUnit: null });
    expect(mandatoryExposed[1]?.inputType).toBe('SELECT');
    expect(mandatoryExposed[1]?.choices).toContain('320이상');
    const releaseYear = s.attributes.find((a) => a.name === '출시 연도');
    expect(releaseYear).toMatchObject({
      dataType: 'NUMBER',
      basicUnit: '일',
      usableUnits: ['일', '주', '년도'],
      required: false,
      exposed: false,
      groupNumber: null,
    });
    expect(s.noticeCategories.map((c) => [c.name, c.items.length])).toEqual([
      ['어린이제품', 14],
      ['구두/신발', 8],
    ]);
    expect(s.certifications).toHaveLength(27);
    expect(s.certifications.find((c) => c.type === 'PURCHASED_WITHOUT_KC_MARK')?.name).toBe(
      'KC마크 없이 구매대행 가능한 품목',
    );
    expect(s.requiredDocuments.map((d) => d.required)).toContain('MANDATORY_PARALLEL_IMPORTED');
    expect(s.allowedOfferConditions).toEqual(['NEW']);
    expect(isSizeChartRequired(s)).toBe(true);
    expect(s.certifications[0]).toHaveProperty('verification_OMIT_LIST');
  });

  it('converts 77426 (3D puzzle)', () => {
    const s = convertCoupangCategoryMeta(puzzle.data);
    expect(s.attributes.filter((a) => a.required && a.exposed).map((a) => a.name)).toEqual([
      '퍼즐/블럭 조각 수',
      '색상',
      '수량',
    ]);
    expect(s.attributes.find((a) => a.name === '수량')?.basicUnit).toBe('개');
    expect(s.noticeCategories.map((c) => c.name)).toEqual(['기타 재화', '어린이제품']);
    expect(isSizeChartRequired(s)).toBe(false);
    expect(s.requiredFields.map((f) => f.path)).not.toContain('daysToExpiration');
  });

  it('converts the older docs example without inputType', () => {
    const s = convertCoupangCategoryMeta(docsExample);
    expect(s.isAllowSingleItem).toBe(true);
    expect(s.attributes.every((a) => a.inputType === 'INPUT')).toBe(true);
  });

  it('adds the expiration field and honours given required fields', () => {
    const s = convertCoupangCategoryMeta(
      {
        attributes: [{ attributeTypeName: 'a', inputValues: ['x'], groupNumber: '1', required: 'MANDATORY' }],
        isExpirationDateRequiredForRocketGrowth: true,
      },
      { requiredFields: [] },
    );
    expect(s.requiredFields.map((f) => f.path)).toEqual(['daysToExpiration']);
    expect(s.attributes[0]).toMatchObject({ inputType: 'SELECT', groupNumber: '1', required: true });
  });
});
