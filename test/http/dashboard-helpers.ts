// Test data for the dashboard tests (HTTP and browser): a profile with every checklist item met,
// client users, appointments and a conversation; and such a provider signed in with the caches live.
import type { Knex } from 'knex';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, signIn } from '../support/http';
import { firstTagIds } from './onboarding-helpers';

/** Fills every checklist item of a profile (spec 2 §2), one top specialty included; calendar open, vetted. */
export async function completeProfile(
  db: Knex,
  providerId: number,
  type: 'individual' | 'practice' = 'individual',
): Promise<void> {
  const types = ['professions', 'languages', 'clientele', 'approaches', ...(type === 'individual' ? ['degrees'] : [])];
  for (const tagType of types) {
    for (const tagId of await firstTagIds(db, tagType, 1))
      await db('taggings').insert({ provider_id: providerId, tag_id: tagId });
  }
  const specialties = await firstTagIds(db, 'specialties', 3);
  await db('taggings').insert(
    specialties.map((tagId, i) => ({ provider_id: providerId, tag_id: tagId, is_top: i === 0 })),
  );
  await db('locations').insert({ provider_id: providerId, state: 'NY', remote_location: true });
  await db('licenses').insert({
    provider_id: providerId,
    state: 'NY',
    number: 'LCSW 1234',
    license_type: 'LCSW',
    expiration: 2030,
  });
  await db('providers')
    .where({ id: providerId })
    .update({
      phone_number: '+12125550100',
      contact_email: 'office@example.test',
      image_key: `headshots/${providerId}.jpg`,
      custom_content: JSON.stringify({
        session_fee_ongoing: 150,
        session_length_ongoing: 50,
        vetting_status: 'vetted',
        education_v2: [{ institution: 'NYU', degree: 'MSW', completion: '2012' }],
      }),
      calendar_open: true,
    });
}

/** A client user (scope client) with a name and phone, for appointments and conversations. */
export async function clientUser(db: Knex, firstName: string, lastName: string): Promise<number> {
  const [row] = await db('users')
    .insert({
      email: `${firstName.toLowerCase()}${Math.random().toString(36).slice(2, 8)}@client.test`,
      first_name: firstName,
      last_name: lastName,
      phone_number: '+12125550199',
      scopes: ['client'],
    })
    .returning('id');
  return Number(row.id);
}

export const minutes = (n: number) => n * 60_000;

/** A 30-minute phone consultation. */
export async function appointment(
  db: Knex,
  providerId: number,
  clientUserId: number | null,
  start: Date,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const [row] = await db('appointments')
    .insert({
      provider_id: providerId,
      client_user_id: clientUserId,
      start_time: start,
      end_time: new Date(start.getTime() + minutes(30)),
      ...extra,
    })
    .returning('id');
  return Number(row.id);
}

/** A conversation with one client message, unread unless readAt is given. */
export async function conversation(
  db: Knex,
  providerId: number,
  clientUserId: number,
  text: string,
  readAt: Date | null = null,
): Promise<number> {
  const [row] = await db('conversations')
    .insert({ provider_id: providerId, client_user_id: clientUserId, last_message_at: new Date() })
    .returning('id');
  await db('messages').insert({
    conversation_id: row.id,
    provider_id: providerId,
    client_user_id: clientUserId,
    sender: 'client',
    message_content: text,
    read_at: readAt,
  });
  return Number(row.id);
}

/** A fixed-offset zone in which it is now about noon, so "later today" and "tomorrow" never cross midnight. */
export function noonZone(now = new Date()): string {
  const offset = 12 - now.getUTCHours(); // -11 … +12
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/**
 * A paying provider, Robin Hale, whose dashboard shows everything, signed in once the change feed is live
 * (only then are reads and pages kept in memory).
 */
export async function signedInWithCaching() {
  const user = await createProviderUser(ctx().db, {
    paid: true,
    providers: [{ status: 'active', firstName: 'Robin', lastName: 'Hale' }],
  });
  await completeProfile(ctx().db, user.providerIds[0]!, 'individual');
  const client = agent();
  await signIn(client, user.email);
  await ctx().changes.whenLive();
  return { user, client, providerId: user.providerIds[0]! };
}
