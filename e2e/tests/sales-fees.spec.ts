import { expect, test } from '@playwright/test';
import { signInDemo } from './helpers';

// Issue 41: where no settlement exists, Coupang's fee is estimated from its published tables — the
// category's commission rate (plus VAT) and the Rocket Growth fee of the item's size tier — and the
// margin cell says which row was used and that it is an estimate. The seller can override the tables
// with the settings (and this spec turns the tables back on: the demo company is shared).

type Part = {
  key: string;
  amount: number | null;
  source: string;
  estimated: boolean;
  basis?: { kind: string; category?: string; percent?: number; tier?: string; feePerUnit?: number };
};
type Line = { itemName: string; margin: { parts: Part[] } };

const part = (l: Line, key: string) => l.margin.parts.find((p) => p.key === key);

test('fees from Coupang’s tables: the category’s rate and the size tier, named and marked 추정; the override', async ({
  page,
}) => {
  await signInDemo(page);
  await page.goto('/listsale');
  await page.getByTestId('sales-sync').click();
  await expect(page.getByTestId('sales-sync-result')).toHaveText(/쿠팡에서 판매 내역/, { timeout: 60_000 });

  const lines = async (channel: string): Promise<Line[]> => {
    const res = await page.request.get(`/api/sales/lines?channel=${channel}&page=1&pageSize=50`);
    expect(res.ok()).toBe(true);
    return (await res.json()).lines;
  };

  // A marketplace line not settled yet: its category's row of the fee table, VAT added, estimated.
  const unsettled = (await lines('MARKETPLACE')).filter(
    (l) => part(l, 'commission')?.source !== 'settlement',
  );
  const byTable = unsettled.find((l) => part(l, 'commission')?.basis?.kind === 'category');
  expect(byTable, 'an unsettled demo line estimated from its category').toBeTruthy();
  expect(part(byTable!, 'commission')).toMatchObject({ source: 'category_rate', estimated: true });

  // A Rocket Growth line: the size tier's fee (the box of its registration document), estimated.
  const rg = (await lines('ROCKET_GROWTH')).find((l) => part(l, 'rocket_growth_fee')?.source === 'fee_table');
  expect(rg, 'a Rocket Growth line with its size tier').toBeTruthy();
  expect(part(rg!, 'rocket_growth_fee')?.basis).toMatchObject({ kind: 'size_tier' });

  // The margin cell of a Rocket Growth line names the tier and says 추정.
  await page.getByTestId('sales-channel').click();
  await page.getByRole('option', { name: '로켓그로스' }).click();
  const table = page.getByRole('table', { name: '판매 목록' });
  await expect(table.getByRole('row').nth(1)).toContainText('로켓그로스');
  const cell = table.getByRole('row').nth(1).getByTestId('margin-cell');
  await cell.hover();
  await expect(page.getByRole('tooltip')).toContainText(
    /로켓그로스 비용: [\d,]+원 \(로켓그로스 요금표 (극소형|소형|중형|대형1|대형2|특대형), [\d,]+원\/개, 추정\)/,
  );
  await expect(page.getByRole('tooltip')).toContainText(
    /쿠팡 수수료: [\d,]+원 \((정산|카테고리 수수료율 \S+ \d+(\.\d+)?% \+ 부가세, 추정|기본 수수료율, 추정)\)/,
  );

  // The seller's override: the settings' values for every estimate.
  const settings = page.getByTestId('cost-settings');
  const tables = settings.getByLabel(/쿠팡 수수료표 사용/);
  await expect(tables).toBeChecked();
  await tables.uncheck();
  await settings.getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('마진 계산 설정을 저장했습니다.')).toBeVisible();
  const overridden = (await lines('ROCKET_GROWTH')).find((l) => l.itemName === rg!.itemName)!;
  expect(part(overridden, 'rocket_growth_fee')).toMatchObject({ source: 'setting', estimated: true });
  expect(part(overridden, 'rocket_growth_fee')?.basis).toBeUndefined();

  // Back on for the other specs of the demo company.
  await page.reload();
  await page
    .getByTestId('cost-settings')
    .getByLabel(/쿠팡 수수료표 사용/)
    .check();
  await page.getByTestId('cost-settings').getByRole('button', { name: '저장' }).click();
  await expect(page.getByText('마진 계산 설정을 저장했습니다.')).toBeVisible();
  expect((await (await page.request.get('/api/sales/cost-settings')).json()).settings.useFeeTables).toBe(
    true,
  );
});
