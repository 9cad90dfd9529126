import { expect, test } from '@playwright/test';
import { shootAtSizes } from './helpers';
import { FIXTURE, signUpSeller } from './products-support';

test('import the sample file, add it to registration with a category, open it, edit a field, reload, see it kept', async ({
  page,
}) => {
  await signUpSeller(page);

  await page.goto('/AIRocketReg');
  await expect(page.getByText('아직 상품이 없습니다')).toBeVisible();

  // Upload the sample capture as a JSON file.
  await page.goto('/addproduct');
  await page.locator('input[type="file"]').setInputFiles(FIXTURE);
  await expect(page.getByText('파일 1개 선택됨')).toBeVisible();
  await page.getByTestId('import-submit').click();
  const result = page.getByTestId('import-result');
  await expect(result).toHaveAttribute('data-outcome', 'created');
  await expect(result.getByTestId('read-kept')).toHaveText('옵션 6개 읽음, 6개 저장');

  // Add to registration: search the category tree, pick one.
  await result.getByRole('link', { name: '카테고리 지정' }).click();
  await expect(page).toHaveURL(/\/regproduct\?ids=/);
  await page.getByTestId('category-search').fill('운동화');
  const option = page.getByRole('option').filter({ hasText: '운동화' }).first();
  await expect(option).toBeVisible();
  const categoryName = (await option.locator('p').first().innerText()).trim();
  await option.click();
  await expect(page.getByTestId('category-chosen')).toContainText(categoryName);
  await shootAtSizes(page, 'regproduct');
  await page.getByTestId('regproduct-submit').click();

  // The product page: category set, one document per option with its checklist.
  await expect(page).toHaveURL(/\/AIRocketReg\?product=/);
  await expect(page.getByText(categoryName).first()).toBeVisible();
  await shootAtSizes(page, 'product-source');
  await page.getByRole('tab', { name: '견적서' }).click();
  await expect(page.getByText('완성도 점검')).toBeVisible();
  await shootAtSizes(page, 'product-document');
  await page.getByRole('tab', { name: /옵션/ }).click();
  await expect(page.getByTestId('option-row')).toHaveCount(6);
  await shootAtSizes(page, 'product-options');

  // Edit the Korean product name; it is saved with a partial update and survives a reload.
  await page.getByRole('tab', { name: '원본 데이터' }).click();
  const korName = page.getByLabel('한국어 상품명');
  await korName.fill('대형견 방수 우비 올인원');
  await korName.blur();
  await expect(page.getByText('저장했습니다.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('한국어 상품명')).toHaveValue('대형견 방수 우비 올인원');
  await expect(page.getByTestId('product-title')).toHaveText('대형견 방수 우비 올인원');

  // The registration table shows the product with its task chips in the spec's order: the 8 of "all
  // tasks" and Coupang registration (issue 23), which runs only when chosen.
  await page.goto('/AIRocketReg');
  const row = page.getByTestId('reg-row').first();
  await expect(row).toContainText('대형견 방수 우비 올인원');
  const chips = row.locator('[data-task]');
  await expect(chips).toHaveCount(9);
  expect(await chips.evaluateAll((els) => els.map((e) => e.getAttribute('data-task')))).toEqual([
    'seo',
    'pricing',
    'mainImage',
    'additionalImage',
    'detailImage',
    'koreanLabel',
    'sizeChart',
    'quotation',
    'register',
  ]);
  await expect(row).toContainText('6');
  await shootAtSizes(page, 'registration');

  await page.goto('/listproduct');
  await expect(page.getByText('대형견 방수 우비 올인원')).toBeVisible();
  await shootAtSizes(page, 'listproduct');
});

test('the registration table stays virtualised with 5,000 products and is keyboard operable', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpSeller(page);
  // 5,000 products through the spec's saveItems call, 500 per request.
  for (let b = 0; b < 10; b++) {
    const items = Array.from({ length: 500 }, (_, i) => {
      const n = b * 500 + i;
      return {
        registrationId: `BULK-${String(n).padStart(5, '0')}`,
        productName: `测试商品 ${n}`,
        korName: `대량 상품 ${n}`,
        options: [],
      };
    });
    const res = await page.request.post('/api/rocketReg/saveItems', { data: items });
    expect(res.ok()).toBe(true);
  }
  await page.goto('/AIRocketReg');
  await expect(page.getByTestId('reg-count')).toHaveText('상품 5,000개');
  const rendered = await page.getByTestId('reg-row').count();
  expect(rendered).toBeGreaterThan(15);
  expect(rendered).toBeLessThan(120);

  // Keyboard: focus the table, End jumps to the last row, Space selects it.
  await page.getByRole('region', { name: '로켓 등록' }).focus();
  await page.keyboard.press('End');
  const last = page.locator('[aria-rowindex="5001"]');
  await expect(last).toBeVisible();
  await expect(last).toHaveAttribute('data-active', 'true');
  await page.keyboard.press(' ');
  await expect(page.getByTestId('selected-count')).toHaveText('1개 선택');
  await page.getByRole('checkbox', { name: '전체 선택' }).check();
  await expect(page.getByTestId('selected-count')).toHaveText('5,000개 선택');

  // Text search narrows the list on the server.
  await page.getByLabel('검색').fill('BULK-04321');
  await expect(page.getByTestId('reg-count')).toHaveText('상품 1개');
  await expect(page.getByTestId('reg-row')).toHaveCount(1);
});
