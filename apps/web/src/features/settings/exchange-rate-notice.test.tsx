import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { installDomShims, jsonResponse, WithMantine } from '../../app/test-utils';
import { ExchangeRateNotice } from './exchange-rate-notice';

// Issue 41: the daily public rate beside the rate in use; a move beyond the threshold offers the rate,
// which fills the exchange rate field (its save then offers the reprice). No source: nothing.

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(status: Record<string, unknown>) {
  vi.stubGlobal('fetch', async () => jsonResponse(status));
  const dispatch = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <WithMantine>
        <ExchangeRateNotice dispatch={dispatch} saved={false} />
      </WithMantine>
    </QueryClientProvider>,
  );
  return { dispatch };
}

const status = {
  configured: true,
  inUse: 190,
  source: { rate: 196.1, date: '2026-11-27' },
  movedPercent: 3.2,
  beyondThreshold: true,
  thresholdPercent: 3,
};

it('a move beyond the threshold shows both rates with the day and offers the public one', async () => {
  const { dispatch } = show(status);
  const offer = await screen.findByTestId('exchange-rate-offer');
  expect(offer.textContent).toContain('사용 중인 환율 190원 · 공개 환율 196.1원 (2026-11-27 기준, +3.2%)');
  expect(offer.textContent).toContain('3% 넘게 움직였습니다');
  fireEvent.click(screen.getByRole('button', { name: '공개 환율 적용' }));
  expect(dispatch).toHaveBeenCalledWith({ type: 'text', field: 'exchangeRate', value: '196.1' });
});

it('a small move is a line without an offer; no source configured shows nothing', async () => {
  show({ ...status, source: { rate: 190.5, date: '2026-11-27' }, movedPercent: 0.3, beyondThreshold: false });
  expect((await screen.findByTestId('exchange-rate-line')).textContent).toContain('+0.3%');
  expect(screen.queryByTestId('exchange-rate-offer')).toBeNull();
  cleanup();
  show({
    ...status,
    configured: false,
    source: null,
    movedPercent: null,
    beyondThreshold: false,
  });
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByTestId('exchange-rate-line')).toBeNull();
  expect(screen.queryByTestId('exchange-rate-offer')).toBeNull();
});
