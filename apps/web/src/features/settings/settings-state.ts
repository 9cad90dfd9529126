import type { AiProvider } from '@rr/contracts';
import type { SettingsErrors, SettingsForm } from './validate';

type FieldsOf<V> = { [K in keyof SettingsForm]: SettingsForm[K] extends V ? K : never }[keyof SettingsForm];
/** The form's text fields (numbers are edited as text) and its check boxes. */
export type TextField = FieldsOf<string> & Exclude<keyof SettingsForm, 'aiProvider'>;
export type CheckField = Exclude<FieldsOf<boolean>, 'hasGeminiAPIKey' | 'hasOpenaiAPIKey'>;

export const AI_PROVIDERS: readonly AiProvider[] = ['offline', 'gemini', 'openai'];

/** The settings screen's state: the form (null until loaded), its errors, the save and the reprice offer. */
export type SettingsState = {
  form: SettingsForm | null;
  errors: SettingsErrors;
  save: { kind: 'idle' | 'saving' } | { kind: 'saved' | 'error'; message: string };
  /** After a save that changed a pricing input: the offer to reprice every product. */
  reprice: { kind: 'hidden' | 'offer' | 'running' } | { kind: 'done' | 'error'; message: string };
};

export const initialSettingsState: SettingsState = {
  form: null,
  errors: {},
  save: { kind: 'idle' },
  reprice: { kind: 'hidden' },
};

export type SettingsAction =
  /** The stored settings arrived: they fill the form once (later reads keep what the seller typed). */
  | { type: 'loaded'; form: SettingsForm }
  | { type: 'text'; field: TextField; value: string }
  | { type: 'check'; field: CheckField; value: boolean }
  | { type: 'provider'; value: AiProvider }
  | { type: 'invalid'; errors: SettingsErrors; message: string }
  | { type: 'saving' }
  /** Saved: the form shows the stored values; `pricingChanged` offers the reprice. */
  | { type: 'saved'; form: SettingsForm; message: string; pricingChanged: boolean }
  /** The save failed: the form keeps what the seller typed. */
  | { type: 'saveFailed'; message: string }
  | { type: 'repricing' }
  | { type: 'repriced'; message: string }
  | { type: 'repriceFailed'; message: string }
  | { type: 'repriceLater' };

function edit<K extends keyof SettingsForm>(
  state: SettingsState,
  field: K,
  value: SettingsForm[K],
): SettingsState {
  if (!state.form) return state;
  const form: SettingsForm = { ...state.form };
  form[field] = value;
  const errors = { ...state.errors };
  delete errors[field];
  return { ...state, form, errors };
}

export function settingsReducer(state: SettingsState, action: SettingsAction): SettingsState {
  switch (action.type) {
    case 'loaded':
      return state.form ? state : { ...state, form: action.form };
    case 'text':
      return edit(state, action.field, action.value);
    case 'check':
      return edit(state, action.field, action.value);
    case 'provider':
      return edit(state, 'aiProvider', action.value);
    case 'invalid':
      return { ...state, errors: action.errors, save: { kind: 'error', message: action.message } };
    case 'saving':
      return { ...state, errors: {}, save: { kind: 'saving' } };
    case 'saved':
      return {
        ...state,
        form: action.form,
        save: { kind: 'saved', message: action.message },
        reprice: action.pricingChanged ? { kind: 'offer' } : state.reprice,
      };
    case 'saveFailed':
      return { ...state, save: { kind: 'error', message: action.message } };
    case 'repricing':
      return { ...state, reprice: { kind: 'running' } };
    case 'repriced':
      return { ...state, reprice: { kind: 'done', message: action.message } };
    case 'repriceFailed':
      return { ...state, reprice: { kind: 'error', message: action.message } };
    case 'repriceLater':
      return { ...state, reprice: { kind: 'hidden' } };
  }
}

/** The provider a radio value names, or null. */
export const providerOf = (v: string): AiProvider | null => AI_PROVIDERS.find((p) => p === v) ?? null;
