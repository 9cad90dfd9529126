import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { installDomShims, jsonResponse, WithMantine } from '../../app/test-utils';
import { StockScreen } from './stock-page';

// Issue 41, 재주문 제안: each line shows what its quantity follows from: the shortfall, the offer's MOQ,
// the price tier the quantity reaches (or the option's own price) and the amount in yuan; the items
// to reorder first.

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const item = (over: Record<string, unknown>) => ({
  vendorItemId: '1',
  itemName: '케이스',
  orderable: 0,
  units7: 0,
  units30: 0,
  perDay7: 0,
  perDay30: 0,
  daysOfCover: null,
  below: false,
  shortfall: 0,
  reorderQuantity: 0,
  moq: 1,
  minimum: 1,
  tier: null,
  unitYuan: null,
  priceSource: 'missing',
  amountYuan: null,
  fetchedAt: '2026-11-28T00:00:00Z',
  ...over,
});

it('shows the shortfall, the MOQ, the tier used and the amount, the items to reorder first', async () => {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    asked.push(String(input));
    return jsonResponse({
      thresholdDays: 14,
      leadTimeDays: 21,
      coverDays: 30,
      items: [
        item({
          vendorItemId: '301',
          itemName: '투명 케이스',
          shortfall: 5,
          moq: 10,
          minimum: 10,
          reorderQuantity: 10,
          tier: { minQuantity: 10, price: 3.2 },
          unitYuan: 3.2,
          priceSource: 'tier',
          amountYuan: 32,
        }),
        item({
          vendorItemId: '302',
          itemName: '블랙 케이스',
          shortfall: 100,
          moq: 10,
          minimum: 10,
          reorderQuantity: 100,
          tier: { minQuantity: 100, price: 2.9 },
          unitYuan: 2.9,
          priceSource: 'tier',
          amountYuan: 290,
        }),
        item({
          vendorItemId: '101',
          itemName: '퍼즐',
          shortfall: 4,
          reorderQuantity: 4,
          unitYuan: 12.5,
          priceSource: 'option',
          amountYuan: 50,
        }),
      ],
    });
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WithMantine>
        <StockScreen reorder />
      </WithMantine>
    </QueryClientProvider>,
  );
  const table = await screen.findByRole('table', { name: '재주문 제안' });
  await within(table).findByText('블랙 케이스');
  const rows = within(table).getAllByRole('row');
  expect(asked[0]).toContain('/api/sales/inventory?');
  // The header and three items, the largest quantity first.
  expect(rows).toHaveLength(4);
  expect(rows[1]!.textContent).toContain('블랙 케이스');
  expect(within(rows[1]!).getByTestId('reorder-shortfall').textContent).toBe('100');
  expect(within(rows[1]!).getByTestId('stock-moq').textContent).toBe('10');
  expect(within(rows[1]!).getByTestId('stock-reorder').textContent).toBe('100');
  expect(within(rows[1]!).getByTestId('reorder-tier').textContent).toBe('100개 이상 ¥2.90');
  expect(within(rows[1]!).getByTestId('reorder-amount').textContent).toBe('¥290.00');
  // Raised to the MOQ: 5 short, 10 ordered at the first tier.
  expect(within(rows[2]!).getByTestId('reorder-shortfall').textContent).toBe('5');
  expect(within(rows[2]!).getByTestId('stock-reorder').textContent).toBe('10');
  expect(within(rows[2]!).getByTestId('reorder-tier').textContent).toBe('10개 이상 ¥3.20');
  // No tiers: the option's own price.
  expect(within(rows[3]!).getByTestId('reorder-tier').textContent).toBe('구간 없음 · 옵션가 ¥12.50');
  expect(within(rows[3]!).getByTestId('reorder-amount').textContent).toBe('¥50.00');
});
