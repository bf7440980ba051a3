// The practice-management booking link (spec 3 §2 Calendar page, §4 Booking link; spec 2 §2 dashboard):
// while it is active on an account with practice management, and has somewhere to go, it replaces the
// call calendar on /calendar and the consultations widget on the dashboard; Hide Link turns it off.
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, postForm, signIn, textOf, type Agent } from '../support/http';
import { completeProfile } from './dashboard-helpers';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../../seeds/demo';
import { runSeeds } from '../../seeds/index';
import { expectAccessibleHtml } from '../support/accessible-html';

const LINK = 'https://clinic.example.com/book/robin-hale';
const HIDDEN =
  'Your booking link is hidden. Clients book phone consultations with you through your call calendar again.';

interface Made {
  client: Agent;
  providerId: number;
  accountId: number;
}

type Link = { status: string; link_override?: string | null; clinic_booking_url?: string | null } | null;

/** An active, complete profile with a calendar, practice management unless told, and the given link. */
async function withLink(
  link: Link,
  options: { practiceManagement?: boolean; hasCalendar?: boolean } = {},
): Promise<Made> {
  const user = await createProviderUser(ctx().db, {
    paid: true,
    providers: [{ firstName: 'Robin', lastName: 'Hale', status: 'active' }],
  });
  const providerId = user.providerIds[0]!;
  await completeProfile(ctx().db, providerId);
  await ctx().db('locations').where({ provider_id: providerId }).update({ accepting_patients: 40 });
  await ctx()
    .db('providers')
    .where({ id: providerId })
    .update({
      has_calendar: options.hasCalendar ?? true,
      practice_management_booking_link: link && JSON.stringify(link),
    });
  await ctx()
    .db('accounts')
    .where({ id: user.accountId })
    .update({ has_paid_practice_management_plan: options.practiceManagement ?? true });
  const client = agent();
  await signIn(client, user.email);
  return { client, providerId, accountId: user.accountId };
}

const calendarText = async (client: Agent) => textOf((await client.get('/calendar').expect(200)).text);
const dashboardText = async (client: Agent) => textOf((await client.get('/').expect(200)).text);

describe('calendar: the practice-management booking link replaces the calendar while it applies', () => {
  it('an active link of an account with practice management: the panel, not the settings or the grid', async () => {
    const { client } = await withLink({ status: 'active', link_override: LINK });
    const page = await client.get('/calendar').expect(200);
    assert.match(textOf(page.text), /Your practice management booking link/);
    assert.ok(page.text.includes(`href="${LINK}"`));
    assert.doesNotMatch(textOf(page.text), /Calendar settings/);
    assert.doesNotMatch(page.text, /data-island="CalendarGrid"/);
  });

  it('a profile without a call calendar still shows its active link (§2: the link is looked at first)', async () => {
    const { client } = await withLink({ status: 'active', link_override: LINK }, { hasCalendar: false });
    const page = await client.get('/calendar').expect(200);
    assert.match(textOf(page.text), /Your practice management booking link/);
    assert.ok(page.text.includes(`href="${LINK}"`));
    assert.doesNotMatch(textOf(page.text), /does not have a calendar attached/);
    await expectAccessibleHtml(page.text);
  });

  it('without a call calendar and without an active link: the no-calendar text', async () => {
    const { client } = await withLink({ status: 'inactive', link_override: LINK }, { hasCalendar: false });
    assert.match(await calendarText(client), /This provider does not have a calendar attached!/);
  });

  it('the demo practice profile (Harbor Light) shows its EHR booking link on /calendar', async () => {
    await runSeeds(ctx().db, { demo: true });
    const client = agent();
    await signIn(client, DEMO_EMAILS.practice, DEMO_PASSWORD);
    const page = await client.get('/calendar').expect(200);
    assert.match(textOf(page.text), /Your practice management booking link/);
    assert.match(page.text, /href="https:\/\/harbor-light\.practice\.example\.com\/book\/\d+"/);
  });

  it('the clinic’s own booking page serves when there is no override', async () => {
    const { client } = await withLink({
      status: 'active',
      link_override: null,
      clinic_booking_url: 'https://clinic.example.com/own',
    });
    assert.ok((await client.get('/calendar').expect(200)).text.includes('href="https://clinic.example.com/own"'));
  });

  for (const [name, link, practiceManagement] of [
    ['an inactive link', { status: 'inactive', link_override: LINK }, true],
    ['an active link with nowhere to go', { status: 'active', link_override: null, clinic_booking_url: null }, true],
    ['an active link that is not https', { status: 'active', link_override: 'javascript:alert(1)' }, true],
    ['an account without practice management', { status: 'active', link_override: LINK }, false],
    ['no link at all', null, true],
  ] as const) {
    it(`${name}: the call calendar`, async () => {
      const { client } = await withLink(link, { practiceManagement });
      const text = await calendarText(client);
      assert.match(text, /Calendar settings/);
      assert.doesNotMatch(text, /Your practice management booking link/);
    });
  }
});

describe('dashboard: the booking link widget (spec 2 §2)', () => {
  it('shows the link, See Calendar and Hide Link instead of the upcoming consultations', async () => {
    const { client } = await withLink({ status: 'active', link_override: LINK });
    const page = await client.get('/').expect(200);
    const text = textOf(page.text);
    assert.match(text, /Your booking link/);
    assert.ok(page.text.includes(`href="${LINK}"`));
    assert.match(text, /See calendar/);
    assert.match(text, /Hide link/);
    assert.doesNotMatch(text, /Upcoming phone consultations/);
  });

  it('without an active link the upcoming consultations widget shows', async () => {
    const { client } = await withLink({ status: 'inactive', link_override: LINK });
    const text = await dashboardText(client);
    assert.match(text, /Upcoming phone consultations/);
    assert.doesNotMatch(text, /Your booking link/);
  });

  it('Hide Link turns the link off (the rest of it kept), with a flash, and the calendar applies again at once', async () => {
    const { client, providerId } = await withLink({ status: 'active', link_override: LINK });
    assert.match(await dashboardText(client), /Your booking link/); // now cached by the dashboard
    const response = await postForm(client, '/', '/calendar/booking-link/hide', {});
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, '/');
    const text = await dashboardText(client);
    assert.match(text, new RegExp(HIDDEN.replace(/\./g, '\\.')));
    assert.match(text, /Upcoming phone consultations/);
    const row = await ctx().db('providers').where({ id: providerId }).first('practice_management_booking_link');
    assert.deepEqual(row!.practice_management_booking_link, { status: 'inactive', link_override: LINK });
    assert.match(await calendarText(client), /Calendar settings/);
  });

  it('Hide Link works on the selected profile only: another provider’s link stays on', async () => {
    const other = await withLink({ status: 'active', link_override: LINK });
    const { client } = await withLink({ status: 'active', link_override: LINK });
    await postForm(client, '/', '/calendar/booking-link/hide', { provider_id: String(other.providerId) });
    const row = await ctx().db('providers').where({ id: other.providerId }).first('practice_management_booking_link');
    assert.equal(jsonObject(row!.practice_management_booking_link).status, 'active');
  });
});
