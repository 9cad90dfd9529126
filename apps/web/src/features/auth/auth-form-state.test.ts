import { describe, expect, it } from 'vitest';
import { authFormReducer, initialAuthForm } from './auth-form-state';

type Field = 'email' | 'password';
const init = initialAuthForm<Field>({ email: '', password: '' });
const reduce = authFormReducer<Field>;

describe('sign-in form state', () => {
  it("typing sets the field and clears only that field's message", () => {
    let s = reduce(init, {
      type: 'checked',
      errors: { email: '이메일을 입력해주세요.', password: '비밀번호를 입력해주세요.' },
    });
    s = reduce(s, { type: 'set', field: 'email', value: 'a@b.kr' });
    expect(s.values).toEqual({ email: 'a@b.kr', password: '' });
    expect(s.errors).toEqual({ password: '비밀번호를 입력해주세요.' });
  });

  it('fill (the demo account) sets several fields and clears every message', () => {
    const s = reduce(reduce(init, { type: 'checked', errors: { email: 'x' } }), {
      type: 'fill',
      values: { email: 'demo@example.com', password: 'demo1234' },
    });
    expect(s).toMatchObject({ values: { email: 'demo@example.com', password: 'demo1234' }, errors: {} });
  });

  it('checked with messages does not start the request; without, it does and clears the form message', () => {
    const failed = reduce(init, { type: 'failed', formError: '이메일 또는 비밀번호가 올바르지 않습니다.' });
    expect(reduce(failed, { type: 'checked', errors: { email: '형식' } })).toMatchObject({
      busy: false,
      formError: null,
    });
    expect(reduce(failed, { type: 'checked', errors: {} })).toMatchObject({ busy: true, formError: null });
  });

  it('failed ends the request with the form message or messages next to fields', () => {
    const busy = reduce(init, { type: 'checked', errors: {} });
    expect(reduce(busy, { type: 'failed', formError: '서버 오류' })).toMatchObject({
      busy: false,
      formError: '서버 오류',
    });
    expect(reduce(busy, { type: 'failed', errors: { email: '이미 가입된 이메일입니다.' } })).toMatchObject({
      busy: false,
      formError: null,
      errors: { email: '이미 가입된 이메일입니다.' },
    });
  });

  it('finished ends the request; done keeps the success message', () => {
    const busy = reduce(init, { type: 'checked', errors: {} });
    expect(reduce(busy, { type: 'finished' }).busy).toBe(false);
    expect(reduce(busy, { type: 'done', message: '비밀번호를 변경했습니다.' })).toMatchObject({
      busy: false,
      done: '비밀번호를 변경했습니다.',
    });
  });
});
