import { expect, type Page, test } from '@playwright/test';
import { signInDemo } from './helpers';

// Issue 23 and 37, as a seller sees it, against the fake Coupang gateway (e2e/support/start-server.mjs starts
// it; the test steers its review through its own control address): connect the Open API keys and
// check them, fetch a category's metadata from Coupang, register a product the full run made
// registrable, see the denial's reason in the 쿠팡 등록 section and next to the field it concerns
// (the image tab, not the SEO name), send it again (an update of the same seller
// product) and see it approved. Issue 37: the channel is chosen and the outbound place and return
// centre are picked from the lists the (fake) account answers; a product whose category requires a
// document nobody uploaded is stopped by the pre-flight with the field named and never sent, and goes
// out once the document is uploaded.

// The stool: the registration-ready spec works on the shoes before any run touches them.
const STOOL_TITLE = '北欧实木小圆凳家用客厅矮凳换鞋凳榉木板凳创意小凳子';
// The spatula's category (80388) requires 수입식품등 수입신고확인증 (modelled, docs/decisions.md).
const SPATULA_TITLE = '食品级硅胶锅铲耐高温不粘锅专用炒菜铲子家用厨具';
const DOCUMENT = '수입식품등 수입신고확인증';
// A 1×1 PNG as the scanned document.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const fake = `http://127.0.0.1:${process.env.E2E_FAKE_COUPANG_PORT}`;
const REASON = '대표이미지에 워터마크가 있습니다. 워터마크 없는 이미지로 교체해주세요.';

async function runOnly(page: Page, row: ReturnType<Page['getByTestId']>, task: string | null) {
  // The panels of earlier runs stay: this run's panel is the one with a new run id.
  const earlier = await page
    .getByTestId('run-panel')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-run-id') ?? ''));
  await row.getByRole('checkbox').check();
  if (task === null) await page.getByTestId('run-all').click();
  else {
    await page.getByTestId('run-one').click();
    await page.locator(`[role="menuitem"][data-task="${task}"]`).click();
  }
  const panel = page.locator(
    `[data-testid="run-panel"]${earlier.map((id) => `:not([data-run-id="${id}"])`).join('')}`,
  );
  await expect(panel).toBeVisible({ timeout: 45_000 });
  await expect(panel).toHaveAttribute('data-status', 'completed', { timeout: 540_000 });
  await row.getByRole('checkbox').uncheck();
}

