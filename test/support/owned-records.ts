// One record of every kind a route's path names (a location, a group, a conversation, a card...), made
// for a given user: the walks over the route table (cross-account ids, bad input) fill paths with them.
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { publicSessionId } from '../../server/http/device-sessions';
import { billedAccount } from './billing';
import type { MadeUser } from './factories';

/** Path parameters that name a record of an account, and the record of the given user they are filled with. */
export type Records = Record<string, string>;
export const OWNED_PARAMS: Record<string, (records: Records) => string> = {
  providerId: (r) => r.providerId!,
  id: (r) => r.providerId!, // /profiles/:id/selection
  accountId: (r) => r.accountId!,
  locationId: (r) => r.locationId!,
  entryId: (r) => r.entryId!, // custom approaches and specialties
  groupId: (r) => r.groupId!,
  testimonialId: (r) => r.testimonialId!,
  memberId: (r) => r.memberId!, // a clinician profile of the user's practice
  unregisteredId: (r) => r.unregisteredId!,
  imageId: (r) => r.imageId!,
  paymentMethodId: (r) => r.paymentMethodId!, // Plan Management: the account's card, invoice and charge
  invoiceId: (r) => r.invoiceId!,
  chargeId: (r) => r.chargeId!,
  subscriptionId: (r) => r.subscriptionId!, // switch to monthly, the upcoming invoice
  appointmentId: (r) => r.appointmentId!, // a phone consultation of the provider
  eventId: (r) => r.eventId!, // an availability block of the provider's calendar
  calendarId: (r) => r.calendarId!, // an external calendar (an ICS feed) of the provider
  clientId: (r) => r.clientId!, // a client in conversation with the provider (messages, the practice inbox)
  messageId: (r) => r.messageId!, // a message of that conversation
  userId: (r) => r.userId!, // a person of the account's team (/practice/team/members/:userId)
  invitationId: (r) => r.invitationId!, // a pending team invitation of the account
  replyId: (r) => r.replyId!, // a saved reply of the account (/practice-inbox/saved-replies/:replyId)
  sessionId: (r) => r.sessionId!, // a signed-in device of the user (/account-preferences/sessions/:sessionId/sign-out)
  passkeyId: (r) => r.passkeyId!, // a passkey of the user (/account-preferences/passkeys/:passkeyId)
};

/**
 * One record of every kind a path names, for the user's profiles: the practice profile (when there is
 * one) holds them, and the user's other profile is made a member of that practice.
 */
