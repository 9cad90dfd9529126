import { describe, expect, it } from 'vitest';
import { validatePartialUpdate } from './validate-requests.ts';

const codeOf = (r: { ok: boolean; issues?: { code: string }[] }) => (r.ok ? 'ok' : r.issues?.[0]?.code);

describe('validatePartialUpdate (W §5)', () => {
  it.each([
    [validatePartialUpdate('p1', { 'options.0.mainImageStatus': { status: 'completed' } }), 'ok'],
    [validatePartialUpdate('p1', {}), 'partialUpdateInvalid'],
    [validatePartialUpdate('', { a: 1 }), 'partialUpdateInvalid'],
    [validatePartialUpdate('p1', null), 'partialUpdateInvalid'],
    [validatePartialUpdate(7, { a: 1 }), 'partialUpdateInvalid'],
    [validatePartialUpdate('p1', [{ a: 1 }]), 'partialUpdateInvalid'],
  ])('%# → %s', (result, code) => expect(codeOf(result as never)).toBe(code));

  it('uses the Korean message', () => {
    const r = validatePartialUpdate('p1', {});
    expect(r.ok ? '' : r.issues[0]?.message).toBe('상품 ID와 변경할 항목이 하나 이상 필요합니다.');
  });
});
