import { describe, expect, it } from 'vitest';
import {
  initialRegistrationState as init,
  keyTarget,
  listCriteria,
  type RegistrationAction,
  type RegistrationState,
  registrationReducer as reduce,
} from './registration-state';

const ids = ['a', 'b', 'c', 'd', 'e'];
const selectedOf = (s: RegistrationState) => [...s.selected].sort();

describe('registration screen state', () => {
  it('a click toggles one row; a shift-click toggles the range from the last clicked row', () => {
    let s = reduce(init, { type: 'toggleRow', ids, index: 1, range: false });
    expect(selectedOf(s)).toEqual(['b']);
    s = reduce(s, { type: 'toggleRow', ids, index: 3, range: true });
    expect(selectedOf(s)).toEqual(['b', 'c', 'd']);
    // unselecting a selected row with shift unselects the range
    s = reduce(s, { type: 'toggleRow', ids, index: 2, range: true });
    expect(selectedOf(s)).toEqual(['b']);
  });

  it('shift without an earlier click toggles only that row', () => {
    expect(selectedOf(reduce(init, { type: 'toggleRow', ids, index: 4, range: true }))).toEqual(['e']);
  });

  it('select all selects every shown row, and again clears them', () => {
    const all = reduce(init, { type: 'toggleAll', ids });
    expect(selectedOf(all)).toEqual(ids);
    expect(selectedOf(reduce(all, { type: 'toggleAll', ids }))).toEqual([]);
  });

  it('sorting the same column flips the order; a new column starts descending', () => {
    const s1 = reduce(init, { type: 'sortBy', field: 'updatedAt' });
    expect(s1.sort).toEqual({ field: 'updatedAt', order: 'asc' });
    expect(reduce(s1, { type: 'sortBy', field: 'productName' }).sort).toEqual({
      field: 'productName',
      order: 'desc',
    });
  });

  it('the delete dialog opens only with a selection, and a delete clears the selection', () => {
    expect(reduce(init, { type: 'askDelete' }).confirmDelete).toBe(false);
    let s = reduce(init, { type: 'toggleAll', ids });
    s = reduce(s, { type: 'askDelete' });
    expect(s.confirmDelete).toBe(true);
    s = reduce(s, { type: 'deleted', notice: '5개 삭제' });
    expect(s).toMatchObject({ confirmDelete: false, notice: '5개 삭제' });
    expect(s.selected.size).toBe(0);
  });

  it('status filters are set and cleared per field; reset clears every filter', () => {
    let s = reduce(init, { type: 'statusFilter', field: 'seoStatus', value: 'error' });
    s = reduce(s, { type: 'filter', patch: { text: '가방' } });
    expect(listCriteria(s.filters, '가방', s.sort)).toMatchObject({
      text: '가방',
      statuses: { seoStatus: 'error' },
    });
    s = reduce(s, { type: 'statusFilter', field: 'seoStatus', value: null });
    expect(listCriteria(s.filters, '', s.sort).statuses).toBeUndefined();
    s = reduce(reduce(s, { type: 'filter', patch: { category: '77' } }), { type: 'resetFilters' });
    expect(s.filters).toEqual(init.filters);
  });

  it.each([
    ['ArrowDown', 0, 1],
    ['ArrowDown', 4, 4],
    ['ArrowUp', 0, 0],
    ['PageDown', 1, 4],
    ['PageUp', 3, 0],
    ['Home', 3, 0],
    ['End', 0, 4],
    ['x', 2, null],
  ] as const)('key %s from row %i goes to %s', (key, from, to) => {
    expect(keyTarget(key, from, ids.length)).toBe(to);
  });

  it('a started run is shown first and clears an earlier refusal', () => {
    let s = reduce(init, { type: 'runRefused', message: '처리할 상품이 선택되지 않았습니다' });
    expect(s.runError?.message).toBe('처리할 상품이 선택되지 않았습니다');
    s = reduce(s, { type: 'showRuns', runIds: ['old'] });
    s = reduce(s, { type: 'runStarted', runId: 'new', notice: '상품 3개의 작업을 시작했습니다.' });
    expect(s.runs.shown).toEqual(['new', 'old']);
    expect(s.runError).toBeNull();
  });

  it('active runs found after a reload are shown once; a closed run stays closed', () => {
    let s = reduce(init, { type: 'showRuns', runIds: ['a', 'b'] });
    s = reduce(s, { type: 'showRuns', runIds: ['a', 'b'] });
    expect(s.runs.shown).toEqual(['a', 'b']);
    s = reduce(s, { type: 'closeRun', runId: 'a' });
    s = reduce(s, { type: 'showRuns', runIds: ['a', 'b', 'c'] });
    expect(s.runs.shown).toEqual(['b', 'c']);
  });

  const sel = reduce(init, { type: 'toggleAll', ids });
  const table: [
    name: string,
    before: RegistrationState,
    action: RegistrationAction,
    after: Partial<RegistrationState>,
  ][] = [
    [
      'a filter is typed',
      init,
      { type: 'filter', patch: { text: 'a' } },
      { filters: { ...init.filters, text: 'a' } },
    ],
    [
      'a status filter is set',
      init,
      { type: 'statusFilter', field: 'seoStatus', value: 'error' },
      { filters: { ...init.filters, statuses: { seoStatus: 'error' } } },
    ],
    [
      'reset clears the filters',
      reduce(init, { type: 'filter', patch: { dateFrom: '2026-01-01' } }),
      { type: 'resetFilters' },
      { filters: init.filters },
    ],
    [
      'a new sort column starts descending',
      init,
      { type: 'sortBy', field: 'productName' },
      { sort: { field: 'productName', order: 'desc' } },
    ],
    [
      'a row is toggled',
      init,
      { type: 'toggleRow', ids, index: 2, range: false },
      { selected: new Set(['c']), anchor: 2 },
    ],
    ['a row past the list is ignored', init, { type: 'toggleRow', ids, index: 9, range: false }, {}],
    ['all rows are toggled', init, { type: 'toggleAll', ids }, { selected: new Set(ids) }],
    ['the selection is cleared', sel, { type: 'clearSelection' }, { selected: new Set() }],
    ['the keyboard row moves', init, { type: 'setActive', index: 3, count: 5 }, { active: 3 }],
    ['the keyboard row stays in the list', init, { type: 'setActive', index: 9, count: 5 }, { active: 4 }],
    ['the advanced filters open', init, { type: 'toggleAdvanced' }, { showAdvanced: true }],
    [
      'the advanced filters close',
      { ...init, showAdvanced: true },
      { type: 'toggleAdvanced' },
      { showAdvanced: false },
    ],
    ['delete is not asked without a selection', init, { type: 'askDelete' }, {}],
    ['delete is asked for a selection', sel, { type: 'askDelete' }, { confirmDelete: true }],
    [
      'the delete dialog closes',
      { ...sel, confirmDelete: true },
      { type: 'closeDelete' },
      { confirmDelete: false },
    ],
    [
      'a delete ends the dialog and the selection',
      { ...sel, confirmDelete: true },
      { type: 'deleted', notice: 'n' },
      { confirmDelete: false, selected: new Set(), notice: 'n' },
    ],
    ['a notice is closed', { ...init, notice: 'n' }, { type: 'notice', notice: null }, { notice: null }],
    [
      'a started run is shown with its notice',
      { ...init, runError: { message: 'e' } },
      { type: 'runStarted', runId: 'r', notice: 'n' },
      { notice: 'n', runError: null, runs: { shown: ['r'], closed: [] } },
    ],
    [
      'a refused run shows why, with its code',
      init,
      { type: 'runRefused', message: 'Gemini', code: 'gemini_key_missing' },
      { runError: { message: 'Gemini', code: 'gemini_key_missing' } },
    ],
    [
      'the refusal is dismissed',
      { ...init, runError: { message: 'e' } },
      { type: 'dismissRunError' },
      { runError: null },
    ],
    [
      'active runs are shown',
      init,
      { type: 'showRuns', runIds: ['a'] },
      { runs: { shown: ['a'], closed: [] } },
    ],
    [
      'a run panel is closed',
      { ...init, runs: { shown: ['a', 'b'], closed: [] } },
      { type: 'closeRun', runId: 'a' },
      { runs: { shown: ['b'], closed: ['a'] } },
    ],
    ['cancel is asked for a run', init, { type: 'askCancel', runId: 'r' }, { confirmCancel: 'r' }],
    [
      'the cancel dialog closes',
      { ...init, confirmCancel: 'r' },
      { type: 'closeCancel' },
      { confirmCancel: null },
    ],
  ];

  it.each(table)('%s', (_name, before, action, after) => {
    const next = reduce(before, action);
    expect(next).toMatchObject(after);
    // Every field the action does not name is left as it was.
    const kept = (s: object) => Object.fromEntries(Object.entries(s).filter(([key]) => !(key in after)));
    expect(kept(next)).toEqual(kept(before));
  });

  it('the table names every action', () => {
    const all: RegistrationAction['type'][] = [
      'filter',
      'statusFilter',
      'resetFilters',
      'sortBy',
      'toggleRow',
      'toggleAll',
      'clearSelection',
      'setActive',
      'toggleAdvanced',
      'askDelete',
      'closeDelete',
      'deleted',
      'notice',
      'runStarted',
      'runRefused',
      'dismissRunError',
      'showRuns',
      'closeRun',
      'askCancel',
      'closeCancel',
    ];
    expect([...new Set(table.map(([, , a]) => a.type))].sort()).toEqual([...all].sort());
  });
});
