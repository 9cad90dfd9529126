import { expect, test } from '@playwright/test';
import { shootAtSizes, signInDemo } from './helpers';

// Issue 20, as a seller sees it: before the work, the quotation tab names what the category schema
// still needs, option by option, with the field to fix; after a run of every task the document is
// 100 % complete and matches the schema.

const SHOES_TITLE = '男女同款休闲运动鞋透气网面轻便跑步鞋情侣小白鞋';

test('the schema check names the missing attributes; after a full run the quotation tab shows 100 %', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await signInDemo(page);
  await page.goto('/AIRocketReg');
  const row = page.getByTestId('reg-row').filter({ hasText: SHOES_TITLE });
  await expect(row).toHaveCount(1);

  // The list shows the Korean name once SEO has run: the row is found again by its registration id.
  const registrationId = (await row.locator('a').first().innerText()).trim();
  const same = page.getByTestId('reg-row').filter({ hasText: registrationId });

  // Before: the skeleton's required exposed attributes are empty, and the finding says where to fix them.
  await row.getByRole('link').first().click();
  await expect(page.getByTestId('product-title')).toBeVisible();
  await page.getByRole('tab', { name: /^견적서/ }).click();
  const findings = page.getByTestId('schema-findings');
  await expect(findings).toContainText('필수 속성이 누락되었습니다');
  await expect(findings.locator('[data-code="optionMissingRequiredAttributes"]')).toContainText(
    '고칠 곳: 노출 속성',
  );
  await shootAtSizes(page, 'schema-findings-before-run');

  // Run every task for this product, as a seller does from the registration screen.
  await page.goto('/AIRocketReg');
  await same.getByRole('checkbox').check();
  await expect(page.getByTestId('selected-count')).toHaveText('1개 선택');
  await page.getByTestId('run-all').click();
  const panel = page.getByTestId('run-panel');
  await expect(panel).toBeVisible({ timeout: 45_000 });
  await expect(panel).toHaveAttribute('data-status', 'completed', { timeout: 540_000 });

  // After: the document is complete and matches the schema; the top bar says the product is registrable.
  await expect(page.getByTestId('processing-indicator')).toContainText('등록 가능 상품 1/1개');
  await same.getByRole('link').first().click();
  await expect(page.getByTestId('product-title')).toBeVisible();
  await page.getByRole('tab', { name: /^견적서/ }).click();
  await expect(page.getByTestId('completeness-rate')).toHaveText('완성도 100%');
  await expect(page.getByTestId('schema-ok')).toBeVisible();
  await expect(page.getByRole('textbox', { name: '등록 상품명', exact: true })).not.toHaveValue(
    /[\u4e00-\u9fff]/,
  );
  await shootAtSizes(page, 'quotation-registrable');
});
