// Full Client List (spec 3 §2, §3 "Client list item", §6 "Inactive profiles cannot ... see referral
// lists", §9 page size 10): /client-list for a profile with a calendar, /client-referrals for one without.
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { ctx } from '../support/context';
import { createProviderUser, type MadeUser, type ProviderSpec } from '../support/factories';
import { type Agent, agent, mainTextOf, signIn } from '../support/http';

async function signedIn(providers: ProviderSpec[] = [{}]): Promise<{ user: MadeUser; client: Agent }> {
  const user = await createProviderUser(ctx().db, { providers });
  const client = agent();
  await signIn(client, user.email);
  return { user, client };
}

/** `count` clients who each booked a consultation with the provider, the i-th on day i of 2026. */
async function bookings(db: Knex, providerId: number, count: number, prefix = 'client'): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const [u] = await db('users')
      .insert({
        email: `${prefix}${i}-${providerId}@example.test`,
        first_name: `${prefix}${i}`,
        last_name: 'Client',
        scopes: ['client'],
      })
      .returning('id');
    const day = new Date(Date.UTC(2026, 0, i, 15));
    await db('appointments').insert({
      provider_id: providerId,
      client_user_id: u.id,
      start_time: day,
      end_time: new Date(day.getTime() + 900_000),
      created_at: day,
    });
    ids.push(Number(u.id));
  }
  return ids;
}

describe('Full Client List: the route rule', () => {
  it('a profile without a calendar uses /client-referrals, one with a calendar /client-list; the other address redirects', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn();
    const without = await client.get('/client-list?page=2').expect(303);
    assert.equal(without.headers.location, '/client-referrals?page=2');
    const page = await client.get('/client-referrals').expect(200);
    assert.match(page.text, /<title>Full Client List \|/);
    assert.match(page.text, /href="\/client-referrals"[^>]*>Full Client List/);
    await db('providers').where({ id: user.providerIds[0] }).update({ has_calendar: true });
    assert.equal((await client.get('/client-referrals').expect(303)).headers.location, '/client-list');
    const withCalendar = await client.get('/client-list').expect(200);
    assert.match(withCalendar.text, /href="\/client-list"[^>]*>Full Client List/);
  });
});

