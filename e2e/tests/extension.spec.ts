import { expect, test } from '@playwright/test';
import { EXTENSION_ID } from '@rr/contracts';
import {
  buildExtension,
  closedUi,
  connectExtension,
  contextScript,
  createToken,
  encodeGbk,
  fixture,
  initDataScript,
  launchWithExtension,
  offerPage,
  optionsOf,
  start1688,
} from './extension-support';
import { shootAtSizes } from './helpers';
import { signUpSeller, withSkuPrice } from './products-support';

// Issue 24: the Manifest V3 extension loaded unpacked into Chromium, on pages served at 1688's own
// addresses from real captures, sending to the real server with a personal access token.

const CONTEXT = fixture('1688_offer_943009939489_window_context.json');
const INIT_DATA = fixture('1688_offer_597090034012_pc_init_data.json');
const INIT_DATA_NO_SKU = fixture('1688_offer_833454967766_pc_init_data_no_sku.json');

test.beforeAll(() => buildExtension());

// The description page the 2024 offer names (detailUrl), as 1688 serves it: a GBK script holding the
// HTML, with lazy images, a 1×1 spacer and a repeat. Its N detail images, in page order:
const DESCRIPTION_PATH = '/1688offer/icoss4165340769b90795afecc86a4b';
const DETAIL_IMAGES = [1, 2, 3, 4].map((i) => `https://cbu01.alicdn.com/img/ibank/O1CN01detail${i}.jpg`);
const DESCRIPTION = encodeGbk(
  `var offer_details={"content":"<div><p>商品详情 男士洁面乳</p>` +
    `<img src=\\"//cbu01.alicdn.com/img/ibank/O1CN01detail1.jpg\\">` +
    `<img src=\\"https://img.alicdn.com/spaceball.gif\\" data-src=\\"https://cbu01.alicdn.com/img/ibank/O1CN01detail2.jpg\\">` +
    `<img width=\\"1\\" height=\\"1\\" src=\\"https://cbu01.alicdn.com/img/ibank/pixel.gif\\">` +
    `<p>产品规格</p><img src=\\"https://cbu01.alicdn.com/img/ibank/O1CN01detail3.jpg\\">` +
    `<img src=\\"https://cbu01.alicdn.com/img/ibank/O1CN01detail1.jpg\\">` +
    `<img data-src=\\"https://cbu01.alicdn.com/img/ibank/O1CN01detail4.jpg\\"></div>"};`,
);

type StoredProduct = { _id: string; originalDetailImages: string[]; attributes: { attributeName: string }[] };
async function productOf(page: import('@playwright/test').Page, productId: string): Promise<StoredProduct> {
  const res = await page.request.post('/api/aiRocketReg/getlist', {
    data: { ids: [productId], view: 'full' },
  });
  const body = (await res.json()) as { products: StoredProduct[] };
  return body.products.find((p) => p._id === productId)!;
}

