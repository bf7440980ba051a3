// The dashboard at / (spec 2 §2, §7 dashboard data and events, §9; spec 1 §2 side-menu collapse):
// onboarding screen vs dashboard, checklist by status, action cards and their events, widgets read
// from the appointments and messages tables, and the ?id= appointment panel. One describe per rule.
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import { greetingFor } from '../../server/features/dashboard/greeting';
import { ctx } from '../support/context';
import { createProviderUser, type ProviderSpec } from '../support/factories';
import { agent, mainTextOf, signIn, tokenFor, type Agent } from '../support/http';
import {
  appointment as addAppointment,
  clientUser as addClient,
  completeProfile,
  minutes,
  noonZone,
} from './dashboard-helpers';

type Status = NonNullable<ProviderSpec['status']>;

interface Made {
  client: Agent;
  providerId: number;
  userId: number;
  accountId: number;
}

async function signedIn(
  options: {
    status?: Status;
    paid?: boolean;
    complete?: boolean;
    type?: 'individual' | 'practice';
    companyName?: string;
    firstName?: string;
  } = {},
): Promise<Made> {
  const type = options.type ?? 'individual';
  const user = await createProviderUser(ctx().db, {
    paid: options.paid ?? true,
    providers: [
      {
        type,
        status: options.status ?? 'active',
        firstName: options.firstName ?? 'Robin',
        lastName: 'Hale',
        ...(options.companyName ? { companyName: options.companyName } : {}),
      },
    ],
  });
  const providerId = user.providerIds[0]!;
  if (options.complete ?? true) await completeProfile(ctx().db, providerId, type);
  const client = agent();
  await signIn(client, user.email);
  return { client, providerId, userId: user.userId, accountId: user.accountId };
}

const home = async (client: Agent, path = '/') => (await client.get(path).expect(200)).text;

async function logEvent(client: Agent, providerId: number, fields: Record<string, string>) {
  const _csrf = await tokenFor(client, '/account-preferences');
  return client
    .post(`/event/${providerId}/log-event`)
    .type('form')
    .send({ _csrf, type: 'therapist_portal_cta_event', ...fields });
}

const clientUser = (first: string, last: string) => addClient(ctx().db, first, last);
const appointment = (
  providerId: number,
  clientUserId: number | null,
  start: Date,
  extra: Record<string, unknown> = {},
) => addAppointment(ctx().db, providerId, clientUserId, start, extra);

const events = () => ctx().db('events').orderBy('id').select('type', 'provider_id', 'user_id', 'data');
const customContent = async (providerId: number) =>
  jsonObject((await ctx().db('providers').where({ id: providerId }).first('custom_content'))!.custom_content);

describe("dashboard: greeting by the hour in the provider's time zone, with the first or company name", () => {
  it("an individual is greeted by first name, in the provider's time zone", async () => {
    const { client, providerId } = await signedIn({ firstName: 'Robin' });
    await ctx().db('providers').where({ id: providerId }).update({ timezone: 'Asia/Tokyo' });
    const before = greetingFor(new Date(), 'Asia/Tokyo');
    const text = mainTextOf(await home(client));
    const after = greetingFor(new Date(), 'Asia/Tokyo');
    assert.ok(text.includes(`${before}, Robin!`) || text.includes(`${after}, Robin!`), text.slice(0, 200));
  });

  it('a practice is greeted by company name', async () => {
    const { client } = await signedIn({ type: 'practice', companyName: 'Calm Waters Group' });
    assert.match(mainTextOf(await home(client)), /Good (morning|afternoon|evening), Calm Waters Group!/);
  });

  it('an incomplete profile made with the new wizard, not exited, still goes to the wizard', async () => {
    const { client, providerId } = await signedIn({ status: 'incomplete', complete: false });
    await ctx().db('providers').where({ id: providerId }).update({ created_with_new_wizard: true });
    assert.equal((await client.get('/').expect(303)).headers.location, `/profiles/create/${providerId}`);
  });
});

