import { describe, expect, it } from 'vitest';
import {
  changedRows,
  initialTranslateState,
  isBusy,
  type Job,
  translateReducer as reduce,
  shownVersion,
  type TranslateAction,
  type TranslateState,
  withRegenerated,
} from './image-translate-state';
import type { OcrItem } from './ocr-logic';

// biome-ignore format: a box reads best as one line
const BOX: OcrItem['bounding_box'] = [[0, 0], [10, 0], [10, 10], [0, 10]];

const item = (source: string, target: string): OcrItem => ({
  source,
  target,
  font_size: 30,
  bounding_box: BOX,
  align: 'left',
  line_count: 1,
});

const job: Job = {
  sourceUrl: 'https://x/a.jpg',
  originUrl: 'https://x/a.jpg',
  rmUrl: 'https://x/rm.jpg',
  versions: [{ requestId: 'r1', url: 'https://x/t1.jpg' }],
  items: [item('包邮', '무료배송'), item('新款', '신상품')],
  ocrError: null,
};
const twoVersions: Job = {
  ...job,
  versions: [...job.versions, { requestId: 'r2', url: 'https://x/t2.jpg' }],
};

const idle = initialTranslateState();
const open = reduce(idle, { type: 'opened', job, at: 't0' });
const edited = reduce(open, { type: 'edit', index: 1, patch: { target: '신상' } });
const at = (stage: TranslateState['stage'], s: TranslateState = idle): TranslateState => ({ ...s, stage });
const recentR1 = [{ requestId: 'r1', url: 'https://x/t1.jpg', at: 't0' }];

/** Every transition: the state before, the action, and what it must be after (a partial match). */
const table: [
  name: string,
  before: TranslateState,
  action: TranslateAction,
  after: Partial<TranslateState>,
][] = [
  // the source form
  ['a tab is chosen', idle, { type: 'tab', tab: 'url' }, { source: { ...idle.source, tab: 'url' } }],
  [
    'an unknown tab (or none) keeps the current one',
    idle,
    { type: 'tab', tab: null },
    { source: idle.source },
  ],
  [
    'the language is chosen',
    idle,
    { type: 'language', lang: 'ENG' },
    { source: { ...idle.source, lang: 'ENG' } },
  ],
  ['the address is typed', idle, { type: 'urlInput', value: 'x' }, { source: { ...idle.source, url: 'x' } }],
  [
    'a submitted address that is not an image is marked invalid',
    reduce(idle, { type: 'urlInput', value: 'not an address' }),
    { type: 'submitUrl' },
    { source: { ...idle.source, url: 'not an address', urlInvalid: true } },
  ],
  [
    'a submitted image address clears the mark',
    { ...idle, source: { ...idle.source, url: 'https://x/a.jpg', urlInvalid: true } },
    { type: 'submitUrl' },
    { source: { ...idle.source, url: 'https://x/a.jpg', urlInvalid: false } },
  ],
  [
    'the request id is typed',
    idle,
    { type: 'requestIdInput', value: 'r9' },
    { source: { ...idle.source, requestId: 'r9' } },
  ],
  // a call's steps, its end and its failure
  [
    'a call starts and clears the last error',
    { ...idle, error: 'old' },
    { type: 'stage', stage: 'uploading' },
    { stage: 'uploading', error: null },
  ],
  [
    'a call goes to its next step',
    at('uploading'),
    { type: 'stage', stage: 'translating' },
    { stage: 'translating' },
  ],
  [
    'the OCR query follows',
    at('translating'),
    { type: 'stage', stage: 'loadingOcr' },
    { stage: 'loadingOcr' },
  ],
  [
    'a regeneration starts from an open job',
    open,
    { type: 'stage', stage: 'regenerating' },
    { stage: 'regenerating', job },
  ],
  [
    'a call ends with its job on the latest version, its items copied, recorded in recent',
    { ...at('loadingOcr'), hover: 1, focus: { index: 1, seq: 3 } },
    { type: 'opened', job: twoVersions, at: 't1' },
    {
      stage: 'idle',
      job: twoVersions,
      edited: job.items,
      shown: 1,
      hover: null,
      focus: null,
      recent: [{ requestId: 'r2', url: 'https://x/t2.jpg', at: 't1' }],
    },
  ],
  [
    'a failure ends the call with its message; the open job and edits stay',
    at('regenerating', edited),
    { type: 'failed', message: 'OCR 이미지 생성 실패' },
    { stage: 'idle', error: 'OCR 이미지 생성 실패', job, edited: edited.edited },
  ],
  [
    'a failure of the first call leaves no job',
    at('uploading'),
    { type: 'failed', message: 'e' },
    { stage: 'idle', error: 'e', job: null },
  ],
  ['the error is dismissed', { ...open, error: 'e' }, { type: 'dismissError' }, { error: null }],
  // edits
  [
    'an edit changes the seller copy',
    open,
    { type: 'edit', index: 1, patch: { target: '신상' } },
    { edited: edited.edited },
  ],
  [
    'no edit while a call runs',
    at('regenerating', open),
    { type: 'edit', index: 0, patch: { target: 'x' } },
    { edited: open.edited },
  ],
  ['revert (reset) restores the OCR items', edited, { type: 'revert' }, { edited: job.items }],
  ['no revert while a call runs', at('regenerating', edited), { type: 'revert' }, { edited: edited.edited }],
  ['revert without a job does nothing', idle, { type: 'revert' }, { edited: [] }],
  // versions, boxes, view
  [
    'an earlier version is shown',
    reduce(idle, { type: 'opened', job: twoVersions, at: 't' }),
    { type: 'show', version: 0 },
    { shown: 0 },
  ],
  [
    'a version past the last shows the last',
    reduce(idle, { type: 'opened', job: twoVersions, at: 't' }),
    { type: 'show', version: 9 },
    { shown: 1 },
  ],
  ['a version before the first shows the first', open, { type: 'show', version: -2 }, { shown: 0 }],
  ['no version without a job', idle, { type: 'show', version: 1 }, { shown: 0 }],
  ['a box is hovered', open, { type: 'hover', index: 1 }, { hover: 1 }],
  ['the pointer leaves the boxes', { ...open, hover: 1 }, { type: 'hover', index: null }, { hover: null }],
  [
    'a picked box is highlighted and its row focused',
    open,
    { type: 'pickBox', index: 1 },
    { hover: 1, focus: { index: 1, seq: 1 } },
  ],
  [
    'picking the same box again focuses its row again',
    { ...open, focus: { index: 1, seq: 1 } },
    { type: 'pickBox', index: 1 },
    { hover: 1, focus: { index: 1, seq: 2 } },
  ],
  ['the zoom is chosen', open, { type: 'zoom', zoom: '2' }, { view: { zoom: '2', showBoxes: true } }],
  ['an unknown zoom is ignored', open, { type: 'zoom', zoom: '7' }, { view: { zoom: '1', showBoxes: true } }],
  ['the boxes are hidden', open, { type: 'showBoxes', on: false }, { view: { zoom: '1', showBoxes: false } }],
];

