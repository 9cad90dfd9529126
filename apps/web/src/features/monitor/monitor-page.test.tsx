import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { installDomShims } from '../../app/test-utils';
import type { AiRequestRow, LiveAnswer } from './api';
import MonitorPage from './monitor-page';

beforeAll(installDomShims);
afterEach(() => vi.unstubAllGlobals());

const base: AiRequestRow = {
  id: 0,
  productId: null,
  workType: 'SEO',
  task: null,
  provider: 'gemini',
  model: 'gemini-2.0-flash',
  status: 'success',
  attempts: 1,
  httpStatus: null,
  error: null,
  createdAt: new Date().toISOString(),
  scheduledAt: null,
  startedAt: null,
  finishedAt: null,
  durationMs: 1000,
};

/** The server's answers, in the shapes of apps/server/src/http/routes/ai-monitor.ts. */
function serve(live: LiveAnswer, failures: AiRequestRow[]) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: string | URL | Request) => {
    const url = String(input);
    calls.push(url);
    const body = url.startsWith('/api/ai-monitor/live')
      ? live
      : url.startsWith('/api/ai-monitor/failures')
        ? { failures }
        : { message: 'not found' };
    return new Response(JSON.stringify(body), {
      status: body && 'message' in body ? 404 : 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MonitorPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

it('lists live requests with status and duration, marks a stuck one, shows the busiest key against 12/min and the failures', async () => {
  const failed: AiRequestRow = {
    ...base,
    id: 41,
    workType: 'QUOTATION',
    task: 'TRANSLATE_ATTRIBUTES',
    status: 'error',
    attempts: 3,
    httpStatus: 500,
    error: '서버 오류 (500)',
    durationMs: 12_300,
  };
  const calls = serve(
    {
      now: new Date().toISOString(),
      requests: [
        { ...base, id: 43, status: 'processing', durationMs: 301_000, productId: 'P-1' },
        { ...base, id: 42, workType: 'KOREAN_LABELS', status: 'success', durationMs: 2_345 },
        failed,
      ],
      rate: {
        windowMs: 60_000,
        limitPerMinute: 12,
        open: 1,
        createdLastMinute: 3,
        keys: [
          {
            keyId: 'ab12cd34',
            provider: 'gemini',
            model: 'gemini-2.0-flash',
            sentLastMinute: 11,
            reservedAhead: 2,
            nextSlotAt: null,
          },
          {
            keyId: 'ff00ee11',
            provider: 'openai',
            model: null,
            sentLastMinute: 4,
            reservedAhead: 0,
            nextSlotAt: null,
          },
        ],
      },
    },
    [failed, { ...base, id: 7, status: 'timeout', error: '요청 시간 초과', durationMs: 300_000 }],
  );
  renderPage();

  const live = await screen.findByRole('table', { name: '실시간 AI 요청 목록' });
  await within(live).findByText('P-1');
  const rows = within(live).getAllByRole('row');
  expect(rows).toHaveLength(4); // header + 3
  const [, stuck, ok, err] = rows;
  expect(within(stuck!).getByText('처리 중')).toBeTruthy();
  expect(within(stuck!).getByText('5분 초과 — 곧 시간 초과 처리됩니다')).toBeTruthy();
  expect(within(stuck!).getByText('P-1')).toBeTruthy();
  expect(within(ok!).getByText('성공')).toBeTruthy();
  expect(within(ok!).getByText('2.3 s')).toBeTruthy();
  expect(within(ok!).queryByText('5분 초과 — 곧 시간 초과 처리됩니다')).toBeNull();
  expect(within(err!).getByText('QUOTATION · TRANSLATE_ATTRIBUTES')).toBeTruthy();
  expect(within(err!).getByText('서버 오류 (500)')).toBeTruthy();

  // Requests per minute: the busiest key against the per-key limit, every key with its own bar.
  expect(screen.getByTestId('rate-headline').textContent).toContain('11 / 12');
  expect(screen.getByText('최근 1분 11 / 12건')).toBeTruthy();
  const keys = screen.getAllByTestId('rate-key');
  expect(keys).toHaveLength(2);
  expect(within(keys[0]!).getByText('11 / 12')).toBeTruthy();
  expect(within(keys[0]!).getByText('대기 예약 2건')).toBeTruthy();
  expect(within(keys[1]!).getByText('4 / 12')).toBeTruthy();
  expect(screen.getByTestId('rate-open').textContent).toBe('1');

  // Failures with their messages; a timeout is labelled as such.
  const failures = screen.getByRole('table', { name: '실패한 AI 요청 목록' });
  const messages = within(failures)
    .getAllByTestId('failure-message')
    .map((m) => m.textContent);
  expect(messages).toEqual(['서버 오류 (500)', '요청 시간 초과']);
  expect(within(failures).getByText('시간 초과')).toBeTruthy();
  expect(calls.some((u) => u === '/api/ai-monitor/failures?limit=50')).toBe(true);
});

it('says so when nothing ran, with the limit still shown', async () => {
  serve(
    {
      now: new Date().toISOString(),
      requests: [],
      rate: { windowMs: 60_000, limitPerMinute: 12, open: 0, createdLastMinute: 0, keys: [] },
    },
    [],
  );
  renderPage();
  expect(
    await screen.findByText('최근 10분 동안 AI 요청이 없습니다. 작업을 실행하면 여기에 표시됩니다.'),
  ).toBeTruthy();
  expect(screen.getByText('최근 1분 0 / 12건')).toBeTruthy();
  expect(await screen.findByText('실패한 요청이 없습니다.')).toBeTruthy();
});
