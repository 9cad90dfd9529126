import { readFileSync } from 'node:fs';
import type { ImportResult } from '@rr/contracts';
import { describe, expect, it } from 'vitest';
import {
  answerTone,
  type CaptureAnswer,
  captureRequest,
  changeLine,
  decodeDescription,
  descriptionUrlOf,
  isFatal,
  isPlainHttpRemote,
  isSkuAnswer,
  normaliseServer,
  offerIdOf,
  offerIdOfAttributes,
  offerIdOfLink,
  type PageCapture,
  pageBlock,
  pageObjectText,
  readAnswer,
  readServerCheck,
  summarise,
} from './capture-logic.ts';
import { pickLanguage, say } from './messages.ts';

const contextText = readFileSync(
  new URL('../../../e2e/fixtures/1688_offer_943009939489_window_context.json', import.meta.url),
  'utf8',
);
const initDataText = readFileSync(
  new URL('../../../e2e/fixtures/1688_offer_597090034012_pc_init_data.json', import.meta.url),
  'utf8',
);
const capture = (over: Partial<PageCapture>): PageCapture => ({
  url: 'https://detail.1688.com/offer/1.html',
  context: null,
  initData: null,
  skuAnswers: [],
  ...over,
});

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
      {
        kind: 'result',
        outcome: 'updateAvailable',
        changeCount: 2,
        registrationId: 'R1',
        changes: [
          { field: 'price', optionKey: 'a', before: 1, after: 2 },
          { field: 'addedOption', optionKey: 'b', before: null, after: 'b' },
        ],
        tone: 'notice',
      },
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
        cause: 'unauthorized',
        tone: 'failure',
      },
    ],
    [
      'another site at the address (404 page)',
      404,
      null,
      {
        kind: 'error',
        cause: 'wrongServer',
        message: '이 주소의 서버는 로켓 등록 서버가 아닙니다 (HTTP 404). 옵션의 서버 주소를 확인해주세요.',
        tone: 'failure',
      },
    ],
    [
      'another site answering 200 with a page',
      200,
      null,
      { kind: 'error', cause: 'wrongServer', tone: 'failure' },
    ],
    [
      'a gateway with the server down (502)',
      502,
      null,
      { kind: 'error', cause: 'unreachable', message: say('ko', 'unreachable'), tone: 'failure' },
    ],
    [
      'too many captures (429)',
      429,
      { code: 'too_many_captures', message: '1분 뒤에 다시' },
      { kind: 'error', cause: 'tooMany', message: '1분 뒤에 다시', tone: 'failure' },
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

describe('the description page', () => {
  it('sends it as a text input after the page data', () => {
    const page = capture({ initData: '{"globalData":{}}' });
    expect(captureRequest(page, [], 'var offer_details={"content":"<img src=x>"};').inputs).toEqual([
      { json: { globalData: {} }, name: 'window.__INIT_DATA' },
      { text: 'var offer_details={"content":"<img src=x>"};', name: '상세 설명' },
    ]);
  });

  it.each<[string, Partial<PageCapture>, string | null]>([
    [
      'the 2024 page: its description module',
      { initData: initDataText },
      'https://itemcdn.tmall.com/1688offer/icoss4165340769b90795afecc86a4b',
    ],
    [
      'window.context: offerDetail.detailUrl, protocol-relative',
      {
        context: JSON.stringify({
          result: {
            global: {
              globalData: { model: { offerDetail: { detailUrl: '//itemcdn.tmall.com/1688offer/icoss1' } } },
            },
          },
        }),
      },
      'https://itemcdn.tmall.com/1688offer/icoss1',
    ],
    [
      'the mobile wrapper page names it in url=',
      {
        initData: JSON.stringify({
          globalData: {
            detailModel: {
              detailUrl:
                'https://air.1688.com/pages/od/app-desc/d7p56fw2w/index.html?url=https://itemcdn.tmall.com/1688offer/icoss408',
            },
          },
        }),
      },
      'https://itemcdn.tmall.com/1688offer/icoss408',
    ],
    [
      'another host is never fetched',
      { initData: JSON.stringify({ globalData: { detailModel: { detailUrl: 'https://evil.example/x' } } }) },
      null,
    ],
    [
      'a look-alike host is never fetched',
      {
        initData: JSON.stringify({
          globalData: { detailModel: { detailUrl: 'https://itemcdn.tmall.com.evil.example/1688offer/x' } },
        }),
      },
      null,
    ],
    ['no page data', {}, null],
  ])('%s', (_name, over, url) => expect(descriptionUrlOf(capture(over))).toBe(url));

  it('decodes GBK (named or guessed) and UTF-8', () => {
    // 商品详情 in GBK: C9CC C6B7 CFEA C7E9
    const gbk = new Uint8Array([
      0x3c, 0x70, 0x3e, 0xc9, 0xcc, 0xc6, 0xb7, 0xcf, 0xea, 0xc7, 0xe9, 0x3c, 0x2f, 0x70, 0x3e,
    ]);
    expect(decodeDescription(gbk, 'application/javascript; charset=GBK')).toBe('<p>商品详情</p>');
    expect(decodeDescription(gbk, 'application/javascript')).toBe('<p>商品详情</p>');
    expect(decodeDescription(gbk, null)).toBe('<p>商品详情</p>');
    const utf8 = new TextEncoder().encode('<p>商品详情</p>');
    expect(decodeDescription(utf8, 'text/html; charset=utf-8')).toBe('<p>商品详情</p>');
    expect(decodeDescription(utf8, null)).toBe('<p>商品详情</p>');
  });
});

describe('offer ids of list and search cards', () => {
  it.each<[string, string | null]>([
    ['https://detail.1688.com/offer/943009939489.html?spm=a26352', '943009939489'],
    ['https://dj.1688.com/ci_bb?a=1&e=abc&offerId=597090034012&ap=1', '597090034012'],
    ['https://dj.1688.com/ci_bb?a=1&object_id=833454967766', '833454967766'],
    [
      `https://dj.1688.com/ci_bb?a=1&u=${encodeURIComponent('https://detail.1688.com/offer/813724060928.html?x=1')}`,
      '813724060928',
    ],
    ['https://dj.1688.com/ci_bb?a=1&e=abc', null],
    ['https://evil.example/ci_bb?offerId=597090034012', null],
    ['https://www.1688.com/', null],
    ['not a link', null],
  ])('link %s → %s', (href, id) => expect(offerIdOfLink(href)).toBe(id));

  it.each<[Record<string, string>, string | null]>([
    [{ 'data-offerid': '597090034012' }, '597090034012'],
    [{ 'data-offer-id': ' 833454967766 ' }, '833454967766'],
    [{ 'data-aplus-report': 'object_type@offer^object_id@943009939489^pos@3' }, '943009939489'],
    [{ 'data-exp': '{"offerId":"813724060928"}' }, '813724060928'],
    [{ 'data-offerid': 'abc' }, null],
    [{ 'data-spm': 'a26352.13672862' }, null],
  ])('card %j → %s', (attributes, id) => expect(offerIdOfAttributes(attributes)).toBe(id));
});

describe('batches and the connection test', () => {
  it.each<[string, CaptureAnswer, boolean]>([
    ['401', readAnswer(401, { message: 'x' }, 'ko'), true],
    ['another site', readAnswer(404, null, 'ko'), true],
    ['gateway down', readAnswer(503, null, 'ko'), true],
    ['not configured', { kind: 'error', status: null, message: '', cause: 'notConfigured' }, true],
    ['no answer', { kind: 'error', status: null, message: '', cause: 'unreachable' }, true],
    ['a captcha on one offer', { kind: 'error', status: null, message: '', cause: 'captcha' }, false],
    ['too many', readAnswer(429, { message: 'x' }, 'ko'), false],
    ['a refused offer', readAnswer(200, { results: [result({ outcome: 'refused' })] }, 'ko'), false],
    ['server error', readAnswer(500, { message: 'x' }, 'ko'), false],
  ])('%s is fatal: %s', (_name, answer, fatal) => expect(isFatal(answer)).toBe(fatal));

  it.each<[string, number | null, unknown, ReturnType<typeof readServerCheck>]>([
    ['ours, token good', 200, { res: 'success', email: 'a@b.c' }, { ok: true, email: 'a@b.c' }],
    [
      'token wrong or revoked',
      401,
      { code: 'invalid_access_token', message: '…' },
      { ok: false, cause: 'unauthorized', status: 401 },
    ],
    ['another site, 404', 404, null, { ok: false, cause: 'wrongServer', status: 404 }],
    ['another site, 200 page', 200, null, { ok: false, cause: 'wrongServer', status: 200 }],
    ['another site, 401 without our message', 401, null, { ok: false, cause: 'wrongServer', status: 401 }],
    ['no answer', null, null, { ok: false, cause: 'unreachable', status: null }],
    ['gateway, server down', 502, null, { ok: false, cause: 'unreachable', status: 502 }],
    ['our server failing', 500, { message: 'x' }, { ok: false, cause: 'serverError', status: 500 }],
  ])('%s', (_name, status, body, expected) => expect(readServerCheck(status, body)).toEqual(expected));

  it.each<[string, boolean]>([
    ['http://rr.example.com', true],
    ['http://192.168.0.10:3000', true],
    ['https://rr.example.com', false],
    ['http://localhost:3000', false],
    ['http://127.0.0.1:3000', false],
    ['http://[::1]:3000', false],
  ])('plain http to %s warns: %s', (origin, warns) => expect(isPlainHttpRemote(origin)).toBe(warns));
});

describe('what a page without offer data says', () => {
  it.each<[string, Parameters<typeof pageBlock>[0], ReturnType<typeof pageBlock>]>([
    [
      'the slider on the page',
      { url: 'https://detail.1688.com/offer/1.html', captchaSelectors: ['#nc_1_wrapper'], text: '' },
      'captcha',
    ],
    [
      'the punish page',
      {
        url: 'https://detail.1688.com/offer/1.html/_____tmd_____/punish?x5secdata=1',
        captchaSelectors: [],
        text: '',
      },
      'captcha',
    ],
    [
      'a removed offer',
      { url: 'https://detail.1688.com/offer/1.html', captchaSelectors: [], text: '该商品已下架' },
      'removed',
    ],
    [
      'a page still loading',
      { url: 'https://detail.1688.com/offer/1.html', captchaSelectors: [], text: '' },
      null,
    ],
  ])('%s', (_name, signals, block) => expect(pageBlock(signals)).toBe(block));
});

describe('changeLine', () => {
  it.each<[Parameters<typeof changeLine>[0], string]>([
    [{ field: 'price', optionKey: '黑色>XL', before: 20.5, after: 19.8 }, '가격 (黑色>XL): 20.50 → 19.80'],
    [{ field: 'stock', optionKey: '黑色>XL', before: 100, after: 80 }, '재고 (黑色>XL): 100 → 80'],
    [{ field: 'detailImages', optionKey: null, before: 0, after: 3 }, '상세 이미지 수: 0 → 3'],
    [{ field: 'title', optionKey: null, before: '旧', after: '新' }, '상품명: 旧 → 新'],
    [{ field: 'addedOption', optionKey: '红色', before: null, after: '红色' }, '새 옵션 (红色)'],
  ])('%j', (change, line) => expect(changeLine(change, 'ko')).toBe(line));
});
