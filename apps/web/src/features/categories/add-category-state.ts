/** The add-category screen's state: the code, the path, the pasted metadata, and the last outcome. */
export type AddCategoryState = {
  code: string | number;
  path: string;
  /** The Coupang category-metadata answer as JSON text (pasted or read from a file). */
  text: string;
  error: string | null;
  saved: { code: number; message: string } | null;
};

export const initialAddCategoryState: AddCategoryState = {
  code: '',
  path: '',
  text: '',
  error: null,
  saved: null,
};

export type AddCategoryAction =
  | { type: 'edit'; patch: Partial<Pick<AddCategoryState, 'code' | 'path' | 'text'>> }
  /** A save starts: the last outcome goes. */
  | { type: 'sending' }
  | { type: 'failed'; error: string }
  | { type: 'saved'; code: number; message: string };

export function addCategoryReducer(state: AddCategoryState, action: AddCategoryAction): AddCategoryState {
  switch (action.type) {
    case 'edit':
      return { ...state, ...action.patch };
    case 'sending':
      return { ...state, error: null, saved: null };
    case 'failed':
      return { ...state, error: action.error };
    case 'saved':
      return { ...state, saved: { code: action.code, message: action.message } };
  }
}

/** What the form would send, or the i18n key (and values) of why not. */
export type AddCategoryCheck =
  | { ok: true; code: number; path: string | undefined; meta: unknown }
  | { ok: false; error: 'add.needCode' | 'add.needMeta' }
  | { ok: false; error: 'add.invalidJson'; message: string };

export function checkAddCategory(state: Pick<AddCategoryState, 'code' | 'path' | 'text'>): AddCategoryCheck {
  const code = Number(state.code);
  if (!Number.isInteger(code) || code <= 0) return { ok: false, error: 'add.needCode' };
  if (!state.text.trim()) return { ok: false, error: 'add.needMeta' };
  try {
    const meta: unknown = JSON.parse(state.text);
    return { ok: true, code, path: state.path.trim() || undefined, meta };
  } catch (e) {
    return { ok: false, error: 'add.invalidJson', message: e instanceof Error ? e.message : String(e) };
  }
}
