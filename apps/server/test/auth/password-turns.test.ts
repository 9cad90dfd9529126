import { describe, expect, it, vi } from 'vitest';

// Issue 21: 40 sign-ins at once ran their password checks four at a time beside the request loop.
// Hashes and checks now take one turn each in a process; a check that fails still gives its turn up.

const argon = vi.hoisted(() => ({ running: 0, most: 0, calls: 0 }));
vi.mock('@node-rs/argon2', () => {
  const work = async <T>(answer: () => T): Promise<T> => {
    argon.calls++;
    argon.running++;
    argon.most = Math.max(argon.most, argon.running);
    await new Promise((r) => setTimeout(r, 5));
    argon.running--;
    return answer();
  };
  return {
    hash: (password: string) => work(() => `hash-of-${password}`),
    verify: (hashed: string, password: string) =>
      work(() => {
        if (hashed === 'broken') throw new Error('not a hash');
        return hashed === `hash-of-${password}`;
      }),
  };
});

const { hashPassword, passwordWorkPending, verifyPassword } = await import('../../src/auth/passwords.ts');

describe('password hashes and checks', () => {
  it('run one at a time, every caller answered, a broken hash answering false', async () => {
    const checks = Array.from({ length: 10 }, (_, i) =>
      verifyPassword(i === 3 ? 'broken' : 'hash-of-right', i % 2 ? 'right' : 'wrong'),
    );
    const hashes = [hashPassword('a'), hashPassword('b')];
    expect(passwordWorkPending()).toBe(12);
    const answers = await Promise.all(checks);
    expect(await Promise.all(hashes)).toEqual(['hash-of-a', 'hash-of-b']);
    expect(answers).toEqual([false, true, false, false, false, true, false, true, false, true]);
    expect(argon.calls).toBe(12);
    expect(argon.most).toBe(1);
    expect(passwordWorkPending()).toBe(0);
  });
});
