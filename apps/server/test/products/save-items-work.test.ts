import { describe, expect, it } from 'vitest';
import { isAppError } from '../../src/errors/app-error.ts';
import type { DefaultSettingsView } from '../../src/products/document-rules.ts';
import { buildSaveItems, planSaveItems, readSaveItems } from '../../src/products/save-items-work.ts';

// saveItems' pure steps (in the work pool for a large body, on the loop for a small one): what a
// body is refused with, which products it names, and the text each item is stored as.

const refusal = (text: string) => {
  try {
    readSaveItems(text);
  } catch (error) {
    return isAppError(error) ? [error.code, error.kind, error.userMessage.ko] : ['not an AppError'];
  }
  return ['accepted'];
};

describe('readSaveItems and planSaveItems', () => {
  it.each([
    ['not JSON', '[{"productName":', ['invalid_json', 'invalid', 'JSON 형식이 올바르지 않습니다.']],
    ['nested past 64 levels', `[${'['.repeat(70)}${']'.repeat(70)}]`, ['json_too_deep', 'invalid']],
    ['a __proto__ key', '[{"__proto__":{"x":1}}]', ['invalid_json', 'invalid']],
    ['an empty array', '[]', ['invalid_request', 'invalid', '요청 형식이 올바르지 않습니다.']],
    ['a number as registrationId', '[{"registrationId":7}]', ['invalid_request', 'invalid']],
    [
      'one registrationId twice',
      '[{"registrationId":"A-1"},{"registrationId":"A-1"}]',
      ['duplicate_registration_id', 'invalid', '같은 등록번호가 요청에 두 번 있습니다: A-1'],
    ],
  ])('refuses %s', (_name, text, expected) => {
    expect(refusal(text).slice(0, expected.length)).toEqual(expected);
  });

  it.each([
    ['an array', '[{"_id":"p1"},{"registrationId":" A-2 "},{"registrationId":"  "},{}]'],
    ['{ items }', '{"items":[{"_id":"p1"},{"registrationId":" A-2 "},{"registrationId":"  "},{}]}'],
  ])('names each item by _id, else by its trimmed registrationId, blank as new (%s)', (_form, text) => {
    expect(planSaveItems(readSaveItems(text))).toEqual([{ id: 'p1' }, { registrationId: 'A-2' }, {}, {}]);
  });
});

const settings = {
  asInfo: '010-0000-0000',
  manufacturer: '',
  importer: '',
  importStatus: 'IMPORTED',
  origin: '중국',
} as unknown as DefaultSettingsView;

const textsOf = (built: ReturnType<typeof buildSaveItems>) =>
  built.items.map((i) => JSON.parse(Buffer.from(built.bytes.subarray(i.start, i.end)).toString('utf8')));

describe('buildSaveItems', () => {
  it('a new product: the server fields the client sent are dropped, a split inherits its base’s', () => {
    const body = JSON.stringify([
      { productName: '새 상품', source: { offerId: 'forged' }, rocketRegInfo: { forged: true }, _id: '' },
      { productName: '나눈 상품', registrationId: 'A-1_2' },
    ]);
    const built = buildSaveItems(readSaveItems(body), settings, [
      { kind: 'insert' },
      { kind: 'insert', inheritedText: '{"source":{"offerId":"597090034012"}}' },
    ]);
    const [fresh, split] = textsOf(built);
    expect(fresh).toEqual({ productName: '새 상품' });
    expect(split).toEqual({ productName: '나눈 상품', source: { offerId: '597090034012' } });
    expect(built.items.map((i) => [i.completeness, i.readVersion])).toEqual([
      [null, undefined],
      [null, undefined],
    ]);
  });

  it('a replacement keeps the stored server fields, marks the seller’s change, and needs the version read', () => {
    const stored = JSON.stringify({
      productName: '옛 이름',
      registrationId: 'A-1',
      source: { offerId: '597090034012' },
    });
    const body = JSON.stringify([
      { productName: '새 이름', source: { offerId: 'forged' }, updatedAt: '2026-11-27T10:00:00.000Z' },
    ]);
    const built = buildSaveItems(readSaveItems(body), settings, [{ kind: 'replace', storedText: stored }]);
    const [doc] = textsOf(built);
    expect(doc).toMatchObject({ productName: '새 이름', source: { offerId: '597090034012' } });
    expect(doc.fieldSources.productName).toBe('seller');
    expect(built.items[0]!.readVersion).toBe('2026-11-27T10:00:00.000Z');
    const noVersion = JSON.stringify([{ productName: '새 이름' }]);
    expect(() =>
      buildSaveItems(readSaveItems(noVersion), settings, [{ kind: 'replace', storedText: stored }]),
    ).toThrow(expect.objectContaining({ code: 'version_conflict' }));
  });
});
