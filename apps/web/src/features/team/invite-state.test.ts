import { describe, expect, it } from 'vitest';
import { checkInvite, initialInvite, inviteReducer } from './invite-state';

const M = { emailRequired: 'E?', emailInvalid: 'E!', nameRequired: 'N?' };

describe('the invitation form (issue 42)', () => {
  it('says what is missing or malformed, by field', () => {
    expect(checkInvite({ email: '', name: '' }, M)).toEqual({ email: 'E?', name: 'N?' });
    expect(checkInvite({ email: 'not-an-email', name: '김' }, M)).toEqual({ email: 'E!' });
    expect(checkInvite({ email: ' staff@example.com ', name: '김' }, M)).toEqual({});
  });

  it('keeps only the flags ticked, clears a field’s message as it is typed, empties after sending', () => {
    let s = initialInvite({ showproduct: true });
    s = inviteReducer(s, { type: 'flag', flag: 'showRocketReg', on: true });
    s = inviteReducer(s, { type: 'flag', flag: 'showproduct', on: false });
    expect(s.flags).toEqual({ showRocketReg: true });
    s = inviteReducer(s, { type: 'checked', errors: { email: 'E?' } });
    s = inviteReducer(s, { type: 'email', value: 'a@b.co' });
    expect(s.errors.email).toBeUndefined();
    s = inviteReducer(s, { type: 'name', value: '김' });
    s = inviteReducer(s, { type: 'sent', message: '보냈습니다' });
    expect(s).toMatchObject({ email: '', name: '', sent: '보냈습니다', flags: { showRocketReg: true } });
  });
});
