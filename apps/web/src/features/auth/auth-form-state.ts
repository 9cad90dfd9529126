import { type ChangeEvent, useReducer } from 'react';
import type { FieldErrors } from './validate';

/**
 * The sign-in forms' state (sign in, sign up, reset, forgot, unlock): the typed values, the message
 * next to each field, the form's own message, the request running, and the success message.
 */
export type AuthFormState<F extends string> = {
  values: Record<F, string>;
  errors: FieldErrors<F>;
  formError: string | null;
  busy: boolean;
  done: string | null;
};

export type AuthFormAction<F extends string> =
  /** Typing in a field clears its message. */
  | { type: 'set'; field: F; value: string }
  /** Several fields at once (the demo account): every message goes. */
  | { type: 'fill'; values: Partial<Record<F, string>> }
  /** The form's own check: with no message the request starts. */
  | { type: 'checked'; errors: FieldErrors<F> }
  /** The request failed: the form's message, or messages next to fields (the server named them). */
  | { type: 'failed'; formError?: string; errors?: FieldErrors<F> }
  | { type: 'finished' }
  | { type: 'done'; message: string };

export const initialAuthForm = <F extends string>(values: Record<F, string>): AuthFormState<F> => ({
  values,
  errors: {},
  formError: null,
  busy: false,
  done: null,
});

export const hasFieldErrors = <F extends string>(errors: FieldErrors<F>): boolean =>
  Object.values(errors).some((m) => m !== undefined);

export function authFormReducer<F extends string>(
  state: AuthFormState<F>,
  action: AuthFormAction<F>,
): AuthFormState<F> {
  switch (action.type) {
    case 'set': {
      const errors: FieldErrors<F> = { ...state.errors };
      delete errors[action.field];
      const values: Record<F, string> = { ...state.values };
      values[action.field] = action.value;
      return { ...state, values, errors };
    }
    case 'fill':
      return { ...state, values: { ...state.values, ...action.values }, errors: {} };
    case 'checked':
      return { ...state, errors: action.errors, formError: null, busy: !hasFieldErrors(action.errors) };
    case 'failed':
      return {
        ...state,
        busy: false,
        formError: action.formError ?? null,
        ...(action.errors ? { errors: action.errors } : {}),
      };
    case 'finished':
      return { ...state, busy: false };
    case 'done':
      return { ...state, busy: false, done: action.message };
  }
}

/** A sign-in form's state machine, and the props that bind one field to it. */
export function useAuthForm<F extends string>(values: Record<F, string>) {
  const [state, dispatch] = useReducer(authFormReducer<F>, values, initialAuthForm);
  const field = (key: F) => ({
    value: state.values[key],
    error: state.errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) =>
      dispatch({ type: 'set', field: key, value: e.currentTarget.value }),
  });
  return { state, dispatch, field };
}