test('담기 on an offer page imports what a paste imports; a change is shown, then applied; a revoked token gets a clear message', async ({
  baseURL,
  browser,
}) => {
  test.setTimeout(240_000);
  const offers = new Map([
    ['943009939489', offerPage('943009939489', contextScript(CONTEXT))],
    ['597090034012', offerPage('597090034012', initDataScript(INIT_DATA))],
  ]);
  const site = await start1688(offers, new Map(), new Map([[DESCRIPTION_PATH, DESCRIPTION]]));
  const { context, close } = await launchWithExtension(baseURL!, site.port);
  try {
    const app = await context.newPage();
    await signUpSeller(app);
    const token = await createToken(app, '테스트 크롬');
    await shootAtSizes(app, 'extension-token-made');

    // The options page tests the address and the token before saving: each failure says its own cause.
    const options = await context.newPage();
    await options.goto(`chrome-extension://${EXTENSION_ID}/options.html`);
    const save = async (server: string, value: string) => {
      await options.getByLabel('서버 주소').fill(server);
      await options.getByLabel('액세스 토큰').fill(value);
      await options.getByRole('button', { name: '저장' }).click();
    };
    await save('https://s.1688.com', token); // another site answers there
    await expect(options.getByRole('status')).toHaveText(
      '저장하지 않았습니다: 이 주소의 서버는 로켓 등록 서버가 아닙니다 (HTTP 404). 옵션의 서버 주소를 확인해주세요.',
    );
    await save('http://127.0.0.1:9', token); // nothing listens there
    await expect(options.getByRole('status')).toHaveText(
      '저장하지 않았습니다: 서버에 연결할 수 없습니다. 옵션의 서버 주소를 확인해주세요.',
    );
    await save(baseURL!, 'rrt_0000000000000000000000000000000000000000000');
    await expect(options.getByRole('status')).toHaveText(
      '저장하지 않았습니다: 액세스 토큰이 올바르지 않거나 폐기되었습니다. 설정 화면에서 새 토큰을 만들어 옵션에 넣어주세요.',
    );
    await options.getByLabel('서버 주소').fill('http://rr.example.com');
    await expect(options.getByRole('alert')).toContainText('주의: https가 아닌 http 주소입니다.');
    await options.getByLabel('서버 주소').fill(baseURL!);
    await expect(options.getByRole('alert')).toHaveCount(0);
    await options.close();
    await connectExtension(context, baseURL!, token);

    // The PC page with window.context. A page script calling click() on 담기 captures nothing.
    const offer = await context.newPage();
    await offer.goto('https://detail.1688.com/offer/943009939489.html?spm=a2615');
    const ui = await closedUi(offer);
    await expect.poll(() => ui.count('rr-capture-button')).toBe(1);
    expect(
      await offer.evaluate(() => document.getElementById('rr-1688-capture')?.shadowRoot ?? null),
    ).toBeNull();
    await ui.scriptClick('rr-capture-button');
    await offer.waitForTimeout(2_000);
    expect(await ui.attr('rr-capture-status', 'data-outcome')).toBeNull();
    const none = await app.request.post('/api/aiRocketReg/getlist', { data: { view: 'summary' } });
    expect(((await none.json()) as { products: unknown[] }).products).toHaveLength(0);

    // The seller's own click: 담기.
    await ui.click('rr-capture-button');
    await expect.poll(() => ui.attr('rr-capture-status', 'data-outcome')).toBe('created');
    expect(await ui.text('rr-capture-status')).toContain('옵션 6개를 읽고 6개를 가져왔습니다.');
    await shootAtSizes(offer, 'extension-offer-created');
    const productUrl = await ui.attr('rr-capture-product', 'href');
    expect(productUrl).toMatch(new RegExp(`^${baseURL}/AIRocketReg\\?product=`));
    const contextProduct = new URL(productUrl!).searchParams.get('product')!;

    // The product is on the registration screen with its options and prices.
    await app.goto(productUrl!);
    await app.getByRole('tab', { name: /옵션/ }).click();
    const rows = app.getByTestId('option-row');
    await expect(rows).toHaveCount(6);
    await expect(rows.filter({ hasText: '黑色 / XL（背长35cm）' }).getByTestId('option-price')).toContainText(
      '20.50',
    );
    await expect(
      rows.filter({ hasText: '黑色 / 3XL（背长45cm）' }).getByTestId('option-price'),
    ).toContainText('26.50');

    // The 2024 layout (window.__INIT_DATA) the same way.
    // Its description (detailUrl, GBK) is fetched and sent with it; every attribute of the page is kept.
    const offer2 = await context.newPage();
    await offer2.goto('https://detail.1688.com/offer/597090034012.html');
    const ui2 = await closedUi(offer2);
    await ui2.click('rr-capture-button');
    await expect.poll(() => ui2.attr('rr-capture-status', 'data-outcome')).toBe('created');
    expect(await ui2.text('rr-capture-status')).toContain('옵션 10개를 읽고 10개를 가져왔습니다.');
    expect(await ui2.text('rr-capture-status')).not.toContain('상세 설명');
    expect(site.descriptionRequests).toEqual([DESCRIPTION_PATH]);
    const initProduct = new URL((await ui2.attr('rr-capture-product', 'href'))!).searchParams.get('product')!;
    const stored = await productOf(app, initProduct);
    expect(stored.originalDetailImages).toEqual(DETAIL_IMAGES);
    expect(stored.attributes).toHaveLength(23);
    expect(stored.attributes.map((a) => a.attributeName)).toEqual(
      expect.arrayContaining(['品牌', '产地', '保质期']),
    );

    // The panel can be minimised and moved.
    await ui2.click('rr-panel-minimise');
    await expect.poll(() => ui2.attr('rr-capture-panel', 'data-minimised')).toBe('true');
    await ui2.click('rr-panel-minimise');
    await expect.poll(() => ui2.attr('rr-capture-panel', 'data-minimised')).toBe('false');
    const head = (await ui2.centre('rr-panel-head'))!;
    await offer2.mouse.move(head.x - 60, head.y);
    await offer2.mouse.down();
    await offer2.mouse.move(head.x - 360, head.y + 200, { steps: 5 });
    await offer2.mouse.up();
    const moved = (await ui2.centre('rr-panel-head'))!;
    expect(Math.round(moved.x - head.x)).toBe(-300);
    expect(Math.round(moved.y - head.y)).toBe(200);
    const capturedContext = await optionsOf(app, contextProduct);
    const capturedInit = await optionsOf(app, initProduct);

    // A second company gives the same captures to /addproduct (as a file): the same options, prices, stock, weights.
    // (in a browser context of its own: its session cookie must not replace the first seller's)
    const pasterContext = await browser.newContext({ baseURL: baseURL! });
    const paster = await pasterContext.newPage();
    await signUpSeller(paster);
    for (const [text, captured] of [
      [CONTEXT, capturedContext],
      [INIT_DATA, capturedInit],
    ] as const) {
      await paster.goto('/addproduct');
      await paster
        .locator('input[type="file"]')
        .setInputFiles({ name: 'capture.json', mimeType: 'application/json', buffer: Buffer.from(text) });
      await expect(paster.getByText('capture.json')).toBeVisible();
      await paster.getByTestId('import-submit').click();
      const result = paster.getByTestId('import-result');
      await expect(result).toHaveAttribute('data-outcome', 'created');
      const href = await result.getByRole('link', { name: '상품 열기' }).getAttribute('href');
      const pasted = await optionsOf(paster, new URL(href!, baseURL).searchParams.get('product')!);
      expect(pasted).toEqual(captured);
    }
    await pasterContext.close();

    // The offer's price changed on 1688: 담기 shows the change first and applies it on request.
    offers.set(
      '943009939489',
      offerPage('943009939489', contextScript(withSkuPrice(CONTEXT, 5846845077720, '19.80'))),
    );
    await offer.reload();
    await ui.click('rr-capture-button');
    await expect.poll(() => ui.attr('rr-capture-status', 'data-outcome')).toBe('updateAvailable');
    expect(await ui.text('rr-change')).toBe('가격 (黑色>XL（背长35cm）): 20.50 → 19.80');
    await shootAtSizes(offer, 'extension-offer-changes');
    await ui.click('rr-capture-apply');
    await expect.poll(() => ui.attr('rr-capture-status', 'data-outcome')).toBe('updated');
    await app.reload();
    await app.getByRole('tab', { name: /옵션/ }).click();
    await expect(rows.filter({ hasText: '黑色 / XL（背长35cm）' }).getByTestId('option-price')).toContainText(
      '19.80',
    );

    // The settings screen shows the token's last use; the seller revokes it.
    await app.goto('/settings');
    const tokenRow = app.getByTestId('token-row').filter({ hasText: '테스트 크롬' });
    await expect(tokenRow).not.toContainText('사용 안 함');
    await tokenRow.getByRole('button', { name: '폐기' }).click();
    await tokenRow.getByRole('button', { name: '폐기하기' }).click();
    await expect(app.getByTestId('access-tokens')).toContainText('아직 만든 토큰이 없습니다.');

    // 담기 with the revoked token: the page says so and what to do; nothing is imported.
    await offer.reload();
    await ui.click('rr-capture-button');
    await expect.poll(() => ui.attr('rr-capture-status', 'data-outcome')).toBe('error');
    expect(await ui.text('rr-capture-status')).toContain(
      '액세스 토큰이 올바르지 않거나 폐기되었습니다. 설정 화면에서 새 토큰을 만들어 확장 프로그램 옵션에 넣어주세요.',
    );
    await shootAtSizes(offer, 'extension-offer-revoked');
  } finally {
    await close();
    await site.close();
  }
});

