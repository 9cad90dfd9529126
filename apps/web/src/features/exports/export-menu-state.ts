import type { ProductPreflight, SheetImportResponse } from '@rr/contracts';

/** What the export menu runs for the selected products. */
export type ExportKind = 'preflight' | 'supplierHub' | 'rocketGrowth' | 'xlsx';

export type ExportDialog =
  | { kind: 'preflight'; products: ProductPreflight[]; notice?: string }
  | { kind: 'import' }
  | { kind: 'settings' }
  | null;

/** The export menu's state: the export running, the dialog open, the last outcome line. */
export type ExportMenuState = {
  busy: ExportKind | null;
  dialog: ExportDialog;
  message: { color: 'green' | 'red'; text: string } | null;
};

export const initialExportMenuState: ExportMenuState = { busy: null, dialog: null, message: null };

export type ExportMenuAction =
  | { type: 'start'; kind: ExportKind }
  /** An export saved its file: the green line says how many. */
  | { type: 'exported'; text: string }
  /** The pre-flight's findings (asked for, or an export it stopped: `notice` says so). */
  | { type: 'preflight'; products: ProductPreflight[]; notice?: string }
  | { type: 'failed'; text: string }
  | { type: 'open'; dialog: 'import' | 'settings' }
  | { type: 'close' };

export function exportMenuReducer(state: ExportMenuState, action: ExportMenuAction): ExportMenuState {
  switch (action.type) {
    case 'start':
      return { ...state, busy: action.kind, message: null };
    case 'exported':
      return { ...state, busy: null, message: { color: 'green', text: action.text } };
    case 'preflight':
      return {
        ...state,
        busy: null,
        dialog: {
          kind: 'preflight',
          products: action.products,
          ...(action.notice ? { notice: action.notice } : {}),
        },
      };
    case 'failed':
      return { ...state, busy: null, message: { color: 'red', text: action.text } };
    case 'open':
      return { ...state, dialog: { kind: action.dialog } };
    case 'close':
      return { ...state, dialog: null };
  }
}

/** The sheet import dialog: the chosen file, and the last answer or error. */
export type SheetImportState = {
  file: File | null;
  result: SheetImportResponse | null;
  error: string | null;
};

export const initialSheetImportState: SheetImportState = { file: null, result: null, error: null };

export type SheetImportAction =
  | { type: 'file'; file: File | null }
  | { type: 'sending' }
  | { type: 'imported'; result: SheetImportResponse }
  /** A refused sheet saved nothing: `result` shows what was refused and what was held back. */
  | { type: 'failed'; error: string; result: SheetImportResponse | null };

export function sheetImportReducer(state: SheetImportState, action: SheetImportAction): SheetImportState {
  switch (action.type) {
    case 'file':
      return { ...state, file: action.file };
    case 'sending':
      return { ...state, result: null, error: null };
    case 'imported':
      return { ...state, result: action.result };
    case 'failed':
      return { ...state, error: action.error, result: action.result };
  }
}

/** The file name's time stamp: 20261125T101500 → 20261125101500. */
export const stamp = (now: Date) => now.toISOString().slice(0, 19).replace(/[-:T]/g, '');
