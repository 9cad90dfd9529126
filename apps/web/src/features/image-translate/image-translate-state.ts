import type { SourceLanguage } from './api';
import { changedIndexes, isImageAddress, type OcrItem } from './ocr-logic';
import { pushRecent, type RecentJob } from './recent';

/**
 * The image translation screen as a state machine: the source form (file, address or request id),
 * which call runs and at which step, the open job and the seller's edits of its OCR items, and how
 * the three images are viewed. The screen's components only read it and dispatch actions; the calls
 * (TanStack Query mutations in `use-image-translate.ts`) report their steps and ends here.
 */

/** `idle`, or the step of the call that runs: a file upload, the translation, the OCR query, a regeneration. */
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

export type SourceTab = 'file' | 'url' | 'request';
export const SOURCE_TABS: readonly SourceTab[] = ['file', 'url', 'request'];
export const ZOOMS = ['1', '1.5', '2', '3'] as const;
export type Zoom = (typeof ZOOMS)[number];

export type TranslateState = {
  /** The source form: its tab, the image's language, the typed address and request id. */
  source: {
    tab: SourceTab;
    lang: SourceLanguage;
    url: string;
    /** The typed address was submitted and is not an image address. */
    urlInvalid: boolean;
    requestId: string;
  };
  stage: Stage;
  error: string | null;
  job: Job | null;
  /** The seller's copy of the OCR items, sent when regenerating. */
  edited: OcrItem[];
  /** The version shown in the translated panel. */
  shown: number;
  /** The OCR box under the pointer (panel and table highlight it). */
  hover: number | null;
  /** The OCR row to scroll to and focus (a box on the image was picked); `seq` repeats a pick of the same box. */
  focus: { index: number; seq: number } | null;
  view: { zoom: Zoom; showBoxes: boolean };
  recent: RecentJob[];
};

export type TranslateAction =
  | { type: 'tab'; tab: string | null }
  | { type: 'language'; lang: SourceLanguage }
  | { type: 'urlInput'; value: string }
  /** The address form was submitted: an address that is not an image's is refused (no call). */
  | { type: 'submitUrl' }
  | { type: 'requestIdInput'; value: string }
  /** A call (or the next step of one) started. */
  | { type: 'stage'; stage: Exclude<Stage, 'idle'> }
  /** A call ended with a job to show; `at` is when (recent list). */
  | { type: 'opened'; job: Job; at: string }
  | { type: 'failed'; message: string }
  | { type: 'dismissError' }
  | { type: 'edit'; index: number; patch: Partial<OcrItem> }
  /** Back to the OCR items of the shown job (the seller's edits are dropped). */
  | { type: 'revert' }
  | { type: 'show'; version: number }
  | { type: 'hover'; index: number | null }
  /** A box on the image was clicked: it is highlighted and its row takes the focus. */
  | { type: 'pickBox'; index: number }
  | { type: 'zoom'; zoom: string }
  | { type: 'showBoxes'; on: boolean };

export const initialTranslateState = (recent: RecentJob[] = []): TranslateState => ({
  source: { tab: 'file', lang: 'CHN', url: '', urlInvalid: false, requestId: '' },
  stage: 'idle',
  error: null,
  job: null,
  edited: [],
  shown: 0,
  hover: null,
  focus: null,
  view: { zoom: '1', showBoxes: true },
  recent,
});

const copyItems = (items: readonly OcrItem[]) => items.map((i) => ({ ...i }));
const tabOf = (v: string | null): SourceTab | undefined => SOURCE_TABS.find((t) => t === v);
const zoomOf = (v: string): Zoom | undefined => ZOOMS.find((z) => z === v);

export function translateReducer(state: TranslateState, action: TranslateAction): TranslateState {
  switch (action.type) {
    case 'tab': {
      const tab = tabOf(action.tab);
      return tab ? { ...state, source: { ...state.source, tab } } : state;
    }
    case 'language':
      return { ...state, source: { ...state.source, lang: action.lang } };
    case 'urlInput':
      return { ...state, source: { ...state.source, url: action.value } };
    case 'submitUrl':
      return { ...state, source: { ...state.source, urlInvalid: !isImageAddress(state.source.url) } };
    case 'requestIdInput':
      return { ...state, source: { ...state.source, requestId: action.value } };
    case 'stage':
      // a new call clears the last error; its steps follow one another
      return { ...state, stage: action.stage, error: state.stage === 'idle' ? null : state.error };
    case 'opened': {
      const latest = action.job.versions[action.job.versions.length - 1];
      return {
        ...state,
        stage: 'idle',
        job: action.job,
        edited: copyItems(action.job.items),
        shown: action.job.versions.length - 1,
        hover: null,
        focus: null,
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
      return state.job && state.stage === 'idle' ? { ...state, edited: copyItems(state.job.items) } : state;
    case 'show':
      return state.job
        ? { ...state, shown: Math.max(0, Math.min(state.job.versions.length - 1, action.version)) }
        : state;
    case 'hover':
      return { ...state, hover: action.index };
    case 'pickBox':
      return {
        ...state,
        hover: action.index,
        focus: { index: action.index, seq: (state.focus?.seq ?? 0) + 1 },
      };
    case 'zoom': {
      const zoom = zoomOf(action.zoom);
      return zoom ? { ...state, view: { ...state.view, zoom } } : state;
    }
    case 'showBoxes':
      return { ...state, view: { ...state.view, showBoxes: action.on } };
  }
}

/** A call runs: the source form, the edits and the regenerate button wait. */
export const isBusy = (state: TranslateState) => state.stage !== 'idle';

/** The version shown in the translated panel. */
export function shownVersion(state: TranslateState): Version | undefined {
  const { job, shown } = state;
  return job?.versions[Math.min(shown, job.versions.length - 1)];
}

/** The rows the seller changed (regenerate sends them; revert drops them). */
export const changedRows = (job: Job | null, edited: OcrItem[]): Set<number> =>
  new Set(job ? changedIndexes(job.items, edited) : []);

/** The job after a regeneration: the new version on top, the sent items as its OCR items. */
export function withRegenerated(job: Job, edited: readonly OcrItem[], version: Version): Job {
  return {
    ...job,
    versions: [...job.versions, version],
    items: edited.map((i) => ({ ...i, target: i.target.trim() })),
  };
}
