import type { OcrItem } from './ocr-logic';
import { pushRecent, type RecentJob } from './recent';

/** The image translation screen as a state machine: which call runs, the open job and its edits. */

export type Stage = 'idle' | 'uploading' | 'translating' | 'loadingOcr' | 'regenerating';
export type Version = { requestId: string; url: string };
export type Job = {
  /** The image the server translated (sent back as `url` when regenerating). */
  sourceUrl: string;
  originUrl: string;
  rmUrl: string;
  versions: Version[];
  /** The OCR items the latest version was drawn from. */
  items: OcrItem[];
  ocrError: string | null;
};

export type TranslateState = {
  stage: Stage;
  error: string | null;
  job: Job | null;
  /** The seller's copy of the OCR items, sent when regenerating. */
  edited: OcrItem[];
  /** The version shown in the translated panel. */
  shown: number;
  /** The OCR box under the pointer (panel and table highlight it). */
  hover: number | null;
  recent: RecentJob[];
};

export type TranslateAction =
  /** A call (or the next step of one) started. */
  | { type: 'stage'; stage: Exclude<Stage, 'idle'> }
  /** A call ended with a job to show; `at` is when (recent list). */
  | { type: 'opened'; job: Job; at: string }
  | { type: 'failed'; message: string }
  | { type: 'dismissError' }
  | { type: 'edit'; index: number; patch: Partial<OcrItem> }
  | { type: 'revert' }
  | { type: 'show'; version: number }
  | { type: 'hover'; index: number | null };

export const initialTranslateState = (recent: RecentJob[] = []): TranslateState => ({
  stage: 'idle',
  error: null,
  job: null,
  edited: [],
  shown: 0,
  hover: null,
  recent,
});

export function translateReducer(state: TranslateState, action: TranslateAction): TranslateState {
  switch (action.type) {
    case 'stage':
      // a new call clears the last error; its steps follow one another
      return { ...state, stage: action.stage, error: state.stage === 'idle' ? null : state.error };
    case 'opened': {
      const latest = action.job.versions[action.job.versions.length - 1];
      return {
        ...state,
        stage: 'idle',
        job: action.job,
        edited: action.job.items.map((i) => ({ ...i })),
        shown: action.job.versions.length - 1,
        hover: null,
        recent: latest
          ? pushRecent(state.recent, { requestId: latest.requestId, url: latest.url, at: action.at })
          : state.recent,
      };
    }
    case 'failed':
      return { ...state, stage: 'idle', error: action.message };
    case 'dismissError':
      return { ...state, error: null };
    case 'edit':
      if (state.stage !== 'idle') return state;
      return {
        ...state,
        edited: state.edited.map((item, k) => (k === action.index ? { ...item, ...action.patch } : item)),
      };
    case 'revert':
      return state.job ? { ...state, edited: state.job.items.map((i) => ({ ...i })) } : state;
    case 'show':
      return state.job
        ? { ...state, shown: Math.max(0, Math.min(state.job.versions.length - 1, action.version)) }
        : state;
    case 'hover':
      return { ...state, hover: action.index };
  }
}

/** The job after a regeneration: the new version on top, the sent items as its OCR items. */
export function withRegenerated(job: Job, edited: readonly OcrItem[], version: Version): Job {
  return {
    ...job,
    versions: [...job.versions, version],
    items: edited.map((i) => ({ ...i, target: i.target.trim() })),
  };
}
