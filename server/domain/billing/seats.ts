// Membership seats (spec 3 §4, §9): which price a provider's seat takes, and whether the provider
// already holds a live one (then nothing new is started for it).
import type { Knex } from 'knex';
import { membershipPriceFor, seatKindOf } from './catalog';

/** The membership seat a provider takes: the special (NY/CA) price when one of its locations is there (spec 3 §9). */
export async function seatOf(db: Knex, providerId: number): Promise<'ny' | 'non_ny'> {
  const states: string[] = await db('locations')
    .where({ provider_id: providerId })
    .whereNotNull('state')
    .pluck('state');
  return seatKindOf(membershipPriceFor(states).lookupKey) === 'ny' ? 'ny' : 'non_ny';
}

/** Whether a provider already holds a live seat (paid or still being paid). */
export async function hasLiveSeat(db: Knex, providerId: number): Promise<boolean> {
  return Boolean(
    await db('provider_paid_seats').where({ provider_id: providerId }).whereNull('canceled_at').first('provider_id'),
  );
}

/**
 * The status of the membership holding the provider's live seat when its payment failed: a declined
 * renewal (past due or unpaid) or a first payment that never went through (incomplete); else null.
 */
export async function seatAwaitsPayment(db: Knex, providerId: number): Promise<string | null> {
  const row = await db('provider_paid_seats as seat')
    .join('billing_subscriptions as s', 's.id', 'seat.subscription_id')
    .where({ 'seat.provider_id': providerId })
    .whereNull('seat.canceled_at')
    .whereIn('s.status', ['past_due', 'unpaid', 'incomplete'])
    .first('s.status');
  return row?.status ?? null;
}

/** The provider's answer to "is one of our photographers near you?" (spec 3 §9), asked once before paying; null: not asked yet. */
export async function photographerAnswerOf(db: Knex, providerId: number): Promise<string | null> {
  const row = await db('providers').where({ id: providerId }).first('photographer_availability');
  return row?.photographer_availability ?? null;
}

export async function savePhotographerAnswer(db: Knex, providerId: number, answer: string): Promise<void> {
  await db('providers').where({ id: providerId }).update({ photographer_availability: answer });
}