describe('dashboard: the onboarding screen while reviewing or incomplete with only Start membership left', () => {
  it('reviewing with a complete profile: onboarding screen, side menu collapsed, no checklist or cards', async () => {
    const { client, providerId } = await signedIn({ status: 'reviewing' });
    const html = await home(client);
    const text = mainTextOf(html);
    assert.match(text, /Welcome! You are almost live/);
    assert.match(text, /Your profile is ready to go live! Review it, then make it live\./);
    assert.match(html, new RegExp(`href="/profiles/go-live-for/${providerId}"`));
    assert.match(html, /<body data-signed-in="" class="menu-collapsed">/);
    assert.doesNotMatch(text, /Profile checklist|Next steps|Announcements/);
  });

  it('incomplete with only Start membership unmet: onboarding screen with the Start membership link', async () => {
    const { client, providerId } = await signedIn({ status: 'incomplete', paid: false });
    const html = await home(client);
    assert.match(mainTextOf(html), /Welcome! You are almost live.*Start your membership/);
    assert.match(html, new RegExp(`<a class="button" href="/profiles/pay-for/${providerId}">Start membership</a>`));
    assert.match(html, /class="menu-collapsed"/);
  });

  it('the collapsed menu can be opened again from the toggle', async () => {
    const { client } = await signedIn({ status: 'reviewing' });
    const html = await home(client);
    assert.match(html, /name="collapsed" value="0"/, 'the toggle offers to open the menu');
  });

  it('with another item unmet, or another status, the dashboard shows and the menu stays open', async () => {
    const { client, providerId } = await signedIn({ status: 'reviewing' });
    await ctx().db('providers').where({ id: providerId }).update({ image_key: null });
    const html = await home(client);
    assert.doesNotMatch(mainTextOf(html), /Welcome! You are almost live/);
    assert.match(mainTextOf(html), /Profile checklist/);
    assert.doesNotMatch(html, /class="menu-collapsed"/);

    const active = await signedIn({ status: 'active' });
    assert.doesNotMatch(mainTextOf(await home(active.client)), /Welcome! You are almost live/);
  });
});

describe('dashboard: the checklist card (incomplete, inactive or reviewing, unmet items only)', () => {
  it('lists the unmet items with their links, in order', async () => {
    const { client, providerId } = await signedIn({ status: 'incomplete', complete: false, paid: false });
    const html = await home(client);
    const section = /<section class="card checklist"[\s\S]*?<\/section>/.exec(html)![0];
    const links = [...section.matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => `${m[2]} ${m[1]}`);
    assert.deepEqual(links, [
      'Contact Information /profile/general-information',
      'Degrees /profile/general-information',
      'Professions /profile/general-information',
      'Languages /profile/general-information',
      'Locations /profile/availability-locations#practice-locations',
      'Licensure /profile/general-information#licensure',
      'Ongoing session fee /profile/insurance-fees',
      'Clientele /profile/clientele-approach',
      'Profile photo /profile/photos-video',
      'Top specialties /profile/specialties',
      'General expertise /profile/specialties',
      'Treatment approaches /profile/clientele-approach',
      `Start membership /profiles/pay-for/${providerId}`,
    ]);
  });

  for (const status of ['incomplete', 'inactive', 'reviewing'] as const) {
    it(`shown for ${status} with an unmet item`, async () => {
      const { client, providerId } = await signedIn({ status });
      await ctx()
        .db('taggings')
        .where({ provider_id: providerId })
        .whereIn('tag_id', ctx().db('tags').select('id').where({ type: 'languages' }))
        .delete();
      const text = mainTextOf(await home(client));
      assert.match(text, /Profile checklist Complete these items to get your profile ready for clients: Languages /);
    });
  }

  for (const status of ['active', 'pending'] as const) {
    it(`not shown for ${status}, even with unmet items`, async () => {
      const { client } = await signedIn({ status, complete: false });
      assert.doesNotMatch(mainTextOf(await home(client)), /Profile checklist/);
    });
  }

  it('not shown when every item is met (inactive, complete and paid)', async () => {
    const { client } = await signedIn({ status: 'inactive' });
    assert.doesNotMatch(mainTextOf(await home(client)), /Profile checklist/);
  });
});

