import { convertCoupangCategoryMeta } from '@rr/domain';
import { describe, expect, it } from 'vitest';
import { fillDocument } from '../../../../packages/domain/test/fill-document.ts';
import puzzle from '../../../../packages/domain/test/fixtures/coupang_category_meta_77426_3d-puzzle-toy.json' with {
  type: 'json',
};
import { schemaNotes } from '../../src/tasks/quotation/index.ts';
import type { JobOption } from '../../src/tasks/quotation/quotation-job.ts';

// Issue 42: Q §5's per-option schema check runs on the server in the quotation task too (the
// quotation tab ran it alone): what the task's outcome says about the documents it wrote.

const schema = convertCoupangCategoryMeta(puzzle.data ?? puzzle, {
  displayCategoryCode: 77426,
  categoryPath: '완구/취미>퍼즐/큐브>입체퍼즐',
});
const option = (index: number) => ({ index, optionNumber: `R-${index + 1}` }) as JobOption;

describe('the quotation’s schema notes', () => {
  it('a complete document: nothing to say', () => {
    expect(schemaNotes({ schema }, [{ option: option(0), doc: fillDocument(schema) }])).toBeUndefined();
  });

  it('names the option missing a mandatory attribute and the order error, in Korean and English', () => {
    const missing = fillDocument(schema);
    const exposed = missing.productPage!.commonAttributes!.exposedAttributes!;
    exposed[0]!.attributeValue = '';
    const unordered = fillDocument(schema);
    unordered.productPage!.commonAttributes!.exposedAttributes = [...exposed].reverse();
    const notes = schemaNotes({ schema }, [
      { option: option(0), doc: fillDocument(schema) },
      { option: option(1), doc: missing },
      { option: option(2), doc: unordered },
    ]);
    expect(notes?.ko).toContain(`옵션 2에 필수 속성이 누락되었습니다: ${exposed[0]!.attributeName}`);
    expect(notes?.ko).toContain('속성 순서 오류: exposedAttributes');
    expect(notes?.en).toContain('option 2 missing required attributes');
    expect(notes?.ko).not.toContain('옵션 1에');
  });
});
