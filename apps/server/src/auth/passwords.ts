import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// argon2id (the library default algorithm) with OWASP's minimum memory/time parameters.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * One hash or check at a time in a process. Each takes ≈ 19 MiB and tens of ms of a core on the
 * library's threads, at the process's priority: 40 sign-ins at once (10 checked, issue 21) ran four
 * at a time on a 2-core machine and raised another company's list p99 from 7 to 23 ms. One at a
 * time leaves a core to the request loop and the database; the queue is bounded by the sign-in,
 * sign-up and reset limits per address and per e-mail (docs/decisions.md, "Password hashes one at a time").
 */
const oneAtATime = pLimit(1);

export const hashPassword = (password: string) => oneAtATime(() => hash(password, OPTIONS));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await oneAtATime(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** A valid hash to verify against when the email is unknown, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export const getDummyHash = () => {
  dummyHash ??= hashPassword('not-a-real-password');
  return dummyHash;
};

/** Hashes and checks waiting for their turn or running (for tests and figures). */
export const passwordWorkPending = () => oneAtATime.activeCount + oneAtATime.pendingCount;
