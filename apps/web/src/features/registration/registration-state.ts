import type { GetListRequest, StatusField, TaskStatusValue } from '@rr/contracts';

/** The registration table's screen state: filters, sort, selection, the keyboard row, dialogs. */

export type SortField = NonNullable<GetListRequest['sort']>;
export type Sort = { field: SortField; order: 'asc' | 'desc' };

export type Filters = {
  text: string;
  statuses: Partial<Record<StatusField, TaskStatusValue>>;
  category: string | null;
  dateFrom: string;
  dateTo: string;
  /** Issue 23: the registration on Coupang's status (`none`: never sent); null: any. */
  coupang: NonNullable<GetListRequest['coupangStatus']> | null;
};

export const EMPTY_FILTERS: Filters = {
  text: '',
  statuses: {},
  category: null,
  dateFrom: '',
  dateTo: '',
  coupang: null,
};

export type RegistrationState = {
  filters: Filters;
  sort: Sort;
  selected: ReadonlySet<string>;
  /** The row the arrow keys move (index into the shown rows). */
  active: number;
  /** The row a shift-click extends the selection from. */
  anchor: number | null;
  showAdvanced: boolean;
  confirmDelete: boolean;
  notice: string | null;
  /** Runs shown in the run panel: started here or found active, until the seller closes them. */
  runs: { shown: string[]; closed: string[] };
  /** Why a run did not start (the spec's refusal messages), shown above the table. */
  runError: { message: string; code?: string | undefined } | null;
  /** The run the seller asked to cancel (confirm dialog). */
  confirmCancel: string | null;
};

export const initialRegistrationState: RegistrationState = {
  filters: EMPTY_FILTERS,
  sort: { field: 'updatedAt', order: 'desc' },
  selected: new Set(),
  active: 0,
  anchor: null,
  showAdvanced: false,
  confirmDelete: false,
  notice: null,
  runs: { shown: [], closed: [] },
  runError: null,
  confirmCancel: null,
};

export type RegistrationAction =
  | { type: 'filter'; patch: Partial<Omit<Filters, 'statuses'>> }
  | { type: 'statusFilter'; field: StatusField; value: TaskStatusValue | null }
  | { type: 'resetFilters' }
  | { type: 'sortBy'; field: SortField }
  /** `ids` are the shown rows in order; a range toggles every row between the anchor and `index`. */
  | { type: 'toggleRow'; ids: readonly string[]; index: number; range: boolean }
  | { type: 'toggleAll'; ids: readonly string[] }
  | { type: 'clearSelection' }
  | { type: 'setActive'; index: number; count: number }
  | { type: 'toggleAdvanced' }
  | { type: 'askDelete' }
  | { type: 'closeDelete' }
  | { type: 'deleted'; notice: string }
  | { type: 'notice'; notice: string | null }
  | { type: 'runStarted'; runId: string; notice: string }
  | { type: 'runRefused'; message: string; code?: string | undefined }
  | { type: 'dismissRunError' }
  /** Runs of the company seen active (a reloaded tab finds them again): shown unless closed here. */
  | { type: 'showRuns'; runIds: readonly string[] }
  | { type: 'closeRun'; runId: string }
  | { type: 'askCancel'; runId: string }
  | { type: 'closeCancel' };

const clamp = (i: number, count: number) => Math.max(0, Math.min(Math.max(0, count - 1), i));