describe('image translation screen state', () => {
  // Each row: the state after the action, and every key the row does not name keeps its value.
  it.each(table)('%s', (_name, before, action, after) => {
    const next = reduce(before, action);
    expect(next).toMatchObject(after);
    const was = new Map(Object.entries(before));
    for (const [key, value] of Object.entries(next)) {
      if (!(key in after)) expect(value, key).toEqual(was.get(key));
    }
  });

  it('the table names every action', () => {
    const named = new Set(table.map(([, , action]) => action.type));
    const all: TranslateAction['type'][] = [
      'tab',
      'language',
      'urlInput',
      'submitUrl',
      'requestIdInput',
      'stage',
      'opened',
      'failed',
      'dismissError',
      'edit',
      'revert',
      'show',
      'hover',
      'pickBox',
      'zoom',
      'showBoxes',
    ];
    expect([...named].sort()).toEqual([...all].sort());
  });

  it('the opened job is copied, so edits never change it', () => {
    expect(open.edited[0]).not.toBe(job.items[0]);
    expect(job.items[1]?.target).toBe('신상품');
    expect(open.recent).toEqual(recentR1);
  });

  it('a regenerated version is shown on top, keeps the earlier ones, and is listed once in recent', () => {
    const sent = [item('包邮', ' 무료 배송 '), item('新款', '신상품')];
    const next = withRegenerated(job, sent, { requestId: 'r2', url: 'https://x/t2.jpg' });
    let s = reduce(open, { type: 'opened', job: next, at: 't2' });
    expect(s.shown).toBe(1);
    expect(s.job?.items[0]?.target).toBe('무료 배송');
    expect(s.recent.map((r) => r.requestId)).toEqual(['r2', 'r1']);
    // opening r1 again moves it to the front, once
    s = reduce(s, { type: 'opened', job, at: 't3' });
    expect(s.recent.map((r) => r.requestId)).toEqual(['r1', 'r2']);
  });

  it('busy while a call runs; the shown version and the changed rows follow the state', () => {
    expect(isBusy(idle)).toBe(false);
    expect(isBusy(at('loadingOcr'))).toBe(true);
    expect(shownVersion(idle)).toBeUndefined();
    const two = reduce(idle, { type: 'opened', job: twoVersions, at: 't' });
    expect(shownVersion(two)?.requestId).toBe('r2');
    expect(shownVersion(reduce(two, { type: 'show', version: 0 }))?.requestId).toBe('r1');
    expect([...changedRows(edited.job, edited.edited)]).toEqual([1]);
    expect([...changedRows(null, [])]).toEqual([]);
  });
});
