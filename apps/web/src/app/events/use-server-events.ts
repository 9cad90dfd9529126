import { notifications } from '@mantine/notifications';
import { WorkflowEvent } from '@rr/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { i18n } from '../i18n';
import { handleServerEvent } from './handle-server-event';
import { setServerProcessing } from './server-processing';

/** SSE event names of GET /api/events (the `type` of each WorkflowEvent). */
const EVENT_TYPES = WorkflowEvent.options.map((o) => o.shape.type.value);
/** Lists and the dashboard are refetched at most this often while events stream in. */
const LIST_REFRESH_MS = 1500;

/**
 * The company's live events for every screen, mounted once by the main layout: one EventSource on
 * GET /api/events (the browser reconnects by itself and sends Last-Event-ID, so the server replays
 * what the tab missed). Events update the query cache, the top bar and fire the spec's browser event.
 */
export function useServerEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events', { withCredentials: true });
    let refresh: ReturnType<typeof setTimeout> | null = null;
    const scheduleListRefresh = () => {
      refresh ??= setTimeout(() => {
        refresh = null;
        void queryClient.invalidateQueries({ queryKey: ['products', 'summary'] });
        void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      }, LIST_REFRESH_MS);
    };
    const deps = {
      queryClient,
      lang: () => (i18n.language === 'en' ? ('en' as const) : ('ko' as const)),
      setServerProcessing,
      scheduleListRefresh,
      notify: ({ title, message }: { title: string; message: string }) =>
        notifications.show({ title, message, color: 'teal', position: 'bottom-right', autoClose: 10_000 }),
      splitTitle: () => i18n.t('topbar.splitTitle'),
      warn: ({ title, message }: { title: string; message: string }) =>
        notifications.show({ title, message, color: 'orange', position: 'bottom-right', autoClose: 15_000 }),
      stuckTitle: () => i18n.t('topbar.stuckTitle'),
      dispatch: (e: Event) => window.dispatchEvent(e),
    };
    const onEvent = (e: MessageEvent) => {
      const text: unknown = e.data;
      if (typeof text !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch {
        return;
      }
      const parsed = WorkflowEvent.safeParse(data);
      if (parsed.success) handleServerEvent(parsed.data, deps);
    };
    for (const type of EVENT_TYPES) source.addEventListener(type, onEvent);
    // A reconnect may have missed events older than the server keeps: re-read what is on screen.
    source.addEventListener('open', () => void queryClient.invalidateQueries({ queryKey: ['workflow'] }));
    return () => {
      source.close();
      if (refresh) clearTimeout(refresh);
      setServerProcessing({ isProcessing: false, message: null });
    };
  }, [enabled, queryClient]);
}
