import { expect, test } from '@playwright/test';
import {
  buildExtension,
  connectExtension,
  contextScript,
  createToken,
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

test('담기 on an offer page imports what a paste imports; a change is shown, then applied; a revoked token gets a clear message', async ({
  baseURL,
  browser,
}) => {
  test.setTimeout(240_000);
  const offers = new Map([
    ['943009939489', offerPage('943009939489', contextScript(CONTEXT))],
    ['597090034012', offerPage('597090034012', initDataScript(INIT_DATA))],
  ]);
  const site = await start1688(offers);
  const { context, close } = await launchWithExtension(baseURL!, site.port);
  try {
    const app = await context.newPage();
    await signUpSeller(app);
    const token = await createToken(app, '테스트 크롬');
    await shootAtSizes(app, 'extension-token-made');
    await connectExtension(context, baseURL!, token);

    // The PC page with window.context: 담기.
    const offer = await context.newPage();
    await offer.goto('https://detail.1688.com/offer/943009939489.html?spm=a2615');
    await offer.getByTestId('rr-capture-button').click();
    const status = offer.getByTestId('rr-capture-status');
    await expect(status).toHaveAttribute('data-outcome', 'created');
    await expect(status).toContainText('옵션 6개를 읽고 6개를 가져왔습니다.');
    await shootAtSizes(offer, 'extension-offer-created');
    const productUrl = await status.getByTestId('rr-capture-product').getAttribute('href');
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
    const offer2 = await context.newPage();
    await offer2.goto('https://detail.1688.com/offer/597090034012.html');
    await offer2.getByTestId('rr-capture-button').click();
    const status2 = offer2.getByTestId('rr-capture-status');
    await expect(status2).toHaveAttribute('data-outcome', 'created');
    await expect(status2).toContainText('옵션 10개를 읽고 10개를 가져왔습니다.');
    const initProduct = new URL(
      (await status2.getByTestId('rr-capture-product').getAttribute('href'))!,
    ).searchParams.get('product')!;
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
    await offer.getByTestId('rr-capture-button').click();
    await expect(status).toHaveAttribute('data-outcome', 'updateAvailable');
    await shootAtSizes(offer, 'extension-offer-changes');
    await status.getByTestId('rr-capture-apply').click();
    await expect(status).toHaveAttribute('data-outcome', 'updated');
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
    await offer.getByTestId('rr-capture-button').click();
    await expect(status).toHaveAttribute('data-outcome', 'error');
    await expect(status).toContainText(
      '액세스 토큰이 올바르지 않거나 폐기되었습니다. 설정 화면에서 새 토큰을 만들어 확장 프로그램 옵션에 넣어주세요.',
    );
    await shootAtSizes(offer, 'extension-offer-revoked');
  } finally {
    await close();
    await site.close();
  }
});

test('a list page captures three ticked offers in turn, in tabs it opens and closes, with progress and a summary', async ({
  baseURL,
}) => {
  test.setTimeout(240_000);
  const ids = ['943009939489', '597090034012', '833454967766'];
  const offers = new Map([
    [ids[0]!, offerPage(ids[0]!, contextScript(CONTEXT))],
    [ids[1]!, offerPage(ids[1]!, initDataScript(INIT_DATA))],
    [ids[2]!, offerPage(ids[2]!, initDataScript(INIT_DATA_NO_SKU))],
  ]);
  const cards = ids
    .map(
      (id) => `<div class="offer-card"><a href="https://detail.1688.com/offer/${id}.html" target="_blank">
        <img alt="" width="80" height="80"></a>
        <a class="title" href="https://detail.1688.com/offer/${id}.html?spm=a26352" target="_blank">商品 ${id}</a></div>`,
    )
    .join('\n');
  const list = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>搜索</title></head>
    <body><h1>搜索结果</h1>${cards}<a href="https://www.1688.com/">首页</a></body></html>`;
  const site = await start1688(offers, new Map([['/selloffer/offer_search.htm', list]]));
  const { context, close } = await launchWithExtension(baseURL!, site.port);
  try {
    const app = await context.newPage();
    await signUpSeller(app);
    const token = await createToken(app, '목록 담기');
    await connectExtension(context, baseURL!, token);

    const page = await context.newPage();
    await page.goto('https://s.1688.com/selloffer/offer_search.htm?keywords=%E5%B8%BD%E5%AD%90');
    const panel = page.getByTestId('rr-list-panel');
    await expect(page.getByTestId('rr-offer-select')).toHaveCount(3);
    await expect(panel.getByTestId('rr-list-count')).toHaveText('선택 0개');
    await expect(panel.getByTestId('rr-list-start')).toBeDisabled();
    await panel.getByTestId('rr-list-select-all').click();
    await expect(panel.getByTestId('rr-list-count')).toHaveText('선택 3개');

    // Record every progress text the panel shows (the shadow root is open).
    await page.evaluate(() => {
      const host = document.getElementById('rr-1688-capture-list')!;
      const progress = host.shadowRoot!.querySelector('[data-testid="rr-list-progress"]')!;
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        if (progress.textContent) seen.push(progress.textContent);
      }).observe(progress, { childList: true, characterData: true, subtree: true });
    });
    const pagesBefore = context.pages().length;
    await panel.getByTestId('rr-list-start').click();
    await expect(panel.getByTestId('rr-list-summary')).toHaveText(
      '완료: 담김 3 · 다시 담김 0 · 변경 있음 0 · 변경 없음 0 · 실패 0',
      { timeout: 90_000 },
    );
    await shootAtSizes(page, 'extension-list-summary');
    const items = panel.getByTestId('rr-list-item');
    await expect(items).toHaveCount(3);
    for (const [i, id] of ids.entries()) {
      await expect(items.nth(i)).toHaveAttribute('data-outcome', 'created');
      await expect(items.nth(i)).toContainText(`${id}: 새 상품`);
    }
    await expect(items.nth(0)).toContainText('옵션 6개를 읽고 6개를 가져왔습니다.');
    await expect(items.nth(1)).toContainText('옵션 10개를 읽고 10개를 가져왔습니다.');
    await expect(items.nth(2)).toContainText('옵션 1개를 읽고 1개를 가져왔습니다.');
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen).toEqual(
      expect.arrayContaining(['3개 중 1개 담는 중…', '3개 중 2개 담는 중…', '3개 중 3개 담는 중…']),
    );
    // Every tab the extension opened is closed again.
    expect(context.pages().length).toBe(pagesBefore);

    // The three products are the company's.
    const res = await app.request.post('/api/aiRocketReg/getlist', { data: { view: 'summary' } });
    const body = (await res.json()) as { products: unknown[] };
    expect(body.products).toHaveLength(3);

    // Again: the same offers are known and unchanged.
    await panel.getByTestId('rr-list-start').click();
    await expect(panel.getByTestId('rr-list-summary')).toHaveText(
      '완료: 담김 0 · 다시 담김 0 · 변경 있음 0 · 변경 없음 3 · 실패 0',
      { timeout: 90_000 },
    );
  } finally {
    await close();
    await site.close();
  }
});
