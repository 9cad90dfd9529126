/**
 * One editable field of the product page (saved with a partial update on Enter or blur): what the
 * seller typed, where the save is, and what the server stored. The hook (`use-editable-field.ts`)
 * does the save and keeps a draft in the tab's session storage until the server took it.
 */

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

export type EditableFieldState = {
  text: string;
  status: SaveStatus;
  /** Why the last save failed (shown under the field, with a retry). */
  error: string | null;
  /** Why the server stored something else than was typed (the document rules), after a save. */
  note: string | null;
  /** The stored text the field last followed. */
  lastStored: string;
};

export type EditableFieldAction =
  | { type: 'type'; text: string }
  /** The stored value changed under the field (another save, a reload); `hasDraft`: the seller is typing. */
  | { type: 'storedChanged'; stored: string; hasDraft: boolean }
  | { type: 'saving' }
  /** `storedText` is set when the server stored something else than `typed`, with `note` saying why. */
  | { type: 'saved'; typed: string; storedText: string | null; note: string | null }
  | { type: 'failed'; error: string };

/** The text a stored value shows as (lists joined with commas, nothing for null). */
export function storedText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** A field starts from its unsaved draft (shown as a failed save) or from the stored value. */
export function initialFieldState(
  stored: string,
  draft: string | null,
  draftError: string,
): EditableFieldState {
  return draft === null
    ? { text: stored, status: 'idle', error: null, note: null, lastStored: stored }
    : { text: draft, status: 'error', error: draftError, note: null, lastStored: stored };
}

export function editableFieldReducer(
  state: EditableFieldState,
  action: EditableFieldAction,
): EditableFieldState {
  switch (action.type) {
    case 'type':
      return { ...state, text: action.text };
    case 'storedChanged':
      if (state.lastStored === action.stored) return state;
      return { ...state, lastStored: action.stored, text: action.hasDraft ? state.text : action.stored };
    case 'saving':
      return { ...state, status: 'saving', error: null };
    case 'saved':
      return action.storedText === null
        ? { ...state, status: 'saved', note: action.note, lastStored: action.typed }
        : {
            ...state,
            status: 'saved',
            note: action.note,
            text: action.storedText,
            lastStored: action.storedText,
          };
    case 'failed':
      return { ...state, status: 'error', error: action.error };
  }
}

/** The value a save sends for the typed text: the field's own conversion, a number, or the text. */
export function valueToSave(
  text: string,
  kind: 'text' | 'number' | 'textarea',
  toSave?: (text: string) => unknown,
): unknown {
  if (toSave) return toSave(text);
  if (kind === 'number') return text === '' ? null : Number(text);
  return text;
}

/** The line under the field: saving, or saved (with why the stored value differs), else nothing. */
export function fieldHint(
  state: EditableFieldState,
  dirty: boolean,
): 'saving' | 'saved' | { note: string } | null {
  if (state.status === 'saving') return 'saving';
  if (state.status === 'saved' && !dirty) return state.note === null ? 'saved' : { note: state.note };
  return null;
}
