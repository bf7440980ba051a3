// The only knex calls of the benefit pages: the profile's states, videos and referral code.
import type { Knex } from 'knex';
import { licenseStatesQuery } from '../licenses';
import { locationStatesQuery } from '../locations';
import { readCustomContent } from '../profile-content';

type Db = Knex | Knex.Transaction;

/** States the provider practises in: its locations' and its licences' states. */
export async function practiceStates(db: Db, providerId: number): Promise<string[]> {
  const rows: { state: string }[] = await locationStatesQuery(db, providerId).union(licenseStatesQuery(db, providerId));
  return rows.map((r) => r.state.toUpperCase());
}

export async function videos(db: Db, providerId: number): Promise<unknown[]> {
  const videos = (await readCustomContent(db, providerId))?.videos;
  return Array.isArray(videos) ? videos : [];
}

export async function referralCode(db: Db, providerId: number): Promise<string> {
  const row = await db('providers').where({ id: providerId }).first('referral_code');
  return row!.referral_code as string;
}

/** Profiles created through a signup link carrying this code (providers.signup_source "referral:CODE"). */
export async function countReferred(db: Db, code: string): Promise<number> {
  const row = await db('providers')
    .where({ signup_source: `referral:${code}` })
    .count<{ count: number }[]>({ count: '*' })
    .first();
  return row?.count ?? 0;
}
