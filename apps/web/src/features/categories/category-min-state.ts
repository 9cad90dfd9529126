import type { CategoryLeaf } from '@rr/contracts';

/** The compact category picker's state: the search, the choice, and the last apply's outcome. */
export type CategoryMinState = {
  query: string;
  chosen: CategoryLeaf | null;
  /** The version of the product the seller was looking at: the server answers 409 if it changed since. */
  version: string | undefined;
  busy: boolean;
  error: string | null;
  /** The product changed elsewhere: read again, the choice kept, one more click applies it. */
  conflict: boolean;
};

export const initialCategoryMinState = (version: string | undefined): CategoryMinState => ({
  query: '',
  chosen: null,
  version,
  busy: false,
  error: null,
  conflict: false,
});

export type CategoryMinAction =
  | { type: 'query'; query: string }
  | { type: 'choose'; leaf: CategoryLeaf }
  | { type: 'applying' }
  | { type: 'applied' }
  | { type: 'failed'; error: string }
  /** A 409: the latest version read again (undefined when it could not be read). */
  | { type: 'conflict'; version: string | undefined };

export function categoryMinReducer(state: CategoryMinState, action: CategoryMinAction): CategoryMinState {
  switch (action.type) {
    case 'query':
      return { ...state, query: action.query };
    case 'choose':
      return { ...state, chosen: action.leaf };
    case 'applying':
      return { ...state, busy: true, error: null, conflict: false };
    case 'applied':
      return { ...state, busy: false };
    case 'failed':
      return { ...state, busy: false, error: action.error };
    case 'conflict':
      return { ...state, busy: false, version: action.version, conflict: true };
  }
}