describe('dashboard: action cards disappear when their condition is met', () => {
  it('the calendar card shows while the calendar is closed and is gone once it is open', async () => {
    const { client, providerId } = await signedIn();
    await ctx().db('providers').where({ id: providerId }).update({ calendar_open: false });
    assert.match(mainTextOf(await home(client)), /Offer free phone consultations/);
    await ctx().db('providers').where({ id: providerId }).update({ calendar_open: true });
    assert.doesNotMatch(mainTextOf(await home(client)), /Offer free phone consultations/);
  });

  it('the vetting card shows while vetting_status is pre-vetting', async () => {
    const { client, providerId } = await signedIn();
    await ctx()
      .db('providers')
      .where({ id: providerId })
      .update({ custom_content: ctx().db.raw(`custom_content || '{"vetting_status":"pre-vetting"}'`) });
    assert.match(mainTextOf(await home(client)), /Take the Clinical Vetting quiz/);
    await ctx()
      .db('providers')
      .where({ id: providerId })
      .update({ custom_content: ctx().db.raw(`custom_content || '{"vetting_status":"vetted"}'`) });
    assert.doesNotMatch(mainTextOf(await home(client)), /Take the Clinical Vetting quiz/);
  });

  it('the payment card shows for an inactive membership and has no Dismiss button', async () => {
    const { client } = await signedIn({ status: 'inactive' });
    const html = await home(client);
    const card = /<li class="card action-card" data-card="update_payment">[\s\S]*?<\/li>/.exec(html)![0];
    assert.match(card, /Reactivate your membership/);
    assert.match(card, /value="follow_cta_link"/);
    assert.doesNotMatch(card, /dismiss_cta/);
  });
});

