/**
 * The invitation form (issue 42): email, name and the flags to give, the message next to each field,
 * and the answer of the last invitation sent.
 */
export type InviteState = {
  email: string;
  name: string;
  flags: Record<string, boolean>;
  errors: { email?: string; name?: string };
  sent: string | null;
};

export type InviteAction =
  | { type: 'email'; value: string }
  | { type: 'name'; value: string }
  | { type: 'flag'; flag: string; on: boolean }
  | { type: 'checked'; errors: InviteState['errors'] }
  /** The invitation went out: the form empties for the next one, the server's message shown. */
  | { type: 'sent'; message: string };

export const initialInvite = (flags: Record<string, boolean> = {}): InviteState => ({
  email: '',
  name: '',
  flags,
  errors: {},
  sent: null,
});

export function inviteReducer(state: InviteState, action: InviteAction): InviteState {
  switch (action.type) {
    case 'email':
      return { ...state, email: action.value, errors: { ...state.errors, email: undefined }, sent: null };
    case 'name':
      return { ...state, name: action.value, errors: { ...state.errors, name: undefined }, sent: null };
    case 'flag': {
      const flags = { ...state.flags };
      if (action.on) flags[action.flag] = true;
      else delete flags[action.flag];
      return { ...state, flags, sent: null };
    }
    case 'checked':
      return { ...state, errors: action.errors };
    case 'sent':
      return { ...initialInvite(state.flags), sent: action.message };
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form's own check, before anything is sent: what is missing or malformed, by field. */
export function checkInvite(
  state: Pick<InviteState, 'email' | 'name'>,
  messages: { emailRequired: string; emailInvalid: string; nameRequired: string },
): InviteState['errors'] {
  const email = state.email.trim();
  return {
    ...(email === ''
      ? { email: messages.emailRequired }
      : EMAIL.test(email)
        ? {}
        : { email: messages.emailInvalid }),
    ...(state.name.trim() === '' ? { name: messages.nameRequired } : {}),
  };
}
