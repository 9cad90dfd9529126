import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { type Dispatch, useEffect, useMemo, useReducer } from 'react';
import { setProcessing } from '../../app/processing-store';
import { messageOf } from './api';
import { useImageT } from './i18n';
import { loadRequest, regenerateJob, type Source, translateSource } from './image-translate-calls';
import {
  changedRows,
  initialTranslateState,
  isBusy,
  type Job,
  type TranslateAction,
  type TranslateState,
  translateReducer,
} from './image-translate-state';
import { isImageAddress } from './ocr-logic';
import { readRecent, writeRecent } from './recent';

export type ImageTranslate = {
  state: TranslateState;
  dispatch: Dispatch<TranslateAction>;
  busy: boolean;
  /** The rows the seller changed. */
  changed: ReadonlySet<number>;
  translate: (source: Source) => void;
  /** Translates the typed address, or marks it invalid. */
  submitUrl: () => void;
  openRequest: (requestId: string) => void;
  regenerate: () => void;
};

/**
 * The screen's state machine (`image-translate-state.ts`) wired to its calls: each call is a
 * TanStack Query mutation that reports its steps, its job or its error to the reducer. The stage
 * is also shown in the top-bar processing indicator; the recent list is kept in this browser.
 */
export function useImageTranslate(): ImageTranslate {
  const { t } = useImageT();
  const [state, dispatch] = useReducer(translateReducer, undefined, () =>
    initialTranslateState(readRecent()),
  );
  const { stage, recent, job, edited, source } = state;

  useEffect(() => {
    if (stage === 'idle') setProcessing(false);
    else setProcessing(true, t(`stage.${stage}`));
  }, [stage, t]);
  useEffect(() => () => setProcessing(false), []);
  useEffect(() => writeRecent(recent), [recent]);

  const opened = (next: Job) => dispatch({ type: 'opened', job: next, at: new Date().toISOString() });
  const failed = (e: unknown) => dispatch({ type: 'failed', message: messageOf(e) });

  const translate = useMutation({
    mutationFn: (src: Source) =>
      translateSource(src, source.lang, (s) => dispatch({ type: 'stage', stage: s })),
    onSuccess: opened,
    onError: failed,
  });
  const load = useMutation({
    mutationFn: (requestId: string) => {
      dispatch({ type: 'stage', stage: 'loadingOcr' });
      return loadRequest(requestId.trim(), t('panel.loadFailed'));
    },
    onSuccess: opened,
    onError: failed,
  });
  const regenerate = useMutation({
    mutationFn: (args: { job: Job; items: Job['items'] }) => {
      dispatch({ type: 'stage', stage: 'regenerating' });
      return regenerateJob(args.job, args.items);
    },
    onSuccess: ({ next, requestId }) => {
      opened(next);
      notifications.show({
        color: 'green',
        message: t('regenerated', { id: requestId }),
        position: 'bottom-right',
      });
    },
    onError: failed,
  });

  const changed = useMemo(() => changedRows(job, edited), [job, edited]);
  const busy = isBusy(state);

  return {
    state,
    dispatch,
    busy,
    changed,
    translate: (src) => {
      if (!busy) translate.mutate(src);
    },
    submitUrl: () => {
      dispatch({ type: 'submitUrl' });
      if (!busy && isImageAddress(source.url)) translate.mutate({ url: source.url });
    },
    openRequest: (requestId) => {
      if (!busy && requestId.trim()) load.mutate(requestId);
    },
    regenerate: () => {
      if (!busy && job) regenerate.mutate({ job, items: edited });
    },
  };
}