describe('dashboard: following or dismissing a card records therapist_portal_cta_event', () => {
  it('dismiss: POST then 303 back to /; the cta flag is false, other content kept; the card stays gone', async () => {
    const { client, providerId, userId } = await signedIn();
    await ctx().db('providers').where({ id: providerId }).update({ calendar_open: false });
    const response = await logEvent(client, providerId, { action: 'dismiss_cta', card_name: 'phone_consultations' });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, '/');
    const content = await customContent(providerId);
    assert.deepEqual(content.cta, { phone_consultations: false });
    assert.equal(content.session_fee_ongoing, 150, 'the rest of custom_content is kept');
    assert.deepEqual(await events(), [
      {
        type: 'therapist_portal_cta_event',
        provider_id: providerId,
        user_id: userId,
        data: { action: 'dismiss_cta', provider_id: providerId, card_name: 'phone_consultations' },
      },
    ]);
    assert.doesNotMatch(mainTextOf(await home(client)), /Offer free phone consultations/);
    // A second dismissal keeps the earlier flags.
    await logEvent(client, providerId, { action: 'dismiss_cta', card_name: 'contact_support' }).then((r) =>
      assert.equal(r.status, 303),
    );
    assert.deepEqual((await customContent(providerId)).cta, { phone_consultations: false, contact_support: false });
  });

  it("follow: POST then 303 to the card's link; the card is not dismissed", async () => {
    const { client, providerId, userId } = await signedIn({ status: 'inactive' });
    const response = await logEvent(client, providerId, { action: 'follow_cta_link', card_name: 'update_payment' });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, '/plan-management?action=update_payment');
    assert.deepEqual(await events(), [
      {
        type: 'therapist_portal_cta_event',
        provider_id: providerId,
        user_id: userId,
        data: { action: 'follow_cta_link', provider_id: providerId, card_name: 'update_payment' },
      },
    ]);
    assert.equal((await customContent(providerId)).cta, undefined);
    assert.match(mainTextOf(await home(client)), /Reactivate your membership/);
  });

  it('answers JSON for scripts', async () => {
    const { client, providerId } = await signedIn();
    const _csrf = await tokenFor(client, '/');
    const response = await client
      .post(`/event/${providerId}/log-event`)
      .set('Accept', 'application/json')
      .send({
        _csrf,
        type: 'therapist_portal_cta_event',
        data: { action: 'follow_cta_link', card_name: 'contact_support' },
        provider_id: providerId,
      });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { next: '/contact' });
    assert.equal((await events()).length, 1);
  });

  it('a card that cannot be dismissed, an unknown action or card: nothing recorded', async () => {
    const { client, providerId } = await signedIn({ status: 'inactive' });
    assert.equal(
      (await logEvent(client, providerId, { action: 'dismiss_cta', card_name: 'update_payment' })).status,
      400,
    );
    assert.equal((await logEvent(client, providerId, { action: 'explode', card_name: 'contact_support' })).status, 400);
    assert.equal(
      (await logEvent(client, providerId, { action: 'dismiss_cta', card_name: 'no_such_card' })).status,
      404,
    );
    assert.deepEqual(await events(), []);
    assert.equal((await customContent(providerId)).cta, undefined);
  });

  it("another account's provider id is not found (404) and nothing is recorded or changed", async () => {
    const { client } = await signedIn();
    const other = await createProviderUser(ctx().db);
    const otherId = other.providerIds[0]!;
    assert.equal(
      (await logEvent(client, otherId, { action: 'dismiss_cta', card_name: 'contact_support' })).status,
      404,
    );
    assert.equal(
      (await logEvent(client, 999999, { action: 'follow_cta_link', card_name: 'contact_support' })).status,
      404,
    );
    assert.deepEqual(await events(), []);
    assert.deepEqual(await customContent(otherId), {});
  });

  it('needs the CSRF token and a signed-in user', async () => {
    const { client, providerId } = await signedIn();
    assert.equal(
      (
        await client
          .post(`/event/${providerId}/log-event`)
          .type('form')
          .send({ type: 'therapist_portal_cta_event', action: 'dismiss_cta', card_name: 'contact_support' })
      ).status,
      403,
    );
    const visitor = agent();
    const _csrf = await tokenFor(visitor, '/login');
    const response = await visitor
      .post(`/event/${providerId}/log-event`)
      .type('form')
      .send({ _csrf, type: 'therapist_portal_cta_event', action: 'dismiss_cta', card_name: 'contact_support' });
    assert.equal(response.headers.location, '/login');
    assert.deepEqual(await events(), []);
  });
});

