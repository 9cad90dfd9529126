import type { RunView } from '@rr/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../app/test-utils';
import { useActiveRunIds, useRunViews } from './use-runs';

const view = (status: RunView['status']): RunView => ({
  runId: 'r1',
  status,
  tasks: ['seo'],
  progress: 0,
  products: [{ productId: 'p1', state: 'running', currentTask: 'seo', completedTasks: [], statuses: {} }],
  createdAt: '2026-01-01T00:00:00Z',
  startedAt: null,
  finishedAt: null,
});

function Probe() {
  const ids = useActiveRunIds();
  const runs = useRunViews(ids);
  return <div data-testid="runs">{runs.map((r) => `${r.runId}:${r.status}`).join(',')}</div>;
}

afterEach(() => vi.unstubAllGlobals());

describe('a reloaded tab finds the active runs again', () => {
  it('reads the latest runs and loads the active ones', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/workflow/runs?limit='))
          return jsonResponse({ runs: [{ ...view('running'), products: undefined, productCount: 1 }] });
        if (url === '/api/workflow/runs/r1') return jsonResponse(view('running'));
        return jsonResponse({}, 404);
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('runs').textContent).toBe('r1:running'));
  });
});
