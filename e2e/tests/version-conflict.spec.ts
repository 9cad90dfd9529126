import { expect, test } from '@playwright/test';
import { signInDemo } from './helpers';

// Issue 14, lost edits: a whole-document write carries the version the seller read; when the product
// changed since (a task, another tab) the screen says so, reloads it and keeps what the seller chose.
test('choosing a category for a product changed elsewhere: the conflict is shown, the choice kept, applied again', async ({
  page,
}) => {
  await signInDemo(page);
  const list = await page.request.post('/api/aiRocketReg/getlist', { data: { view: 'summary' } });
  const rows = (await list.json()).products as { _id: string; categoryPath: string | null }[];
  const product = rows.find((r) => r.categoryPath);
  expect(product, 'a demo product added to registration').toBeDefined();
  const id = product!._id;
  const leaf = product!.categoryPath!.split('>').at(-1)!.trim();

  await page.goto(`/AIRocketReg?product=${id}`);
  await page.getByTestId('product-category').click();
  await expect(page).toHaveURL(/\/category_min\?product=.*&v=/);

  // Meanwhile another tab changes the product.
  const other = await page.request.post('/api/aiRocketReg/updatePartial', {
    data: { productId: id, updateFields: { 'options.0.korName': '다른 탭에서 바꾼 이름' } },
  });
  expect(other.ok(), await other.text()).toBe(true);

  await page.getByTestId('category-min-search').fill(leaf);
  await page
    .getByRole('button', { name: new RegExp(leaf) })
    .first()
    .click();
  await page.getByTestId('category-min-apply').click();
  await expect(page.getByTestId('category-min-conflict')).toContainText('다른 곳');
  await expect(page).toHaveURL(/\/category_min/);

  // The chosen category is still chosen: one more click applies it to the latest version.
  await page.getByTestId('category-min-apply').click();
  await expect(page).toHaveURL(new RegExp(`product=${id}`));
  await expect(page.getByTestId('product-category')).toBeVisible();
});