describe('dashboard: widgets of an active profile read the appointments and messages tables', () => {
  it("upcoming phone consultations: the next 2 days grouped Today and Tomorrow in the provider's time zone, View all → /calendar", async () => {
    const now = new Date();
    const zone = noonZone(now);
    const { client, providerId } = await signedIn();
    await ctx().db('providers').where({ id: providerId }).update({ timezone: zone });
    const casey = await clientUser('Casey', 'Client');
    const drew = await clientUser('Drew', 'Doe');
    const eli = await clientUser('Eli', 'Early');
    await appointment(providerId, casey, new Date(now.getTime() + minutes(60)));
    await appointment(providerId, drew, new Date(now.getTime() + minutes(24 * 60)));
    await appointment(providerId, eli, new Date(now.getTime() + minutes(48 * 60))); // the day after tomorrow
    await appointment(providerId, eli, new Date(now.getTime() + minutes(90)), { canceled: true });
    await appointment(providerId, eli, new Date(now.getTime() - minutes(120))); // ended
    const stranger = await createProviderUser(ctx().db);
    await appointment(stranger.providerIds[0]!, eli, new Date(now.getTime() + minutes(30)));

    const html = await home(client);
    const widget = mainTextOf(
      /<section class="card widget" aria-labelledby="upcoming-heading">[\s\S]*?<\/section>/.exec(html)![0],
    );
    const day = (offsetDays: number) =>
      new Date(now.getTime() + offsetDays * 86_400_000).toLocaleDateString('en-US', {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        timeZone: zone,
      });
    assert.match(
      widget,
      new RegExp(
        `Upcoming phone consultations Today ${day(0)} .*Casey Client View details.* Tomorrow ${day(1)} .*Drew Doe View details`,
      ),
    );
    assert.doesNotMatch(widget, /Eli Early/);
    assert.match(html, /<a href="\/calendar">View all<\/a>/);
  });

  it('upcoming phone consultations: an empty state when there are none', async () => {
    const { client } = await signedIn();
    assert.match(mainTextOf(await home(client)), /You have no phone consultations in the next 2 days\./);
  });

  it('unread messages: conversations with an unread client message, linked to the conversation', async () => {
    const { client, providerId } = await signedIn();
    const casey = await clientUser('Casey', 'Client');
    const drew = await clientUser('Drew', 'Doe');
    const [unread] = await ctx()
      .db('conversations')
      .insert({ provider_id: providerId, client_user_id: casey })
      .returning('id');
    const [read] = await ctx()
      .db('conversations')
      .insert({ provider_id: providerId, client_user_id: drew })
      .returning('id');
    await ctx()
      .db('messages')
      .insert([
        {
          conversation_id: unread.id,
          provider_id: providerId,
          client_user_id: casey,
          sender: 'client',
          message_content: 'Hello, are you taking new clients?',
        },
        {
          conversation_id: read.id,
          provider_id: providerId,
          client_user_id: drew,
          sender: 'client',
          message_content: 'Thanks!',
          read_at: new Date(),
        },
        {
          conversation_id: read.id,
          provider_id: providerId,
          client_user_id: drew,
          sender: 'provider',
          message_content: 'You are welcome.',
        },
      ]);
    const html = await home(client);
    assert.match(mainTextOf(html), /Unread messages You have 1 unread conversation\. Casey Client Go to messages/);
    assert.match(html, new RegExp(`<a href="/messages/${casey}">Casey Client</a>`));
    assert.doesNotMatch(mainTextOf(html), /Drew Doe/);
  });

  it("the top bar's Messages button carries the unread dot only while a client message is unread", async () => {
    const { client, providerId } = await signedIn();
    const dot = /aria-label="unread messages"/;
    assert.doesNotMatch(await home(client), dot);
    const casey = await clientUser('Casey', 'Client');
    const [talk] = await ctx()
      .db('conversations')
      .insert({ provider_id: providerId, client_user_id: casey })
      .returning('id');
    await ctx().db('messages').insert({
      conversation_id: talk.id,
      provider_id: providerId,
      client_user_id: casey,
      sender: 'client',
      message_content: 'Hi',
    });
    assert.match(await home(client), dot);
    await ctx().db('messages').where({ conversation_id: talk.id }).update({ read_at: new Date() });
    assert.doesNotMatch(await home(client), dot);
  });

  it('not shown unless the profile is active', async () => {
    const { client } = await signedIn({ status: 'inactive' });
    const text = mainTextOf(await home(client));
    assert.doesNotMatch(text, /Unread messages|Upcoming phone consultations/);
  });

  it('announcements and three blog-post cards', async () => {
    const { client } = await signedIn();
    const html = await home(client);
    assert.match(mainTextOf(html), /Announcements/);
    const blog = /<section aria-labelledby="blog-heading">[\s\S]*?<\/section>/.exec(html)![0];
    assert.equal([...blog.matchAll(/<li class="card">/g)].length, 3);
  });
});