describe('Full Client List: the rows', () => {
  it('10 per page, newest first, each client’s name a link to /messages/{clientId} (no Message button repeated per row); another profile’s clients are not listed', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn();
    const clients = await bookings(db, user.providerIds[0]!, 12);
    const other = await createProviderUser(db, {});
    await bookings(db, other.providerIds[0]!, 1, 'stranger');
    const first = mainTextOf((await client.get('/client-referrals').expect(200)).text);
    assert.match(first, /12 referrals, newest first/);
    assert.match(first, /client12 Client/);
    assert.match(first, /client3 Client/);
    assert.doesNotMatch(first, /client2 Client|stranger/);
    assert.match(first, /Page 1 of 2/);
    const html = (await client.get('/client-referrals').expect(200)).text;
    assert.equal(
      (html.match(/<a class="client-table__name" href="\/messages\/\d+">client\d+ Client<\/a>/g) ?? []).length,
      10,
    );
    assert.doesNotMatch(html, />Message<span/);
    assert.match(html, new RegExp(`href="/messages/${clients[11]}"`));
    assert.match(first, /Phone consultation/);
    const second = mainTextOf((await client.get('/client-referrals?page=2').expect(200)).text);
    assert.match(second, /client2 Client/);
    assert.match(second, /client1 Client/);
    assert.match(second, /Page 2 of 2/);
  });

  it('conversations and bookings interleave by date across pages (each page reads only the newest of each kind)', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn();
    const providerId = user.providerIds[0]!;
    // Bookings on January 1..8 (odd days' names b1..b8) and conversations opened by the client on the
    // days between: newest first, c8 b8 c7 b7 ... c1 b1.
    await bookings(db, providerId, 8, 'b');
    for (let i = 1; i <= 8; i++) {
      const [u] = await db('users')
        .insert({
          email: `c${i}-${providerId}@example.test`,
          first_name: `c${i}`,
          last_name: 'Client',
          scopes: ['client'],
        })
        .returning('id');
      const [c] = await db('conversations').insert({ provider_id: providerId, client_user_id: u.id }).returning('id');
      await db('messages').insert({
        conversation_id: c.id,
        provider_id: providerId,
        client_user_id: u.id,
        sender: 'client',
        type: 'message',
        send_date: new Date(Date.UTC(2026, 0, i, 18)),
      });
    }
    const names = (text: string) => [...text.matchAll(/\b([bc]\d) Client/g)].map((m) => m[1]);
    const first = mainTextOf((await client.get('/client-referrals').expect(200)).text);
    assert.match(first, /16 referrals, newest first/);
    assert.deepEqual(names(first), ['c8', 'b8', 'c7', 'b7', 'c6', 'b6', 'c5', 'b5', 'c4', 'b4']);
    const second = mainTextOf((await client.get('/client-referrals?page=2').expect(200)).text);
    assert.deepEqual(names(second), ['c3', 'b3', 'c2', 'b2', 'c1', 'b1']);
  });

  it('a conversation is a referral by its first message, whenever that message was written: a client’s message or intake opens one, a provider’s or a booking’s does not, and a back-dated message changes which is first', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn();
    const providerId = user.providerIds[0]!;
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 12));
    /** A conversation with client `name` and its messages, inserted one by one in the order given. */
    const conversation = async (name: string, messages: { sender: string; type?: string; on: number }[]) => {
      const [u] = await db('users')
        .insert({
          email: `${name}-${providerId}@example.test`,
          first_name: name,
          last_name: 'Client',
          scopes: ['client'],
        })
        .returning('id');
      const [c] = await db('conversations').insert({ provider_id: providerId, client_user_id: u.id }).returning('id');
      for (const m of messages) {
        await db('messages').insert({
          conversation_id: c.id,
          provider_id: providerId,
          client_user_id: u.id,
          sender: m.sender,
          type: m.type ?? 'message',
          send_date: day(m.on),
        });
      }
      return Number(c.id);
    };
    await conversation('replied', [
      { sender: 'client', on: 6 },
      { sender: 'provider', on: 7 },
    ]);
    await conversation('intake', [{ sender: 'client', type: 'messaging_tool_intake', on: 9 }]);
    await conversation('reached', [
      { sender: 'provider', on: 2 },
      { sender: 'client', on: 4 },
    ]);
    await conversation('booked', [{ sender: 'client', type: 'booking_tool_intake', on: 3 }]);
    // Written second but dated first: the provider opened this one.
    await conversation('backdated', [
      { sender: 'client', on: 5 },
      { sender: 'provider', on: 1 },
    ]);
    // Its first message re-dated after a later one: the client's message, now first, opens it on day 8.
    const redated = await conversation('redated', [
      { sender: 'provider', on: 2 },
      { sender: 'client', on: 8 },
    ]);
    await db('messages')
      .where({ conversation_id: redated, sender: 'provider' })
      .update({ send_date: day(10) });

    const text = mainTextOf((await client.get('/client-referrals').expect(200)).text);
    assert.match(text, /3 referrals, newest first/);
    assert.deepEqual(
      [...text.matchAll(/\b(replied|intake|reached|booked|backdated|redated) Client/g)].map((m) => m[1]),
      ['intake', 'redated', 'replied'],
    );
  });

  it('a client who deleted their data in their conversation with the profile is listed without their name; one who did so with another profile is not hidden', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn();
    const other = await createProviderUser(db, {});
    const [redacted, kept] = await bookings(db, user.providerIds[0]!, 2);
    await db('conversations').insert([
      { provider_id: user.providerIds[0]!, client_user_id: redacted!, client_redacted_at: new Date() },
      { provider_id: other.providerIds[0]!, client_user_id: kept!, client_redacted_at: new Date() },
    ]);
    const text = mainTextOf((await client.get('/client-referrals').expect(200)).text);
    assert.match(text, /Client \(deleted their data\)/);
    assert.doesNotMatch(text, /client1 Client/);
    assert.match(text, /client2 Client/);
  });

  it('no referrals yet: the empty state', async () => {
    const { client } = await signedIn();
    assert.match(
      mainTextOf((await client.get('/client-referrals').expect(200)).text),
      /You don't have any referrals yet\./,
    );
  });

  it('a profile that is not live sees the not-live notice instead of the list', async () => {
    const { db } = ctx();
    const { user, client } = await signedIn([{ status: 'inactive' }]);
    await bookings(db, user.providerIds[0]!, 1);
    const text = mainTextOf((await client.get('/client-referrals').expect(200)).text);
    assert.match(text, /Your profile is not live\./);
    assert.doesNotMatch(text, /client1 Client/);
  });
});