test('keys, category from Coupang, registration denied with its reason, re-sent and approved', async ({
  page,
  request,
}) => {
  test.setTimeout(720_000);
  // Reviews decided when first looked at (the demo's fake takes 20 s).
  await request.post(`${fake}/__fake/behaviour`, { data: { reviewMs: 0 } });
  await signInDemo(page);
  await page.goto('/AIRocketReg');

  // Connect the keys: saved, answered masked, checked with a harmless call.
  await page.getByRole('button', { name: '내보내기' }).click();
  await page.getByTestId('export-settings').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('업체코드 (vendorId)').fill('A00000000');
  await dialog.getByTestId('coupang-access-key').fill('demo-access-key');
  await dialog.getByTestId('coupang-secret-key').fill('demo-secret-key');
  await dialog.getByTestId('export-settings-save').click();
  await expect(dialog.getByText('저장했습니다.')).toBeVisible();
  await expect(dialog.getByTestId('coupang-secret-key')).toHaveValue(/•/);
  await dialog.getByTestId('coupang-check').click();
  await expect(dialog.getByTestId('coupang-check-result')).toHaveText('쿠팡 Open API 연결을 확인했습니다.');

  // Both channels: the outbound place and the return centre come from the account, never typed.
  await dialog.getByTestId('coupang-channel').getByText('로켓그로스 + 판매자배송').click();
  await dialog.getByTestId('coupang-fetch-places').click();
  await expect(dialog.getByTestId('coupang-places-result')).toContainText('출고지 2곳, 반품지 2곳');
  await dialog.getByTestId('coupang-outbound').click();
  await page.getByRole('option').first().click();
  await dialog.getByTestId('coupang-return-center').click();
  await page.getByRole('option').first().click();
  await expect(dialog.getByTestId('coupang-return-address')).toContainText(/\(\d{5}\) /);
  await dialog.getByTestId('coupang-return-fee').fill('5000');
  await expect(dialog.getByText('100~150% 범위를 벗어났습니다')).toBeVisible();
  await dialog.getByTestId('coupang-return-fee').fill('3500');
  await dialog.getByTestId('export-settings-save').click();
  await expect(dialog.getByText('저장했습니다.')).toBeVisible();
  await page.keyboard.press('Escape');

  // A category's metadata from the source, instead of pasting it.
  await page.goto('/addcategory');
  await page.getByTestId('addcategory-code').fill('77426');
  await page.getByTestId('coupang-fetch-meta').click();
  await expect(page.getByTestId('coupang-fetch-result')).toContainText('77426');

  // A registrable product: a full run over it first.
  await page.goto('/AIRocketReg');
  const first = page.getByTestId('reg-row').filter({ hasText: STOOL_TITLE });
  await expect(first).toHaveCount(1);
  const registrationId = (await first.locator('a').first().innerText()).trim();
  // Exactly this product (a split makes `{id}_1` rows that contain its id too).
  const row = page
    .getByTestId('reg-row')
    .filter({ has: page.getByRole('link', { name: registrationId, exact: true }) });
  await runOnly(page, row, null);

  // Coupang will deny it, for an image.
  await request.post(`${fake}/__fake/behaviour`, { data: { decision: 'deny', reason: REASON, faults: [] } });
  await runOnly(page, row, 'register');
  await expect(row.getByTestId('coupang-status')).toHaveAttribute('data-status', 'requested');
  const sellerProductId = (await row.getByTestId('coupang-seller-product-id').innerText()).trim();
  expect(sellerProductId).toMatch(/^\d+$/);

  await row.getByRole('link').first().click();
  const section = page.getByTestId('coupang-section');
  await section.getByRole('button', { name: '승인 상태 확인' }).click();
  await expect(section.getByTestId('coupang-status')).toHaveAttribute('data-status', 'denied');
  const imageReason = section.getByTestId('coupang-reasons').locator('[data-field="image"]');
  await expect(imageReason).toContainText('이미지');
  await expect(imageReason).toContainText(REASON);
  // ...and next to the field it concerns: the image tabs, not the SEO name or the prices.
  await page.getByRole('tab', { name: '대표이미지' }).click();
  const fieldNote = page.getByTestId('coupang-field-reason');
  await expect(fieldNote).toHaveCount(1);
  await expect(fieldNote).toHaveAttribute('data-field', 'image');
  await expect(fieldNote).toHaveText(`쿠팡 반려 사유: ${REASON}`);
  await page.getByRole('tab', { name: 'SEO' }).click();
  await expect(page.getByTestId('seo-name')).toBeVisible();
  await expect(page.getByTestId('coupang-field-reason')).toHaveCount(0);

  // Fixed, sent again: an update of the same seller product, then approved.
  await request.post(`${fake}/__fake/behaviour`, { data: { decision: 'approve' } });
  await section.getByTestId('coupang-send').click();
  await expect(section.getByText('쿠팡 등록 작업을 시작했습니다.')).toBeVisible();
  await expect
    .poll(
      async () => {
        const state = await (await request.get(`${fake}/__fake/state`)).json();
        return state.products.find(
          (p: { sellerProductId: number }) => String(p.sellerProductId) === sellerProductId,
        )?.updates;
      },
      { timeout: 60_000 },
    )
    .toBe(1);
  await page.reload();
  await section.getByRole('button', { name: '승인 상태 확인' }).click();
  await expect(section.getByTestId('coupang-status')).toHaveAttribute('data-status', 'approved');
  await expect(section.getByTestId('coupang-seller-product-id')).toHaveText(sellerProductId);
  const history = section.getByTestId('coupang-history').locator('tbody tr');
  await expect(history).toHaveCount(2);
  await expect(history.nth(0)).toHaveAttribute('data-kind', 'update');
  await expect(history.nth(1)).toHaveAttribute('data-kind', 'create');
  const state = await (await request.get(`${fake}/__fake/state`)).json();
  expect(state.products).toHaveLength(1);

  // Both layouts went out as the documentation gives them: the hybrid create carried both item data
  // and the return block of the chosen centre.
  const sent = state.products[0].payload;
  expect(sent.marketplaceShippingAndReturnInfo).toMatchObject({
    returnCharge: 3500,
    deliveryChargeOnReturn: 3000,
  });
  expect(sent.items[0].rocketGrowthItemData.externalVendorSku).toBeTruthy();
  expect(sent.items[0].marketplaceItemData.priceData.salePrice).toBeGreaterThan(0);

  // The spatula's category requires a document nobody uploaded: the pre-flight names it, nothing is sent.
  await page.goto('/AIRocketReg');
  const spatula = page.getByTestId('reg-row').filter({ hasText: SPATULA_TITLE }).first();
  await spatula.getByRole('checkbox').check();
  await page.getByTestId('export-menu').click();
  await page.getByTestId('export-preflight').click();
  const finding = page.getByTestId('preflight-finding').filter({ hasText: DOCUMENT });
  await expect(finding).toHaveAttribute('data-rule', 'requiredDocument');
  await expect(finding).toContainText('올라와 있지 않습니다');
  await page.keyboard.press('Escape');
  await spatula.getByRole('checkbox').uncheck();
  await spatula.getByRole('link').first().click();
  const spatulaSection = page.getByTestId('coupang-section');
  await spatulaSection.getByTestId('coupang-send').click();
  await expect(spatulaSection.getByTestId('coupang-refusal')).toBeVisible({ timeout: 60_000 });
  const after = await (await request.get(`${fake}/__fake/state`)).json();
  expect(after.products).toHaveLength(1);

  // Uploading the document clears that finding (the rest of the spatula's pre-flight is its own).
  const doc = page.getByTestId('required-documents').locator(`[data-template="${DOCUMENT}"]`);
  await expect(doc).toHaveAttribute('data-uploaded', 'false');
  const chooser = page.waitForEvent('filechooser');
  await doc.getByRole('button', { name: '파일 올리기' }).click();
  await (await chooser).setFiles({ name: 'import-declaration.png', mimeType: 'image/png', buffer: PNG });
  await expect(doc).toHaveAttribute('data-uploaded', 'true');
  await expect(doc.getByRole('link', { name: 'import-declaration.png' })).toBeVisible();

  // The registration screen: the Coupang column and its filter.
  await page.goto('/AIRocketReg');
  await page
    .getByRole('button', { name: /상세 필터|필터 더보기|more/i })
    .first()
    .click();
  await page.getByTestId('coupang-filter').click();
  await page.getByRole('option', { name: '승인', exact: true }).click();
  await expect(page.getByTestId('reg-row')).toHaveCount(1);
  await expect(page.getByTestId('reg-row').getByTestId('coupang-status')).toHaveAttribute(
    'data-status',
    'approved',
  );
});
