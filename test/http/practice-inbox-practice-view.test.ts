// The practice inbox is the practice's (issue [19] item 7): whichever profile is selected (here an inactive
// clinician in Auckland), the inbox shows the practice's avatar and no banner of that clinician, and reads
// every date in the practice's zone; the list filters by provider and by unread with a GET form that works
// without JavaScript, and the filters travel into a thread and back.
import assert from 'node:assert/strict';
import type { Knex } from 'knex';
import { ctx } from '../support/context';
import { createProviderUser, type MadeUser } from '../support/factories';
import { agent, mainTextOf, signIn, textOf, type Agent } from '../support/http';
import { expectAccessibleHtml } from '../support/accessible-html';

async function clientUser(db: Knex, first: string): Promise<number> {
  const [row] = await db('users')
    .insert({
      email: `${first.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.test`,
      first_name: first,
      last_name: 'Client',
      scopes: ['client'],
    })
    .returning('id');
  return Number(row.id);
}

/** A conversation whose one client message came at `at`; read unless `unread`. */
async function conversation(db: Knex, providerId: number, clientUserId: number, at: Date, unread: boolean) {
  const [c] = await db('conversations')
    .insert({ provider_id: providerId, client_user_id: clientUserId, last_message_at: at })
    .returning('id');
  await db('messages').insert({
    conversation_id: c.id,
    provider_id: providerId,
    client_user_id: clientUserId,
    sender: 'client',
    type: 'message',
    message_content: 'Hello there',
    send_date: at,
    read_at: unread ? null : at,
  });
}

// 03:30 UTC on January 15: still January 14 in New York, already January 15 in Auckland.
const AT = new Date('2026-01-15T03:30:00Z');

async function practiceWithAucklandClinicianSelected(): Promise<{
  user: MadeUser;
  client: Agent;
  practice: number;
  priya: number;
  sam: number;
}> {
  const { db } = ctx();
  const user = await createProviderUser(db, {
    paid: true,
    roles: ['owner', 'intake-coordinator'],
    providers: [
      { type: 'practice', companyName: 'Harbor Light Practice' },
      { firstName: 'Priya', lastName: 'Shah' },
      { firstName: 'Sam', lastName: 'Inactive', status: 'inactive' },
    ],
  });
  const [practice, priya, sam] = user.providerIds as [number, number, number];
  await db('providers').where({ id: practice }).update({ timezone: 'America/New_York' });
  await db('providers').where({ id: priya }).update({ timezone: 'America/Los_Angeles' });
  await db('providers').where({ id: sam }).update({ timezone: 'Pacific/Auckland' });
  await db('users').where({ id: user.userId }).update({ selected_provider_id: sam });
  await conversation(db, priya, await clientUser(db, 'Jane'), AT, true);
  await conversation(db, practice, await clientUser(db, 'Bob'), new Date(AT.getTime() - 86_400_000), false);
  const client = agent();
  await signIn(client, user.email);
  return { user, client, practice, priya, sam };
}

const listNames = (html: string) =>
  [...html.matchAll(/class="messages-list__client">([^<]+)</g)].map((match) => match[1]);

describe('practice inbox: the practice’s view, whichever profile is selected', () => {
  it('the practice’s avatar, no banner of the selected inactive clinician, and dates in the practice’s zone', async () => {
    const { client } = await practiceWithAucklandClinicianSelected();
    // Elsewhere the selected profile is the inactive clinician's.
    const dashboard = (await client.get('/').expect(200)).text;
    assert.match(dashboard, /class="menu__name">Sam Inactive</);

    for (const path of ['/practice-inbox', '/practice-inbox/messages', '/practice-inbox/appointments']) {
      const html = (await client.get(path).expect(200)).text;
      assert.match(html, /class="menu__name">Harbor Light Practice</, path);
      assert.doesNotMatch(textOf(html), /Your profile is not live because your membership is inactive/, path);
    }
    const html = (await client.get('/practice-inbox/messages').expect(200)).text;
    const text = mainTextOf(html);
    assert.match(text, /Dates are in [^.]*New York/);
    assert.match(text, /Jane Client[\s\S]*Jan 14, 2026/);
    assert.doesNotMatch(text, /Jan 15, 2026/);
    await expectAccessibleHtml(html);
  });
});

describe('practice inbox: filters by provider and by unread (a GET form)', () => {
  it('one provider, unread only, both; the filters travel into a thread and its way back', async () => {
    const { client, practice, priya } = await practiceWithAucklandClinicianSelected();
    const all = (await client.get('/practice-inbox/messages').expect(200)).text;
    assert.deepEqual(listNames(all).sort(), ['Bob Client', 'Jane Client']);
    // The form: a GET to the list, the account's profiles (the practice's first), and Unread only.
    assert.match(all, /<form [^>]*aria-label="Filter conversations" action="\/practice-inbox\/messages" method="get"/);
    const providerSelect = /<select id="inbox-provider"[\s\S]*?<\/select>/.exec(all)![0];
    const options = [...providerSelect.matchAll(/<option value="(\d*)"[^>]*>([^<]+)</g)].map((m) => m[2]);
    assert.deepEqual(options, ['All providers', 'Harbor Light Practice', 'Priya Shah', 'Sam Inactive']);
    assert.match(all, /<input type="checkbox" id="inbox-unread" name="unread" value="1"/);

    const byPriya = (await client.get(`/practice-inbox/messages?provider=${priya}`).expect(200)).text;
    assert.deepEqual(listNames(byPriya), ['Jane Client']);
    assert.match(byPriya, new RegExp(`<option value="${priya}" selected="">Priya Shah<`));
    assert.match(mainTextOf(byPriya), /Showing the 1 most recent conversation of 1\./);

    const unread = (await client.get('/practice-inbox/messages?unread=1').expect(200)).text;
    assert.deepEqual(listNames(unread), ['Jane Client']);
    assert.match(unread, /<input type="checkbox" id="inbox-unread" name="unread" checked="" value="1"\/>/);
    // Into the thread and back, the list stays filtered.
    const threadHref = unread.match(/href="(\/practice-inbox\/messages\/\d+\/\d+\?unread=1)"/)?.[1];
    assert.ok(threadHref, 'the thread link keeps the filter');
    const thread = (await client.get(threadHref!.replace(/&amp;/g, '&')).expect(200)).text;
    assert.match(thread, /href="\/practice-inbox\/messages\?unread=1" class="messages__back"/);

    const none = (await client.get(`/practice-inbox/messages?provider=${practice}&unread=1`).expect(200)).text;
    assert.deepEqual(listNames(none), []);
    assert.match(mainTextOf(none), /No conversations match these filters\./);
    await expectAccessibleHtml(none);

    // Another account's profile is no filter at all: the account's own list, nothing of theirs.
    const other = await createProviderUser(ctx().db, { roles: ['intake-coordinator'] });
    const foreign = (await client.get(`/practice-inbox/messages?provider=${other.providerIds[0]}`).expect(200)).text;
    assert.deepEqual(listNames(foreign).sort(), ['Bob Client', 'Jane Client']);
  });
});