describe("dashboard: ?id= opens the appointment panel for the provider's own appointment", () => {
  it('own appointment: the panel with the client, the time and its cancel and reschedule forms', async () => {
    const { client, providerId } = await signedIn();
    const casey = await clientUser('Casey', 'Client');
    const id = await appointment(providerId, casey, new Date(Date.now() + minutes(120)), {
      intake_form: JSON.stringify({ insurance: 'Aetna' }),
    });
    const html = await home(client, `/?id=${id}`);
    const panel = mainTextOf(/<section id="appointment"[\s\S]*?<\/section>/.exec(html)![0]);
    assert.match(
      panel,
      /Phone Consult with Casey Client Date .* Time .* Status Upcoming Client Casey Client Phone \(212\) 555-0199 Email casey.*Intake answers Insurance Aetna/,
    );
    assert.match(html, new RegExp(`href="/calendar\\?id=${id}"`));
    // The shared panel's cancel and reschedule forms bring the provider back to the dashboard.
    assert.match(html, new RegExp(`action="/calendar/appointments/${id}/cancellation"`));
    assert.match(html, new RegExp(`action="/calendar/appointments/${id}/reschedule"`));
    assert.ok(html.includes(`name="return_to" value="/?id=${id}"`));
  });

  it("another provider's appointment, or no such id: no panel and nothing of it shown", async () => {
    const { client } = await signedIn();
    const stranger = await createProviderUser(ctx().db);
    const casey = await clientUser('Casey', 'Secret');
    const id = await appointment(stranger.providerIds[0]!, casey, new Date(Date.now() + minutes(120)));
    for (const path of [`/?id=${id}`, '/?id=999999', '/?id=abc']) {
      const html = await home(client, path);
      assert.doesNotMatch(html, /id="appointment"/, path);
      assert.doesNotMatch(html, /Secret/, path);
    }
  });
});

describe('dashboard: what needs attention comes first ([21] "Dashboard")', () => {
  it("the profile's and the membership's state, then one link per thing to do, before every other card", async () => {
    const { client, providerId } = await signedIn();
    const casey = await clientUser('Casey', 'Client');
    const [conversation] = await ctx()
      .db('conversations')
      .insert({ provider_id: providerId, client_user_id: casey })
      .returning('id');
    await ctx().db('messages').insert({
      conversation_id: conversation.id,
      provider_id: providerId,
      client_user_id: casey,
      sender: 'client',
      message_content: 'Hello?',
    });
    const html = await home(client);
    const main = /<main\b[\s\S]*<\/main>/.exec(html)![0];
    const summary = /<section class="card attention"[\s\S]*?<\/section>/.exec(main)![0];
    assert.ok(main.indexOf(summary) < main.indexOf('unread-heading'), 'before the widgets');
    assert.match(mainTextOf(summary), /Profile Live Membership Active 1 unread conversation/);
    assert.match(summary, /<a href="\/messages">1 unread conversation<\/a>/);
    assert.doesNotMatch(mainTextOf(summary), /Nothing needs your attention|Payment due/);
  });

  it('an inactive profile without a membership: its state, the way to start one, and the checklist items to finish', async () => {
    const { client, providerId } = await signedIn({ status: 'inactive', paid: false, complete: false });
    const summary = /<section class="card attention"[\s\S]*?<\/section>/.exec(await home(client))![0];
    assert.match(mainTextOf(summary), /Profile Inactive Membership None Start membership \d+ profile items to finish/);
    assert.match(summary, new RegExp(`href="/profiles/pay-for/${providerId}"`));
    assert.match(summary, /href="#checklist-heading"/);
  });

  it('nothing to do says so', async () => {
    const { client } = await signedIn();
    const summary = /<section class="card attention"[\s\S]*?<\/section>/.exec(await home(client))![0];
    assert.match(mainTextOf(summary), /Nothing needs your attention\./);
  });

  it("no card's action is a primary button; Dismiss is in each card's header; the announcements are folded", async () => {
    const { client, providerId } = await signedIn();
    await ctx().db('providers').where({ id: providerId }).update({ calendar_open: false });
    const html = await home(client);
    const cards = [...html.matchAll(/<li class="card action-card"[\s\S]*?<\/li>/g)].map((m) => m[0]);
    assert.ok(cards.length >= 2, 'cards shown');
    for (const card of cards) {
      assert.doesNotMatch(card, /class="button"/, 'no primary button in a card');
      if (card.includes('dismiss_cta'))
        assert.match(card, /<div class="card-header"><h3>[^<]*<\/h3><form[\s\S]*?dismiss_cta[\s\S]*?<\/form><\/div>/);
    }
    assert.match(
      html,
      /<details class="card announcements-group"><summary><h2 id="announcements-heading">Announcements \(\d+\)<\/h2><\/summary>/,
    );
  });
});
