import { useEffect, useRef } from 'react';
import { useWorkflowT } from '../../shared/workflow/i18n';
import { combinedProgress } from '../../shared/workflow/run-view';
import { useActiveRuns } from '../../shared/workflow/use-runs';
import { setFinished, setProcessing } from '../processing-store';
import { useServerProcessing } from './server-processing';
import { useServerEvents } from './use-server-events';

/**
 * Mounted once by the main layout for a signed-in user: the server's live events, and the top bar's
 * global processing indicator while a run of the company is active (also after a reload: the active
 * runs are found again from the latest runs).
 */
export function WorkflowLive() {
  useServerEvents(true);
  const { t } = useWorkflowT();
  const runs = useActiveRuns();
  const server = useServerProcessing();
  const owned = useRef(false);
  const products = runs.reduce((n, r) => n + r.products.length, 0);
  const progress = combinedProgress(runs);
  const active = runs.length > 0 || server.isProcessing;
  const message = server.message ?? t('indicator', { n: products });

  // The server's last message when work stopped (the end of a run): shown until the next work.
  const finished = !server.isProcessing ? server.message : null;

  useEffect(() => {
    if (active) {
      setProcessing(true, message, progress);
      owned.current = true;
    } else if (finished) {
      setFinished(finished);
      owned.current = true;
    } else if (owned.current) {
      setProcessing(false);
      owned.current = false;
    }
  }, [active, message, progress, finished]);
  useEffect(
    () => () => {
      if (owned.current) setProcessing(false);
    },
    [],
  );
  return null;
}
