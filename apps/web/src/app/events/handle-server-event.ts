import type { ProductSummary, RunView, WorkflowEvent } from '@rr/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { applyTaskStatus, applyWorkflowEvent, type Lang } from '../../shared/workflow/run-view';
import { runKeys } from '../../shared/workflow/workflow-api';

/** The browser event the spec names for a split the server reported (Q §7). */
export const SPLIT_EVENT = 'product-split-completed';

export type ServerEventDeps = {
  queryClient: QueryClient;
  lang: () => Lang;
  /** The server's global processing flag and message (the top bar shows it). */
  setServerProcessing: (state: { isProcessing: boolean; message: string | null }) => void;
  /** Refreshes the product lists and the dashboard soon (many events arrive together). */
  scheduleListRefresh: () => void;
  /** A success toast naming what happened. */
  notify: (toast: { title: string; message: string }) => void;
  /** The split toast's title in the screen's language. */
  splitTitle: () => string;
  /** Issue 42: a warning toast (stuck AI requests); without it, the success toast. */
  warn?: ((toast: { title: string; message: string }) => void) | undefined;
  /** The stuck-requests toast's title in the screen's language. */
  stuckTitle?: (() => string) | undefined;
  dispatch: (event: Event) => void;
};

type SummaryPage = { rows: ProductSummary[]; total: number };

/** What one server event changes on the screens: the query cache, the top bar, a toast, a browser event. */
export function handleServerEvent(event: WorkflowEvent, deps: ServerEventDeps): void {
  const { queryClient } = deps;
  switch (event.type) {
    case 'run': {
      queryClient.setQueryData<RunView>(runKeys.run(event.runId), (old) =>
        old ? applyWorkflowEvent(old, event, deps.lang()) : old,
      );
      void queryClient.invalidateQueries({ queryKey: runKeys.lists });
      if (event.status !== 'queued' && event.status !== 'running') {
        void queryClient.invalidateQueries({ queryKey: runKeys.run(event.runId) });
        deps.scheduleListRefresh();
      }
      return;
    }
    case 'task': {
      if (event.runId) {
        queryClient.setQueryData<RunView>(runKeys.run(event.runId), (old) =>
          old ? applyWorkflowEvent(old, event, deps.lang()) : old,
        );
      }
      queryClient.setQueriesData<SummaryPage>({ queryKey: ['products', 'summary'] }, (old) => {
        if (!old) return old;
        const rows = applyTaskStatus(old.rows, event.productId, event.task, event.status);
        return rows ? { ...old, rows } : old;
      });
      void queryClient.invalidateQueries({ queryKey: ['product', event.productId] });
      if (event.status !== 'processing') deps.scheduleListRefresh();
      return;
    }
    case 'product-updated':
      void queryClient.invalidateQueries({ queryKey: ['product', event.productId] });
      deps.scheduleListRefresh();
      return;
    case 'processing':
      deps.setServerProcessing({
        isProcessing: event.isProcessing,
        message: event.message ? event.message[deps.lang()] : null,
      });
      return;
    case 'ai-stuck':
      // Issue 42: the seller hears of AI requests the monitor timed out (W §4 Stuck requests).
      (deps.warn ?? deps.notify)({
        title: deps.stuckTitle?.() ?? deps.splitTitle(),
        message: event.message[deps.lang()],
      });
      return;
    case 'product-split-completed': {
      deps.dispatch(new CustomEvent(SPLIT_EVENT, { detail: event }));
      void queryClient.invalidateQueries({ queryKey: ['product', event.originalProductId] });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      deps.scheduleListRefresh();
      // The server's message names the new products (Q §8 wording).
      deps.notify({ title: deps.splitTitle(), message: event.message[deps.lang()] });
      return;
    }
  }
}
