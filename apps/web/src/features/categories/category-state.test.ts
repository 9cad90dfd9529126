import type { CategoryLeaf } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import { addCategoryReducer, checkAddCategory, initialAddCategoryState } from './add-category-state';
import { categoryMinReducer, initialCategoryMinState } from './category-min-state';
import {
  initialRegProductState,
  offerableCategories,
  regProductReducer as reduce,
  regProductBlocker,
} from './reg-product-state';

const leaf = (code: number): CategoryLeaf => ({
  displayCategoryCode: code,
  name: `분류 ${code}`,
  path: `가구>분류 ${code}`,
  hasSchema: true,
});

describe('regproduct screen state', () => {
  const init = initialRegProductState(['p1']);

  it('starts with the products of the address; ids replaces them', () => {
    expect(init.ids).toEqual(['p1']);
    expect(reduce(init, { type: 'ids', ids: ['p2', 'p3'] }).ids).toEqual(['p2', 'p3']);
  });

  it('a new search text puts the keyboard row back on the first result', () => {
    const s = reduce(reduce(init, { type: 'move', step: 1, count: 5 }), { type: 'query', query: '의자' });
    expect(s).toMatchObject({ query: '의자', active: 0 });
  });

  it('move stays within the results; choose takes the leaf and its row', () => {
    let s = reduce(init, { type: 'move', step: -1, count: 3 });
    expect(s.active).toBe(0);
    s = reduce(reduce(reduce(s, { type: 'move', step: 1, count: 3 }), { type: 'move', step: 1, count: 3 }), {
      type: 'move',
      step: 1,
      count: 3,
    });
    expect(s.active).toBe(2);
    s = reduce(s, { type: 'choose', leaf: leaf(7), index: 1 });
    expect(s).toMatchObject({ chosen: leaf(7), active: 1 });
  });

  it('a run needs products and a category', () => {
    expect(regProductBlocker(initialRegProductState([]))).toBe('category.needProduct');
    expect(regProductBlocker(init)).toBe('category.needCategory');
    expect(regProductBlocker(reduce(init, { type: 'choose', leaf: leaf(1), index: 0 }))).toBeNull();
  });

  it('sending clears the error; failed says why; running then finished shows the products done', () => {
    let s = reduce(init, { type: 'failed', error: '상품을 선택하세요.' });
    s = reduce(s, { type: 'sending' });
    expect(s.error).toBeNull();
    s = reduce(s, { type: 'running' });
    expect(s.busy).toBe(true);
    const ok = reduce(s, { type: 'finished', done: ['R1'] });
    expect(ok).toMatchObject({ busy: false, done: ['R1'], error: null });
    const stopped = reduce(s, { type: 'finished', done: ['R1'], error: '서버 오류' });
    expect(stopped).toMatchObject({ busy: false, done: ['R1'], error: '서버 오류' });
  });
});

describe('add-category screen state', () => {
  it('edit changes the fields; sending clears the last outcome; failed and saved show it', () => {
    let s = addCategoryReducer(initialAddCategoryState, { type: 'edit', patch: { code: 77, text: '{}' } });
    expect(s).toMatchObject({ code: 77, text: '{}', path: '' });
    s = addCategoryReducer(s, { type: 'saved', code: 77, message: '저장했습니다.' });
    expect(s.saved).toEqual({ code: 77, message: '저장했습니다.' });
    s = addCategoryReducer(s, { type: 'sending' });
    expect(s).toMatchObject({ saved: null, error: null });
    expect(addCategoryReducer(s, { type: 'failed', error: '실패' }).error).toBe('실패');
  });

  it('checks the code, the metadata and its JSON before sending', () => {
    expect(checkAddCategory({ code: '', path: '', text: '{}' })).toEqual({
      ok: false,
      error: 'add.needCode',
    });
    expect(checkAddCategory({ code: 1.5, path: '', text: '{}' })).toEqual({
      ok: false,
      error: 'add.needCode',
    });
    expect(checkAddCategory({ code: 77, path: '', text: '  ' })).toEqual({
      ok: false,
      error: 'add.needMeta',
    });
    expect(checkAddCategory({ code: 77, path: '', text: '{bad' })).toMatchObject({
      ok: false,
      error: 'add.invalidJson',
    });
    expect(checkAddCategory({ code: '77', path: ' 가구>의자 ', text: '{"a":1}' })).toEqual({
      ok: true,
      code: 77,
      path: '가구>의자',
      meta: { a: 1 },
    });
  });
});

describe('category picker (category_min) state', () => {
  const init = initialCategoryMinState('2026-11-25T10:00:00.000Z');

  it('keeps the version of the address, the search text and the choice', () => {
    const s = categoryMinReducer(categoryMinReducer(init, { type: 'query', query: '의자' }), {
      type: 'choose',
      leaf: leaf(5),
    });
    expect(s).toMatchObject({ query: '의자', chosen: leaf(5), version: '2026-11-25T10:00:00.000Z' });
  });

  it('applying clears the last error and conflict; failed says why', () => {
    let s = categoryMinReducer(init, { type: 'failed', error: '실패' });
    s = categoryMinReducer(s, { type: 'applying' });
    expect(s).toMatchObject({ busy: true, error: null, conflict: false });
    expect(categoryMinReducer(s, { type: 'failed', error: '서버 오류' })).toMatchObject({
      busy: false,
      error: '서버 오류',
    });
    expect(categoryMinReducer(s, { type: 'applied' }).busy).toBe(false);
  });

  it('a conflict keeps the choice and takes the latest version', () => {
    let s = categoryMinReducer(init, { type: 'choose', leaf: leaf(5) });
    s = categoryMinReducer(categoryMinReducer(s, { type: 'applying' }), {
      type: 'conflict',
      version: '2026-11-25T11:00:00.000Z',
    });
    expect(s).toMatchObject({
      busy: false,
      conflict: true,
      chosen: leaf(5),
      version: '2026-11-25T11:00:00.000Z',
    });
  });
});

describe('categories a Coupang registration may use (issue 37)', () => {
  const items = [leaf(77426), leaf(1001), leaf(79382)];
  it.each([
    ['rocket_growth', [77426, 79382], [77426, 79382], 1, false],
    ['hybrid', [77426], [77426], 2, false],
    ['marketplace', [77426], [77426, 1001, 79382], 0, false],
    ['rocket_growth', null, [77426, 1001, 79382], 0, true],
  ] as const)('%s with %j offers %j', (channel, codes, offered, hidden, unchecked) => {
    const r = offerableCategories(items, channel, codes);
    expect(r.items.map((i) => i.displayCategoryCode)).toEqual(offered);
    expect(r.hidden).toBe(hidden);
    expect(r.unchecked).toBe(unchecked);
  });
});
