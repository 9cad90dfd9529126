/** The clean-up screen's state: the image chosen (a file, else an address) and whether one is missing. */
export type CleanupState = { file: File | null; url: string; missing: boolean };

export const initialCleanupState: CleanupState = { file: null, url: '', missing: false };

export type CleanupAction =
  | { type: 'file'; file: File | null }
  | { type: 'url'; url: string }
  /** The run button: `missing` says no image was given (nothing is sent then). */
  | { type: 'start' };

export function cleanupReducer(state: CleanupState, action: CleanupAction): CleanupState {
  switch (action.type) {
    case 'file':
      return { ...state, file: action.file };
    case 'url':
      return { ...state, url: action.url };
    case 'start':
      return { ...state, missing: !state.file && !state.url.trim() };
  }
}

/** What the clean-up call sends: the file (read by the caller) or the trimmed address; null when neither. */
export const cleanupSource = (s: CleanupState): { file: File } | { imgUrl: string } | null =>
  s.file ? { file: s.file } : s.url.trim() ? { imgUrl: s.url.trim() } : null;
