// One password check under the sign-in throttles, shared by sign-in, sign-up from a client login and
// the "current password" fields of Account Settings. The throttle points are taken before argon2 runs
// and given back when the password is right, so concurrent guesses cannot slip past the limits. A right
// password does not empty the counter: wrong guesses count for their whole window.
import type { Knex } from 'knex';
import { needsRehash, hashPassword, verifyPassword } from './passwords';
import * as repo from './repo';
import type { Throttles } from './throttle';

/** How long an attempt from an address the account knows waits once that address is past its ceiling. */
export const KNOWN_PLACE_SLOWDOWN_MS = 2_000;

export type PasswordAttempt =
  | { outcome: 'throttled' }
  | { outcome: 'wrong'; user: repo.UserRow | undefined; lockedBy: 'email' | 'ip' | null }
  | { outcome: 'right'; user: repo.UserRow };

export async function attemptPassword(
  deps: { db: Knex; throttles: Throttles },
  input: { email: string; password: string; ip?: string },
): Promise<PasswordAttempt> {
  const { db, throttles } = deps;
  const byEmail = await throttles.signInByEmail.take(input.email);
  if (!byEmail.allowed) return { outcome: 'throttled' };
  const user = await repo.findUserByEmail(db, input.email);

  let byIp: { allowed: boolean; reachedLimit: boolean } | null = null;
  if (input.ip !== undefined) {
    if (user && (await repo.hasSignedInFrom(db, user.id, input.ip))) {
      // A shared office address past its ceiling slows its own people down rather than locking them out.
      if (await throttles.signInByIp.exceeded(input.ip))
        await new Promise((resolve) => setTimeout(resolve, KNOWN_PLACE_SLOWDOWN_MS));
    } else {
      byIp = await throttles.signInByIp.take(input.ip);
      if (!byIp.allowed) {
        await throttles.signInByEmail.giveBack(input.email); // nothing was checked against the account
        return { outcome: 'throttled' };
      }
    }
  }

  let right: boolean;
  try {
    right = await verifyPassword(user?.password_hash, input.password);
  } catch (error) {
    // Not checked (hashing is busy): the attempt does not count.
    await throttles.signInByEmail.giveBack(input.email);
    if (byIp && input.ip !== undefined) await throttles.signInByIp.giveBack(input.ip);
    throw error;
  }
  if (!right || !user) {
    return { outcome: 'wrong', user, lockedBy: byEmail.reachedLimit ? 'email' : byIp?.reachedLimit ? 'ip' : null };
  }
  // Only the right password's own point goes back. Emptying the counter here would let a burst of
  // guesses still arriving be checked afresh (9 of 50 instead of 5); earlier failures age out with the window.
  await throttles.signInByEmail.giveBack(input.email);
  if (byIp && input.ip !== undefined) await throttles.signInByIp.giveBack(input.ip);
  if (needsRehash(user.password_hash!))
    await repo.updateUser(db, user.id, { password_hash: await hashPassword(input.password) });
  return { outcome: 'right', user };
}
