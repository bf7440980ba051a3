// Password hashing: argon2id with OWASP-recommended parameters (19 MiB, t=2, p=1 is the floor; we use more).
// @node-rs/argon2 ships prebuilt binaries for each platform, so installing it compiles nothing.
import { hash, verify } from '@node-rs/argon2';

// algorithm 2 is Argon2id (the package exports it as a const enum, which isolated modules cannot read).
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 65536, timeCost: 3, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/** Verifies a password; without a stored hash it still spends the same time, so timing reveals nothing. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