test('a list page captures ticked offers in turn (an ad card through its redirect link too), leaves a captcha tab open, shows changes, and stops before any tab with a revoked token', async ({
  baseURL,
}) => {
  test.setTimeout(300_000);
  const ids = ['943009939489', '597090034012', '833454967766'];
  const CAPTCHA_ID = '700000000001';
  const offers = new Map([
    [ids[0]!, offerPage(ids[0]!, contextScript(CONTEXT))],
    [ids[1]!, offerPage(ids[1]!, initDataScript(INIT_DATA))],
    [ids[2]!, offerPage(ids[2]!, initDataScript(INIT_DATA_NO_SKU))],
    // 1688's slider captcha instead of the offer (no page data).
    [
      CAPTCHA_ID,
      `<!doctype html><html><head><meta charset="utf-8"><title>验证码拦截</title></head><body>
       <div id="nc_1_wrapper" style="width:300px;height:34px;background:#eee">请按住滑块，拖动到最右边</div></body></html>`,
    ],
  ]);
  const card = (
    id: string,
  ) => `<div class="offer-card"><a href="https://detail.1688.com/offer/${id}.html" target="_blank">
        <img alt="" width="80" height="80"></a>
        <a class="title" href="https://detail.1688.com/offer/${id}.html?spm=a26352" target="_blank">商品 ${id}</a></div>`;
  // An ad card: every link goes through 1688's ad redirect; the offer id is only in the card's own data.
  const adCard = (
    id: string,
  ) => `<div class="offer-card ad" data-aplus-report="object_type@offer^object_id@${id}^pos@3">
        <a href="https://dj.1688.com/ci_bb?a=7&e=ZXhhbXBsZQ&ap=3" target="_blank"><img alt="" width="80" height="80"></a>
        <a class="title" href="https://dj.1688.com/ci_bb?a=7&e=ZXhhbXBsZQ&ap=3&t=title" target="_blank">广告 商品</a></div>`;
  const cards = [card(ids[0]!), card(ids[1]!), adCard(ids[2]!), card(CAPTCHA_ID)].join('\n');
  const list = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>搜索</title></head>
    <body><h1>搜索结果</h1>${cards}<a href="https://www.1688.com/">首页</a></body></html>`;
  const site = await start1688(
    offers,
    new Map([['/selloffer/offer_search.htm', list]]),
    new Map([[DESCRIPTION_PATH, DESCRIPTION]]),
  );
  const { context, close } = await launchWithExtension(baseURL!, site.port);
  try {
    const app = await context.newPage();
    await signUpSeller(app);
    const token = await createToken(app, '목록 담기');

    const page = await context.newPage();
    await page.goto('https://s.1688.com/selloffer/offer_search.htm?keywords=%E5%B8%BD%E5%AD%90');
    const ui = await closedUi(page);
    // Every card has its checkbox, the ad card too.
    await expect(page.getByTestId('rr-offer-select')).toHaveCount(4);
    await expect(page.locator('[data-testid="rr-offer-select"][data-offer-id="833454967766"]')).toHaveCount(
      1,
    );
    await expect.poll(() => ui.text('rr-list-count')).toBe('선택 0개');
    expect(await ui.disabled('rr-list-start')).toBe(true);
    // A page script ticking boxes and clicking 모두 선택 selects nothing.
    await page.evaluate(() => {
      for (const box of document.querySelectorAll<HTMLInputElement>('[data-testid="rr-offer-select"] input'))
        box.click();
    });
    await ui.scriptClick('rr-list-select-all');
    await page.waitForTimeout(700);
    expect(await ui.text('rr-list-count')).toBe('선택 0개');

    // Not configured yet: one message and 옵션 열기.
    await ui.click('rr-list-select-all');
    await expect.poll(() => ui.text('rr-list-count')).toBe('선택 4개');
    await ui.click('rr-list-start');
    await expect
      .poll(() => ui.text('rr-list-error'))
      .toBe('확장 프로그램 옵션에서 서버 주소와 액세스 토큰을 먼저 입력해주세요.');
    expect(await ui.count('rr-open-options')).toBe(1);
    await connectExtension(context, baseURL!, token);

    // Record every progress text the panel shows (read through DevTools: the shadow root is closed).
    const seen = new Set<string>();
    const watch = setInterval(() => {
      void ui.text('rr-list-progress').then(
        (t) => t && seen.add(t),
        () => {},
      );
    }, 150);
    const pagesBefore = context.pages().length;
    await ui.click('rr-list-start');
    await expect
      .poll(() => ui.text('rr-list-summary'), { timeout: 120_000 })
      .toBe('완료: 담김 3 · 다시 담김 0 · 변경 있음 0 · 변경 없음 0 · 실패 1');
    clearInterval(watch);
    await shootAtSizes(page, 'extension-list-summary');
    expect(await ui.count('rr-list-item')).toBe(4);
    for (const [i, id] of ids.entries()) {
      expect(await ui.attr('rr-list-item', 'data-outcome', i)).toBe('created');
      expect(await ui.text('rr-list-item-message', i)).toContain(`${id}: 새 상품`);
      expect(await ui.attr('rr-list-item-product', 'href', i)).toMatch(
        new RegExp(`^${baseURL}/AIRocketReg\\?product=`),
      );
    }
    expect(await ui.text('rr-list-item-title', 0)).toBe(
      '跨境中大型犬边牧拉布拉多柴犬四脚衣冲锋衣防水防风狗狗衣服雨衣',
    );
    expect(await ui.text('rr-list-item', 0)).toMatch(/등록번호 \S+ · /);
    expect(await ui.text('rr-list-item-message', 0)).toContain('옵션 6개를 읽고 6개를 가져왔습니다.');
    expect(await ui.text('rr-list-item-message', 1)).toContain('옵션 10개를 읽고 10개를 가져왔습니다.');
    expect(await ui.text('rr-list-item-message', 2)).toContain('옵션 1개를 읽고 1개를 가져왔습니다.');
    // The captcha: its cause, and its tab stays open for the seller; every other tab is closed again.
    expect(await ui.attr('rr-list-item', 'data-outcome', 3)).toBe('error');
    expect(await ui.text('rr-list-item-message', 3)).toBe(
      `${CAPTCHA_ID}: 1688 보안 인증(슬라이더)이 떠서 상품을 읽지 못했습니다. 열어 둔 탭에서 인증을 마친 뒤 다시 담아주세요.`,
    );
    expect([...seen]).toEqual(
      expect.arrayContaining(['4개 중 1개 담는 중…', '4개 중 2개 담는 중…', '4개 중 4개 담는 중…']),
    );
    const left = context.pages().filter((p) => p.url().includes(CAPTCHA_ID));
    expect(left).toHaveLength(1);
    expect(context.pages().length).toBe(pagesBefore + 1);
    await left[0]!.close();

    // The three products are the company's.
    const res = await app.request.post('/api/aiRocketReg/getlist', { data: { view: 'summary' } });
    const body = (await res.json()) as { products: unknown[] };
    expect(body.products).toHaveLength(3);

    // Again, the captcha card unticked by the seller; one price changed on 1688: shown, then applied.
    offers.set(ids[0]!, offerPage(ids[0]!, contextScript(withSkuPrice(CONTEXT, 5846845077720, '19.80'))));
    await page.locator(`[data-testid="rr-offer-select"][data-offer-id="${CAPTCHA_ID}"] input`).click();
    await expect.poll(() => ui.text('rr-list-count')).toBe('선택 3개');
    await ui.click('rr-list-start');
    await expect
      .poll(() => ui.text('rr-list-summary'), { timeout: 90_000 })
      .toBe('완료: 담김 0 · 다시 담김 0 · 변경 있음 1 · 변경 없음 2 · 실패 0');
    expect(await ui.attr('rr-list-item', 'data-outcome', 0)).toBe('updateAvailable');
    expect(await ui.text('rr-change')).toBe('가격 (黑色>XL（背长35cm）): 20.50 → 19.80');
    await ui.click('rr-list-item-apply');
    await expect.poll(() => ui.attr('rr-list-item', 'data-outcome', 0)).toBe('updated');

    // The seller revokes the token: the next batch opens no tab and says why, once.
    await app.goto('/settings');
    const tokenRow = app.getByTestId('token-row').filter({ hasText: '목록 담기' });
    await tokenRow.getByRole('button', { name: '폐기' }).click();
    await tokenRow.getByRole('button', { name: '폐기하기' }).click();
    await expect(app.getByTestId('access-tokens')).toContainText('아직 만든 토큰이 없습니다.');
    let opened = 0;
    context.on('page', () => opened++);
    await ui.click('rr-list-start');
    await expect
      .poll(() => ui.text('rr-list-error'))
      .toBe(
        '액세스 토큰이 올바르지 않거나 폐기되었습니다. 설정 화면에서 새 토큰을 만들어 확장 프로그램 옵션에 넣어주세요.',
      );
    await page.waitForTimeout(2_000);
    expect(opened).toBe(0);
    expect(await ui.count('rr-list-item')).toBe(0);
  } finally {
    await close();
    await site.close();
  }
});
