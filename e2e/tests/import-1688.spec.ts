import { expect, test } from '@playwright/test';
import { shootAtSizes } from './helpers';
import { captureText, signUpSeller, withSkuPrice } from './products-support';

test('paste the PC page capture, see options with prices and weights; re-import shows the price change and keeps the edited Korean name', async ({
  page,
}) => {
  await signUpSeller(page);

  // A link alone: the answer says the page data is needed and how to get it.
  await page.goto('/addproduct');
  await expect(page.getByRole('heading', { name: '1688 상품 가져오기' })).toBeVisible();
  await page.getByTestId('import-paste').fill('https://detail.1688.com/offer/943009939489.html');
  await page.getByTestId('import-submit').click();
  const linkResult = page.getByTestId('import-result');
  await expect(linkResult).toHaveAttribute('data-outcome', 'needsCapture');
  await expect(linkResult).toContainText('페이지 데이터가 필요합니다');
  await expect(linkResult).toContainText('Ctrl+U');

  // The PC page window.context capture.
  const original = captureText();
  await page.getByTestId('import-paste').fill(original);
  await page.getByTestId('import-submit').click();
  const result = page.getByTestId('import-result');
  await expect(result).toHaveAttribute('data-outcome', 'created');
  await expect(result.getByTestId('read-kept')).toHaveText('옵션 6개 읽음, 6개 저장');
  const rows = result.getByTestId('import-option-row');
  await expect(rows).toHaveCount(6);
  const blackXl = rows.filter({ hasText: '黑色>XL（背长35cm）' });
  await expect(blackXl).toContainText('¥20.50');
  await expect(blackXl).toContainText('103g');
  await expect(rows.filter({ hasText: '黑色>3XL（背长45cm）' })).toContainText('¥26.50');
  await expect(rows.filter({ hasText: '黑色>3XL（背长45cm）' })).toContainText('133g');
  await shootAtSizes(page, 'import-created');

  // The seller names an option in Korean on the product page.
  await result.getByRole('link', { name: '상품 열기' }).click();
  await expect(page).toHaveURL(/\/AIRocketReg\?product=/);
  await page.getByRole('tab', { name: /옵션/ }).click();
  const optionRow = page.getByTestId('option-row').filter({ hasText: '黑色 / XL（背长35cm）' });
  const nameInput = optionRow.getByRole('textbox');
  await nameInput.fill('검정 XL');
  await nameInput.press('Enter');
  await expect(optionRow.getByText('저장했습니다.')).toBeVisible();

  // Re-import with a new price for 黑色>XL: the change is shown first, nothing applied yet.
  await page.goto('/addproduct');
  await page.getByTestId('import-paste').fill(withSkuPrice(original, 5846845077720, '19.80'));
  await page.getByTestId('import-submit').click();
  const again = page.getByTestId('import-result');
  await expect(again).toHaveAttribute('data-outcome', 'updateAvailable');
  const diff = again.getByTestId('import-diff');
  const priceRow = diff.getByTestId('diff-row').filter({ hasText: '黑色>XL（背长35cm）' });
  await expect(priceRow).toContainText('가격');
  await expect(priceRow).toContainText('¥20.50');
  await expect(priceRow).toContainText('¥19.80');
  await expect(
    again.getByTestId('import-option-row').filter({ hasText: '黑色>XL（背长35cm）' }),
  ).toContainText('¥20.50');
  await shootAtSizes(page, 'import-diff');

  await again.getByTestId('import-apply').click();
  await expect(again).toHaveAttribute('data-outcome', 'updated');
  const applied = again.getByTestId('import-option-row').filter({ hasText: '黑色>XL（背长35cm）' });
  await expect(applied).toContainText('¥19.80');
  await expect(applied).toContainText('검정 XL');
  await expect(
    again.getByTestId('import-option-row').filter({ hasText: '黄色>XL（背长35cm）' }),
  ).toContainText('¥20.50');
  await shootAtSizes(page, 'import-applied');
});
