import { useDebouncedValue } from '@mantine/hooks';
import { formatMessage, type TaskName } from '@rr/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { deleteItems, getSummaries } from '../../shared/products/api';
import { num } from '../../shared/products/format';
import { errorText, HttpError } from '../../shared/products/http';
import { useProductsT } from '../../shared/products/i18n';
import { useWorkflowT } from '../../shared/workflow/i18n';
import { useActiveRunIds, useCancelRun, useRunViews, useStartRun } from '../../shared/workflow/use-runs';
import { initialRegistrationState, listCriteria, registrationReducer } from './registration-state';

/**
 * The registration screen's state machine (`registration-state.ts`) wired to its calls: the list
 * (a query on the debounced filters), delete, and starting and cancelling runs (mutations).
 */
export function useRegistration() {
  const { t } = useProductsT();
  const { t: tw, i18n } = useWorkflowT();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(registrationReducer, initialRegistrationState);
  const { filters, sort, selected } = state;
  const [debouncedText] = useDebouncedValue(filters.text, 250);

  const criteria = useMemo(() => listCriteria(filters, debouncedText, sort), [filters, debouncedText, sort]);
  const list = useQuery({
    queryKey: ['products', 'summary', criteria],
    queryFn: ({ signal }) => getSummaries(criteria, signal),
    placeholderData: (prev) => prev,
  });
  const rows = list.data?.rows ?? [];

  // Categories seen so far, so the category filter keeps its choices while it filters.
  const seenCategories = useRef(new Map<number, string>());
  for (const r of rows) {
    if (r.displayCategoryCode !== null && r.categoryPath)
      seenCategories.current.set(r.displayCategoryCode, r.categoryPath);
  }
  const categoryOptions = [...seenCategories.current.entries()]
    .sort((a, b) => a[1].localeCompare(b[1], 'ko'))
    .map(([code, path]) => ({ value: String(code), label: path.split('>').slice(-2).join(' > ') }));

  const remove = useMutation({
    mutationFn: (ids: string[]) => deleteItems(ids),
    onSuccess: (res, ids) => {
      dispatch({ type: 'deleted', notice: t('reg.deleted', { count: res.deletedCount ?? ids.length }) });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });

  // Runs: the ones started here and the company's active ones (a reloaded tab picks them up again).
  const startRun = useStartRun();
  const cancelRun = useCancelRun();
  const activeRunIds = useActiveRunIds();
  useEffect(() => {
    if (activeRunIds.length) dispatch({ type: 'showRuns', runIds: activeRunIds });
  }, [activeRunIds]);
  const shownRuns = useRunViews(state.runs.shown);

  const start = (tasks?: TaskName[]) => {
    if (selected.size === 0) {
      // W §5: the spec's refusal, before asking the server
      const lang = i18n.language === 'en' ? 'en' : 'ko';
      dispatch({ type: 'runRefused', message: formatMessage('noProductsSelected', {}, lang) });
      return;
    }
    const productIds = [...selected];
    startRun.mutate(tasks ? { productIds, tasks } : { productIds }, {
      onSuccess: ({ runId }) =>
        dispatch({
          type: 'runStarted',
          runId,
          notice:
            tasks?.length === 1
              ? tw('startedOne', { task: t(`task.${tasks[0]}`) })
              : tw('started', { n: num(productIds.length) }),
        }),
      onError: (e) =>
        dispatch({
          type: 'runRefused',
          message: errorText(e),
          code: e instanceof HttpError ? e.code : undefined,
        }),
    });
  };

  const confirmCancel = () => {
    const runId = state.confirmCancel;
    if (runId) cancelRun.mutate(runId, { onSuccess: () => dispatch({ type: 'closeCancel' }) });
  };

  return {
    state,
    dispatch,
    list,
    rows,
    categoryOptions,
    remove,
    startRun,
    cancelRun,
    shownRuns,
    start,
    confirmCancel,
  };
}
