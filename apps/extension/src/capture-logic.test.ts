import { readFileSync } from 'node:fs';
import type { ImportResult } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import {
  answerTone,
  type CaptureAnswer,
  captureRequest,
  isSkuAnswer,
  normaliseServer,
  offerIdOf,
  type PageCapture,
  pageObjectText,
  readAnswer,
  summarise,
} from './capture-logic.ts';
import { pickLanguage, say } from './messages.ts';

const contextText = readFileSync(
  new URL('../../../e2e/fixtures/1688_offer_943009939489_window_context.json', import.meta.url),
  'utf8',
);

const result = (over: Partial<ImportResult>): ImportResult => ({
  offerId: '943009939489',
  outcome: 'created',
  productId: 'p-1',
  registrationId: 'R1',
  title: '标题',
  readOptions: 6,
  keptOptions: 6,
  message: '옵션 6개를 읽고 6개를 가져왔습니다.',
  warnings: [],
  diff: null,
  inputs: ['window.context'],
  ...over,
});

describe('offerIdOf', () => {
  it.each([
    ['https://detail.1688.com/offer/943009939489.html', '943009939489'],
    ['https://detail.1688.com/offer/943009939489.html?spm=a26352.13672862&x=1', '943009939489'],
    ['http://detail.1688.com/offer/597090034012.html#top', '597090034012'],
    ['https://detail.1688.com/offer/abc.html', null],
    ['https://s.1688.com/selloffer/offer_search.htm?keywords=x', null],
    ['https://evil.example/detail.1688.com/offer/943009939489.html', null],
  ])('%s → %s', (url, id) => expect(offerIdOf(url)).toBe(id));
});

describe('captureRequest', () => {
  it('sends the page objects as json inputs and SKU answers as text, like an upload and a paste', () => {
    const capture: PageCapture = {
      url: 'https://detail.1688.com/offer/943009939489.html',
      context: contextText,
      initData: '{"globalData":{}}',
      skuAnswers: ['{"data":{"skuModel":{}}}'],
    };
    expect(captureRequest(capture)).toEqual({
      inputs: [
        { json: JSON.parse(contextText), name: 'window.context' },
        { json: { globalData: {} }, name: 'window.__INIT_DATA' },
        { text: '{"data":{"skuModel":{}}}', name: 'SKU 응답 1' },
      ],
      confirmOfferIds: [],
    });
    expect(captureRequest({ ...capture, initData: null, skuAnswers: [] }, ['943009939489'])).toEqual({
      inputs: [{ json: JSON.parse(contextText), name: 'window.context' }],
      confirmOfferIds: ['943009939489'],
    });
  });
});

describe('readAnswer', () => {
  const ok = (results: ImportResult[]) => ({ res: 'success', message: '', results });
  it.each<[string, number, unknown, Partial<CaptureAnswer> & { tone: string }]>([
    [
      'created',
      200,
      ok([result({})]),
      { kind: 'result', outcome: 'created', productId: 'p-1', tone: 'success' },
    ],
    [
      're-import with changes',
      200,
      ok([
        result({
          outcome: 'updateAvailable',
          diff: {
            changes: [{ field: 'price', optionKey: 'a', before: 1, after: 2, applies: true }],
            addedOptions: ['b'],
            removedOptions: [],
          },
        }),
      ]),
      { kind: 'result', outcome: 'updateAvailable', changeCount: 2, tone: 'notice' },
    ],
    [
      'the offer besides a refused side input',
      200,
      ok([
        result({ outcome: 'refused', offerId: null, message: '형식을 알 수 없습니다.' }),
        result({ outcome: 'updated' }),
      ]),
      { kind: 'result', outcome: 'updated', tone: 'success' },
    ],
    [
      'refused',
      200,
      ok([result({ outcome: 'refused', productId: null, message: '옵션(SKU)이 없습니다.' })]),
      { kind: 'result', outcome: 'refused', message: '옵션(SKU)이 없습니다.', tone: 'failure' },
    ],
    [
      'revoked token (401, the server’s Korean message)',
      401,
      { code: 'invalid_access_token', message: '액세스 토큰이 올바르지 않거나 폐기되었습니다.' },
      {
        kind: 'error',
        status: 401,
        message: '액세스 토큰이 올바르지 않거나 폐기되었습니다.',
        tone: 'failure',
      },
    ],
    [
      'server failure',
      500,
      { message: 'boom' },
      { kind: 'error', message: '서버 오류가 발생했습니다.', tone: 'failure' },
    ],
    [
      'an answer without results',
      200,
      { res: 'success' },
      { kind: 'error', message: '서버의 응답을 읽을 수 없습니다.', tone: 'failure' },
    ],
    ['a 4xx without a body', 413, null, { kind: 'error', message: 'HTTP 413', tone: 'failure' }],
  ])('%s', (_name, status, body, expected) => {
    const { tone, ...fields } = expected;
    const answer = readAnswer(status, body, 'ko');
    expect(answer).toMatchObject(fields);
    expect(answerTone(answer)).toBe(tone);
  });
});

