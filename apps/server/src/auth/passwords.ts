import { hash, verify } from '@node-rs/argon2';

// argon2id (the library default algorithm) with OWASP's minimum memory/time parameters.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
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
