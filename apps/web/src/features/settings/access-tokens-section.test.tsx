import { isRecord } from '@rr/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { installDomShims, jsonResponse, WithMantine } from '../../app/test-utils';
import { AccessTokensSection } from './access-tokens-section';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Row = {
  id: string;
  name: string;
  scope: 'capture';
  scopes: ('capture' | 'keywords')[];
  createdAt: string;
  lastUsedAt: string | null;
};

/** The server's token calls (apps/server/src/http/routes/access-tokens.ts) over an in-memory list. */
function serve(rows: Row[], refuseCreate?: { status: number; message: string }) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${input}`);
    if (method === 'GET') return jsonResponse({ items: rows });
    if (method === 'POST') {
      if (refuseCreate)
        return jsonResponse({ code: 'x', message: refuseCreate.message }, refuseCreate.status);
      const sent: unknown = JSON.parse(String(init?.body));
      const name = isRecord(sent) && typeof sent.name === 'string' ? sent.name : '';
      const item: Row = {
        id: `id-${rows.length + 1}`,
        name,
        scope: 'capture',
        scopes: ['capture', 'keywords'],
        createdAt: '2026-11-25T10:00:00.000Z',
        lastUsedAt: null,
      };
      rows.unshift(item);
      return jsonResponse({
        id: item.id,
        token: 'rrt_secret-value-shown-once',
        item,
        message: `토큰 "${name}"을(를) 만들었습니다. 지금만 보이니 복사해 두세요.`,
      });
    }
    const id = String(input).split('/').pop();
    rows.splice(
      rows.findIndex((r) => r.id === id),
      1,
    );
    return jsonResponse({ res: 'success', message: '토큰을 폐기했습니다.' });
  });
  return calls;
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WithMantine>
        <AccessTokensSection />
      </WithMantine>
    </QueryClientProvider>,
  );
}

it('asks for a name, then shows the new token once and lists it as never used', async () => {
  const calls = serve([]);
  renderSection();
  expect(await screen.findByText('아직 만든 토큰이 없습니다.')).toBeTruthy();
  fireEvent.click(screen.getByTestId('token-create'));
  expect(screen.getByText('토큰 이름을 입력해주세요.')).toBeTruthy();
  expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);

  fireEvent.change(screen.getByLabelText('토큰 이름'), { target: { value: '사무실 크롬' } });
  fireEvent.click(screen.getByTestId('token-create'));
  const made = await screen.findByTestId('token-made');
  expect(within(made).getByTestId('token-value').textContent).toBe('rrt_secret-value-shown-once');
  expect(made.textContent).toContain('지금 한 번만 보입니다');
  const row = await screen.findByTestId('token-row');
  expect(row.textContent).toContain('사무실 크롬');
  expect(row.textContent).toContain('사용 안 함');
  expect(calls).toContain('POST /api/tokens');
  // Closing the notice hides the value for good: the list never holds it.
  fireEvent.click(within(made).getByRole('button', { name: '닫기' }));
  expect(screen.queryByText('rrt_secret-value-shown-once')).toBeNull();
});

it('revokes a token only after the seller confirms', async () => {
  const calls = serve([
    {
      id: 'id-1',
      name: '집 크롬',
      scope: 'capture',
      scopes: ['capture', 'keywords'],
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: '2026-11-24T09:30:00.000Z',
    },
  ]);
  renderSection();
  const row = await screen.findByTestId('token-row');
  expect(row.textContent).not.toContain('사용 안 함');
  fireEvent.click(within(row).getByRole('button', { name: '폐기' }));
  expect(calls.some((c) => c.startsWith('DELETE'))).toBe(false);
  expect(row.textContent).toContain('폐기할까요?');
  fireEvent.click(within(row).getByRole('button', { name: '폐기하기' }));
  expect(await screen.findByText('아직 만든 토큰이 없습니다.')).toBeTruthy();
  expect(calls).toContain('DELETE /api/tokens/id-1');
});

it('shows the server’s reason when a token cannot be made', async () => {
  serve([], { status: 409, message: '토큰은 한 사람당 20개까지 만들 수 있습니다.' });
  renderSection();
  await screen.findByText('아직 만든 토큰이 없습니다.');
  fireEvent.change(screen.getByLabelText('토큰 이름'), { target: { value: '하나 더' } });
  fireEvent.click(screen.getByTestId('token-create'));
  await waitFor(() =>
    expect(screen.getByRole('alert').textContent).toBe('토큰은 한 사람당 20개까지 만들 수 있습니다.'),
  );
  expect(screen.queryByTestId('token-made')).toBeNull();
});