describe('summarise', () => {
  it('counts every outcome once, errors and refusals as failed', () => {
    const r = (outcome: ImportResult['outcome']): CaptureAnswer =>
      readAnswer(200, { results: [result({ outcome })] }, 'ko');
    const answers = [
      r('created'),
      r('created'),
      r('updated'),
      r('updateAvailable'),
      r('unchanged'),
      r('refused'),
      r('needsCapture'),
      readAnswer(401, { message: 'x' }, 'ko'),
    ];
    expect(summarise(answers)).toEqual({ created: 2, updated: 1, changes: 1, unchanged: 1, failed: 3 });
    expect(say('ko', 'summary', { ...summarise(answers) })).toBe(
      '완료: 담김 2 · 다시 담김 1 · 변경 있음 1 · 변경 없음 1 · 실패 3',
    );
  });
});

describe('normaliseServer', () => {
  it.each([
    ['https://rr.example.com/', 'https://rr.example.com'],
    [' http://127.0.0.1:3000/AIRocketReg ', 'http://127.0.0.1:3000'],
    ['rr.example.com', null],
    ['ftp://rr.example.com', null],
    ['https://user:pw@rr.example.com', null],
    ['javascript:alert(1)', null],
  ])('%s → %s', (typed, origin) => expect(normaliseServer(typed)).toBe(origin));
});

describe('pageObjectText', () => {
  it('keeps data, drops functions and cycles, copies shared objects', () => {
    const shared = { price: '20.50' };
    const page: Record<string, unknown> = { a: shared, b: shared, f: () => 1, n: 1, list: [1, () => 2] };
    page.self = page;
    expect(JSON.parse(pageObjectText(page)!)).toEqual({
      a: { price: '20.50' },
      b: { price: '20.50' },
      n: 1,
      list: [1, null],
    });
  });
  it('answers null for nothing and for a text over the limit', () => {
    expect(pageObjectText(undefined)).toBeNull();
    expect(pageObjectText('text')).toBeNull();
    expect(pageObjectText({ big: 'x'.repeat(100) }, 50)).toBeNull();
  });
  it('round-trips a real window.context capture unchanged', () => {
    const value = JSON.parse(contextText);
    expect(JSON.parse(pageObjectText(value)!)).toEqual(value);
  });
});

describe('isSkuAnswer and language', () => {
  it('keeps only SKU model answers of mtop/sku addresses', () => {
    expect(isSkuAnswer('https://h5api.m.1688.com/h5/mtop.alibaba.x/1.0/', '{"data":{"skuModel":{}}}')).toBe(
      true,
    );
    expect(isSkuAnswer('https://h5api.m.1688.com/h5/mtop.alibaba.x/1.0/', '{"data":{}}')).toBe(false);
    expect(isSkuAnswer('https://example.com/other', '{"skuModel":{}}')).toBe(false);
  });
  it('speaks Korean unless the browser is in English', () => {
    expect(pickLanguage('ko-KR')).toBe('ko');
    expect(pickLanguage('zh-CN')).toBe('ko');
    expect(pickLanguage('en-US')).toBe('en');
    expect(say('en', 'progress', { done: 2, total: 3 })).toBe('Adding 2 of 3…');
  });
});
