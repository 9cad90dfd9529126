import { expect, type Page, test } from '@playwright/test';
import { shootAtSizes, signInDemo } from './helpers';

// The quotation on the demo product whose options a buyer cannot tell apart (one colour, three
// packagings): run it from the quotation tab, see it split (toast, new products in the list), open
// a new product, edit a field of its document and see the completeness rate change.

const COLLIDING_TITLE = '硅胶锅铲汤勺套装黑色厨房用品OPP袋装彩盒装可选';

const rate = async (page: Page) =>
  Number((await page.getByTestId('completeness-rate').innerText()).replace(/[^\d.]/g, ''));

test('the colliding demo product splits; a new product’s document is edited and its rate changes', async ({
  page,
}) => {
  await signInDemo(page);
  await page.goto('/AIRocketReg');
  const row = page.getByTestId('reg-row').filter({ hasText: COLLIDING_TITLE });
  await expect(row).toHaveCount(1);
  const registrationId = (await row.locator('a').first().innerText()).trim();
  await row.getByRole('link').first().click();
  await expect(page.getByTestId('product-title')).toBeVisible();
  await page.getByRole('tab', { name: /^견적서/ }).click();

  // Before: three options in one product, no quotation yet.
  await expect(page.getByTestId('quotation-actions')).toBeVisible();
  await expect(page.getByTestId('quote-reprocess')).toBeDisabled();
  await page.getByTestId('quote-all').click();

  // The split is announced by a toast naming the new products (the run panel may show the same words).
  const toast = page.getByRole('alert').filter({ hasText: '상품이 3개로 분할되었습니다' });
  await expect(toast).toBeVisible({ timeout: 60_000 });
  await expect(toast).toContainText('상품 분할 완료');
  // The offline demo AI could not translate 锅铲汤勺 (a spatula and ladle): the quotation is not
  // "completed" and says what is left for the seller (issue 20).
  await expect(page.getByTestId('task-status').locator('[data-status]')).toHaveAttribute(
    'data-status',
    'partially_completed',
    { timeout: 30_000 },
  );
  await expect(page.getByTestId('untranslated-note')).toContainText('锅铲汤勺');
  // The original keeps one option; its document was filled by the quotation (AI values marked).
  await expect(page.getByTestId('option-quotation-status')).toHaveText('완료');
  await expect(page.locator('[data-source="offline"]').first()).toBeVisible();
  await shootAtSizes(page, 'quotation-after-split');

  // The new products are in the list.
  await page.goto('/AIRocketReg');
  const splitRows = page.getByTestId('reg-row').filter({ hasText: `${registrationId}_` });
  await expect(splitRows).toHaveCount(2, { timeout: 15_000 });
  await expect(splitRows.filter({ hasText: `${registrationId}_2` })).toHaveCount(1);
  await expect(splitRows.filter({ hasText: `${registrationId}_3` })).toHaveCount(1);

  // Open a new product: its quotation tab shows a completed option and a completeness rate.
  await splitRows
    .filter({ hasText: `${registrationId}_2` })
    .getByRole('link')
    .first()
    .click();
  await expect(page.getByTestId('product-title')).toBeVisible();
  await page.getByRole('tab', { name: /^견적서/ }).click();
  await expect(page.getByTestId('option-quotation-status')).toHaveText('완료');
  const before = await rate(page);
  expect(before).toBeGreaterThan(0);

  // The brand comes from the seller's default settings (the demo company has one): emptying it lowers
  // the rate and names the missing brand; filling it in again raises the rate back.
  const brand = page.getByRole('textbox', { name: '브랜드', exact: true });
  await expect(brand).toHaveValue('데모브랜드');
  await expect(page.getByTestId('completeness-issues')).not.toContainText('브랜드가 필수입니다.');
  await brand.fill('');
  await brand.press('Enter');
  await expect.poll(() => rate(page)).toBeLessThan(before);
  await expect(page.getByTestId('completeness-issues')).toContainText('브랜드가 필수입니다.');
  const lowered = await rate(page);
  await page.reload();
  await expect(page.getByRole('textbox', { name: '브랜드', exact: true })).toHaveValue('');
  expect(await rate(page)).toBe(lowered);
  await brand.fill('노브랜드');
  await brand.press('Enter');
  await expect.poll(() => rate(page)).toBe(before);
  await expect(page.getByTestId('completeness-issues')).not.toContainText('브랜드가 필수입니다.');

  // An edit the document rules change is answered with what was stored and why.
  const model = page.getByRole('textbox', { name: '모델번호' });
  await model.fill('M'.repeat(60));
  await model.press('Enter');
  await expect(page.getByText(/모델번호는 50자까지 저장됩니다/)).toBeVisible();
  await expect(model).toHaveValue('M'.repeat(50));
  await shootAtSizes(page, 'quotation-split-product');
});