export function registrationReducer(state: RegistrationState, action: RegistrationAction): RegistrationState {
  switch (action.type) {
    case 'filter':
      return { ...state, filters: { ...state.filters, ...action.patch } };
    case 'statusFilter': {
      const statuses = { ...state.filters.statuses };
      if (action.value) statuses[action.field] = action.value;
      else delete statuses[action.field];
      return { ...state, filters: { ...state.filters, statuses } };
    }
    case 'resetFilters':
      return { ...state, filters: EMPTY_FILTERS };
    case 'sortBy': {
      const order = state.sort.field === action.field && state.sort.order === 'desc' ? 'asc' : 'desc';
      return { ...state, sort: { field: action.field, order } };
    }
    case 'toggleRow': {
      const id = action.ids[action.index];
      if (id === undefined) return state;
      const next = new Set(state.selected);
      const on = !state.selected.has(id);
      const [from, to] =
        action.range && state.anchor !== null
          ? [Math.min(state.anchor, action.index), Math.max(state.anchor, action.index)]
          : [action.index, action.index];
      for (let i = from; i <= to; i++) {
        const rowId = action.ids[i];
        if (rowId === undefined) continue;
        if (on) next.add(rowId);
        else next.delete(rowId);
      }
      return { ...state, selected: next, anchor: action.index };
    }
    case 'toggleAll': {
      const all = action.ids.length > 0 && action.ids.every((id) => state.selected.has(id));
      return { ...state, selected: all ? new Set() : new Set(action.ids) };
    }
    case 'clearSelection':
      return { ...state, selected: new Set() };
    case 'setActive':
      return { ...state, active: clamp(action.index, action.count) };
    case 'toggleAdvanced':
      return { ...state, showAdvanced: !state.showAdvanced };
    case 'askDelete':
      return state.selected.size ? { ...state, confirmDelete: true } : state;
    case 'closeDelete':
      return { ...state, confirmDelete: false };
    case 'deleted':
      return { ...state, confirmDelete: false, selected: new Set(), notice: action.notice };
    case 'notice':
      return { ...state, notice: action.notice };
    case 'runStarted':
      return {
        ...state,
        notice: action.notice,
        runError: null,
        runs: {
          ...state.runs,
          shown: [action.runId, ...state.runs.shown.filter((id) => id !== action.runId)],
        },
      };
    case 'runRefused':
      return { ...state, runError: { message: action.message, code: action.code } };
    case 'dismissRunError':
      return { ...state, runError: null };
    case 'showRuns': {
      const add = action.runIds.filter(
        (id) => !state.runs.shown.includes(id) && !state.runs.closed.includes(id),
      );
      return add.length ? { ...state, runs: { ...state.runs, shown: [...state.runs.shown, ...add] } } : state;
    }
    case 'closeRun':
      return {
        ...state,
        runs: {
          shown: state.runs.shown.filter((id) => id !== action.runId),
          closed: [...state.runs.closed, action.runId],
        },
      };
    case 'askCancel':
      return { ...state, confirmCancel: action.runId };
    case 'closeCancel':
      return { ...state, confirmCancel: null };
  }
}

/** The list request for the current filters (the search text is debounced by the screen). */
export function listCriteria(filters: Filters, text: string, sort: Sort): Omit<GetListRequest, 'view'> {
  const c: Omit<GetListRequest, 'view'> = { page: 1, pageSize: 10_000, sort: sort.field, order: sort.order };
  if (text.trim()) c.text = text.trim();
  if (Object.keys(filters.statuses).length) c.statuses = filters.statuses;
  if (filters.category) c.displayCategoryCode = Number(filters.category);
  if (filters.dateFrom) c.dateFrom = filters.dateFrom;
  if (filters.dateTo) c.dateTo = filters.dateTo;
  if (filters.coupang) c.coupangStatus = filters.coupang;
  return c;
}

export const filtersOn = (f: Filters) =>
  f.text !== '' ||
  Object.keys(f.statuses).length > 0 ||
  f.category !== null ||
  f.dateFrom !== '' ||
  f.dateTo !== '' ||
  f.coupang !== null;

export const advancedFilterCount = (f: Filters) =>
  (f.category !== null ? 1 : 0) + (f.dateFrom ? 1 : 0) + (f.dateTo ? 1 : 0) + (f.coupang !== null ? 1 : 0);

/** The key that moves the keyboard row, and where to: null when the key is not a move. */
export function keyTarget(key: string, active: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return clamp(active + 1, count);
    case 'ArrowUp':
      return clamp(active - 1, count);
    case 'PageDown':
      return clamp(active + 20, count);
    case 'PageUp':
      return clamp(active - 20, count);
    case 'Home':
      return 0;
    case 'End':
      return clamp(count - 1, count);
    default:
      return null;
  }
}
