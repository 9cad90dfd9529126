import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { installDomShims, jsonResponse, WithMantine } from '../../app/test-utils';
import { ProductSalesCells, ProductSalesHeaders, useProductSales } from './product-sales';

// Issue 41: the registration table's column, as a row shows it: the product's units over 30 days and
// their margin from GET /api/sales/by-product; a product without sales shows a dash, an unknown cost
// says so.

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Rows({ ids }: { ids: string[] }) {
  const sales = useProductSales();
  return (
    <table>
      <thead>
        <tr>
          <ProductSalesHeaders />
        </tr>
      </thead>
      <tbody>
        {ids.map((id) => (
          <tr key={id} data-testid={`row-${id}`}>
            <ProductSalesCells sales={sales.get(id)} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

it('shows units and margin per product from the by-product answer, one call for the table', async () => {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    asked.push(String(input));
    return jsonResponse({
      days: 30,
      products: [
        {
          productId: 'p1',
          units: 1234,
          revenue: 100000,
          margin: 46300,
          marginPercent: 46.3,
          estimated: false,
        },
        { productId: 'p2', units: 3, revenue: 30000, margin: null, marginPercent: null, estimated: true },
        { productId: 'p4', units: 2, revenue: 10000, margin: -1500, marginPercent: -15, estimated: false },
      ],
    });
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WithMantine>
        <Rows ids={['p1', 'p2', 'p3', 'p4']} />
      </WithMantine>
    </QueryClientProvider>,
  );
  expect(screen.getByRole('columnheader', { name: '판매(30일)' })).toBeTruthy();
  expect(screen.getByRole('columnheader', { name: '마진(30일)' })).toBeTruthy();
  const cell = (id: string, test: string) =>
    screen.getByTestId(`row-${id}`).querySelector(`[data-testid="${test}"]`)?.textContent;
  await waitFor(() => expect(cell('p1', 'reg-units30')).toBe('1,234'));
  expect(cell('p1', 'reg-margin30')).toBe('46,300원 (46.3%)');
  expect(cell('p2', 'reg-units30')).toBe('3');
  expect(cell('p2', 'reg-margin30')).toBe('모름');
  expect(cell('p3', 'reg-units30')).toBe('—');
  expect(cell('p3', 'reg-margin30')).toBe('—');
  expect(cell('p4', 'reg-margin30')).toBe('-1,500원 (-15%)');
  expect(asked).toEqual(['/api/sales/by-product?days=30']);
});
