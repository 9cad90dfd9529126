import type { ImportInput, ImportResult } from '@rr/contracts';

/** A chosen file: parsed JSON, or the text of a saved page source or script. */
export type Upload = { name: string; json?: unknown; text?: string };

/** The 1688 import screen's state: the pasted text, the chosen files, the last run and its results. */
export type ImportState = {
  text: string;
  files: Upload[];
  /** Files that could not be read (empty), one message each, from the last choice. */
  fileErrors: string[];
  error: string | null;
  results: ImportResult[];
  /** The inputs of the last run, sent again when the seller confirms a re-import. */
  lastInputs: ImportInput[];
};

export const initialImportState: ImportState = {
  text: '',
  files: [],
  fileErrors: [],
  error: null,
  results: [],
  lastInputs: [],
};

export type ImportAction =
  | { type: 'text'; text: string }
  | { type: 'filesRead'; files: Upload[]; errors: string[] }
  | { type: 'removeFile'; index: number }
  /** A run or a confirmation starts: the last error goes. */
  | { type: 'sending' }
  | { type: 'failed'; message: string }
  | { type: 'imported'; results: ImportResult[]; inputs: ImportInput[] }
  /** The confirmed re-import of one offer: its result replaces the pending one. */
  | { type: 'applied'; offerId: string; result: ImportResult | undefined };

export function importReducer(state: ImportState, action: ImportAction): ImportState {
  switch (action.type) {
    case 'text':
      return { ...state, text: action.text };
    case 'filesRead':
      return { ...state, files: [...state.files, ...action.files], fileErrors: action.errors };
    case 'removeFile':
      return { ...state, files: state.files.filter((_, i) => i !== action.index) };
    case 'sending':
      return { ...state, error: null };
    case 'failed':
      return { ...state, error: action.message };
    case 'imported':
      return { ...state, results: action.results, lastInputs: action.inputs };
    case 'applied': {
      const { result } = action;
      if (!result) return state;
      return { ...state, results: state.results.map((r) => (r.offerId === action.offerId ? result : r)) };
    }
  }
}

/** A chosen file's content: JSON when it parses, else its text; null when it is empty. */
export function readUpload(name: string, body: string): Upload | null {
  try {
    return { name, json: JSON.parse(body) };
  } catch {
    // Not JSON: a saved page source or script text is sent as text.
    return body.trim() ? { name, text: body } : null;
  }
}

/** What a run sends: the pasted text (named `pasteName`) first, then every file. */
export function importInputs(text: string, files: readonly Upload[], pasteName: string): ImportInput[] {
  const inputs: ImportInput[] = [];
  if (text.trim()) inputs.push({ text, name: pasteName });
  for (const f of files) {
    inputs.push(f.text !== undefined ? { text: f.text, name: f.name } : { json: f.json, name: f.name });
  }
  return inputs;
}
