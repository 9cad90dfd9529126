import { RocketProduct } from '@rr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { installDomShims, jsonResponse, WithMantine } from '../../app/test-utils';
import { SizeChartDefaultNotice } from './size-chart-confirm';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const chart = { sizeType: 'clothing', sizeUnits: 'cm', sizes: ['S', 'M'], measurements: [] };
const product = (sizeChart: Record<string, unknown>) =>
  RocketProduct.parse({ _id: 'p1', registrationId: 'R1', productName: 'x', options: [], sizeChart });

function show(p: RocketProduct) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <WithMantine>
        <SizeChartDefaultNotice p={p} />
      </WithMantine>
    </QueryClientProvider>,
  );
}

it('a chart made from the category default is marked, and the seller confirms it (issue 42)', async () => {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (_input: string, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)));
    return jsonResponse({ 요청결과: 'success', updatedAt: '2026-11-28T10:00:00.000Z' });
  });
  show(product({ ...chart, fromCategoryDefault: true, confirmed: false }));
  expect(screen.getByTestId('size-chart-default').textContent).toContain('카테고리 기본값으로 만든 것입니다');
  fireEvent.click(screen.getByRole('button', { name: '사이즈표를 확인했습니다' }));
  await waitFor(() =>
    expect(sent).toEqual([{ productId: 'p1', updateFields: { 'sizeChart.confirmed': true } }]),
  );
});

it('a confirmed default chart says so; a chart read from the images shows nothing', () => {
  show(product({ ...chart, fromCategoryDefault: true, confirmed: true }));
  expect(screen.getByTestId('size-chart-default-confirmed').textContent).toBe(
    '카테고리 기본값 사이즈표 (판매자 확인함)',
  );
  cleanup();
  show(product(chart));
  expect(screen.queryByTestId('size-chart-default')).toBeNull();
  expect(screen.queryByTestId('size-chart-default-confirmed')).toBeNull();
});