export async function makeRecords(db: Knex, user: MadeUser): Promise<Records> {
  const profiles: { id: number; type: string }[] = await db('providers')
    .whereIn('id', user.providerIds)
    .orderBy('id')
    .select('id', 'type');
  const owner = profiles.find((p) => p.type === 'practice') ?? profiles[0]!;
  const member = profiles.find((p) => p.id !== owner.id);
  if (member) await db('providers').where({ id: member.id }).update({ practice_id: owner.id, practice_sort_order: 1 });
  const entryId = `entry-${owner.id}`;
  await db('providers')
    .where({ id: owner.id })
    .update({
      custom_content: db.raw(`custom_content || ?::jsonb`, [
        JSON.stringify({
          custom_specialties: [{ id: entryId, name: 'Specialty', description: 'A specialty' }],
          custom_approaches: [{ id: entryId, name: 'Approach', description: 'An approach' }],
        }),
      ]),
    });
  const flags = {
    morning_availability: false,
    daytime_availability: false,
    afternoon_availability: false,
    evening_availability: false,
    weekend_availability: false,
  };
  const [location] = await db('locations')
    .insert({
      provider_id: owner.id,
      state: 'NY',
      remote_location: true,
      accepting_patients: 40,
      display_address: false,
      ada_accessible: false,
      in_home: false,
      ...flags,
    })
    .returning('id');
  const [group] = await db('therapy_groups')
    .insert({
      provider_id: owner.id,
      name: 'Group',
      slug: `group-${owner.id}`,
      status: 'inactive',
      remote_location: true,
    })
    .returning('id');
  const [testimonial] = await db('feedback')
    .insert({ provider_id: owner.id, kind: 'testimonial', body: 'Kind words', display_testimonial: false })
    .returning('id');
  const [unregistered] = await db('unregistered_practice_providers')
    .insert({ provider_id: owner.id, first_name: 'Una', last_name: 'Listed', sort_order: 1 })
    .returning('id');
  const [image] = await db('images')
    .insert({ provider_id: owner.id, kind: 'gallery', storage_key: `gallery-${owner.id}.jpg`, sort_order: 1 })
    .returning('id');
  const [appointment] = await db('appointments')
    .insert({
      provider_id: owner.id,
      start_time: new Date(Date.now() + 86_400_000),
      end_time: new Date(Date.now() + 88_200_000),
    })
    .returning('id');
  // The call calendar: attached, with one free block and one ICS feed.
  await db('providers').where({ id: owner.id }).update({ has_calendar: true, calendar_open: true });
  const [event] = await db('availability_events')
    .insert({
      provider_id: owner.id,
      start_time: new Date(Date.now() + 90_000_000),
      end_time: new Date(Date.now() + 93_600_000),
      duration_in_minutes: 60,
    })
    .returning('id');
  const [feed] = await db('external_calendars')
    .insert({ provider_id: owner.id, kind: 'ics', name: 'Feed', url: `https://calendar.example.com/${owner.id}.ics` })
    .returning('id');
  // Messaging: a client's conversation with the provider, with one message from each side.
  const [clientUser] = await db('users')
    .insert({ email: `client-of-${owner.id}@client.test`, first_name: 'Cleo', last_name: 'Client', scopes: ['client'] })
    .returning('id');
  const [conversation] = await db('conversations')
    .insert({ provider_id: owner.id, client_user_id: clientUser.id, last_message_at: new Date() })
    .returning('id');
  const [message] = await db('messages')
    .insert([
      {
        conversation_id: conversation.id,
        provider_id: owner.id,
        client_user_id: clientUser.id,
        sender: 'provider',
        message_content: 'Hello',
        vob_data: JSON.stringify({ status: 'pending_rerun' }),
      },
      {
        conversation_id: conversation.id,
        provider_id: owner.id,
        client_user_id: clientUser.id,
        sender: 'client',
        message_content: 'Hi',
      },
    ])
    .returning('id');
  // Billing: the account's paid membership on the local card server, mirrored (its card, invoice and charge).
  const customer = (await db('billing_customers').where({ account_id: user.accountId }).first('id')) ?? {
    id: (await billedAccount(user.accountId, user.providerIds)).customerId,
  };
  const card = (await db('billing_payment_methods').where({ customer_id: customer.id }).first('id'))!;
  const invoice = (await db('billing_invoices').where({ customer_id: customer.id }).first('id'))!;
  const charge = (await db('billing_charges').where({ customer_id: customer.id }).first('id'))!;
  const subscription = (await db('billing_subscriptions').where({ customer_id: customer.id }).first('id'))!;
  const [invitation] = await db('invite_tokens')
    .insert({
      token_hash: `team-invite-${user.accountId}`,
      account_id: user.accountId,
      role: 'intake-coordinator',
      email: `invited-${user.accountId}@example.test`,
      expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning('id');
  const [savedReply] = await db('saved_replies')
    .insert({ account_id: user.accountId, title: `Welcome ${user.accountId}`, body: 'Hi {{client_first_name}}' })
    .returning('id');
  // A signed-in session of the user on another device, as the session store keeps it.
  const sid = crypto.randomBytes(24).toString('base64url');
  const now = Date.now();
  await db('sessions').insert({
    sid,
    sess: JSON.stringify({ cookie: {}, passport: { user: user.userId }, signedInAt: now, lastSeenAt: now }),
    expire: new Date(now + 60 * 60 * 1000),
  });
  // A passkey of the user (the key is not a real one: only its owner matters here).
  const [passkey] = await db('user_passkeys')
    .insert({
      user_id: user.userId,
      credential_id: crypto.randomBytes(16).toString('base64url'),
      public_key: crypto.randomBytes(77),
      name: 'Owned passkey',
    })
    .returning('id');
  return {
    passkeyId: String(passkey.id),
    sessionId: publicSessionId(sid),
    replyId: String(savedReply.id),
    userId: String(user.userId),
    invitationId: String(invitation.id),
    paymentMethodId: card.id,
    invoiceId: invoice.id,
    chargeId: charge.id,
    subscriptionId: subscription.id,
    providerId: String(owner.id),
    accountId: String(user.accountId),
    entryId,
    memberId: String(member?.id ?? owner.id),
    locationId: String(location.id),
    groupId: String(group.id),
    testimonialId: String(testimonial.id),
    unregisteredId: String(unregistered.id),
    imageId: String(image.id),
    appointmentId: String(appointment.id),
    eventId: String(event.id),
    calendarId: String(feed.id),
    clientId: String(clientUser.id),
    messageId: String(message.id),
  };
}
