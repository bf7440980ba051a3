// Password hashing: argon2id with OWASP's first recommended setting (m=19 MiB, t=2, p=1), sized for a
// 2-core server (docs/decisions.md, "Security review of Platform II"). Hashing is bounded: a few run at
// once, a short line waits, and past that the request is told to come back (BusyError, 503 +
// Retry-After) instead of every request queueing behind the CPU.
// @node-rs/argon2 ships prebuilt binaries for each platform, so installing it compiles nothing.
import { hash, verify } from '@node-rs/argon2';
import os from 'node:os';
import { WorkLimit } from '../../lib/work-limit';

// algorithm 2 is Argon2id (the package exports it as a const enum, which isolated modules cannot read).
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
const CURRENT_PARAMETERS = `m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}`;

const cores = Math.max(1, os.availableParallelism());
/** One hash per core at a time; a line of four per core waits (a hash takes tens of milliseconds). */
export const HASHING = new WorkLimit(cores, 4 * cores, 2);

let checksRun = 0;

/** How many password checks this process has run (operators' metric; the throttle tests count with it). */
export const passwordChecksRun = () => checksRun;

export function hashPassword(password: string): Promise<string> {
  return HASHING.run(() => hash(password, OPTIONS));
}

/** A hash made with older parameters, to be replaced after the next successful check. */
export const needsRehash = (storedHash: string) => !storedHash.includes(`$${CURRENT_PARAMETERS}$`);

let dummyHash: Promise<string> | undefined;

/** Verifies a password; without a stored hash it still spends the same time, so timing reveals nothing. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= hash('not-a-real-password', OPTIONS);
  const against = storedHash ?? (await dummyHash);
  return HASHING.run(async () => {
    checksRun++;
    const ok = await verify(against, password).catch(() => false);
    return ok && Boolean(storedHash);
  });
}
