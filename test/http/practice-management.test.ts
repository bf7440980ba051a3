// /practice-management (spec 3 §2, §4 "Practice management and benefits tool", §7, §8; spec 1 §2, §6):
// which button each role sees in each state, Try through the EHR port (and its failure), the booking
// link with and without a ready booking page or an override, the calendar panel that reads it, and
// another account's ids. The local EHR answers (its state in our database).
import { type JsonObject, jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import supertest from 'supertest';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { createPortalIntegrations } from '../../server/wiring';
import { ctx, testConfig } from '../support/context';
import { createProviderUser, type MadeUser } from '../support/factories';
import { agent, csrfFrom, mainTextOf, postForm, signIn, textOf, type Agent } from '../support/http';
import { completeProfile } from './dashboard-helpers';
import { OUTSIDE_SERVICE_FAILED, OutsideServiceError } from '../../server/integrations/outside-api';
import {
  endLocalTrialNow,
  finishLocalClinicSetup,
  setLocalBookingPageReady,
} from '../../server/integrations/ehr/local';
import { TRIAL_DAYS } from '../../server/domain/practice-management';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../../seeds/demo';
import { runSeeds } from '../../seeds/index';

const PAGE = '/practice-management';
const ENABLED = 'Your Practice Management EHR booking link has been enabled!';
const DISABLED = 'Your Practice Management EHR booking link has been disabled!';
const DAY = 86_400_000;
const BUTTONS = [
  'Try Practice Management',
  'Set Up Practice Management',
  'Log in to Practice Management',
  'Activate Practice Management',
] as const;

type Role = 'owner' | 'non-owner role' | 'clinician only';
type State = 'no clinic' | 'pending' | 'trial active' | 'trial ended unpaid' | 'paid';

const STATES: Record<State, { paid: boolean; clinic: Record<string, unknown> | null }> = {
  'no clinic': { paid: false, clinic: null },
  pending: {
    paid: false,
    clinic: {
      subdomain: 'calm-pending',
      status: 'pending',
      trial_end: new Date(Date.now() + 10 * DAY).toISOString(),
      link: 'https://calm-pending.practice.example.com/setup',
    },
  },
  'trial active': {
    paid: false,
    clinic: { subdomain: 'calm-trial', status: 'active', trial_end: new Date(Date.now() + 5 * DAY).toISOString() },
  },
  'trial ended unpaid': {
    paid: false,
    clinic: { subdomain: 'calm-ended', status: 'active', trial_end: new Date(Date.now() - DAY).toISOString() },
  },
  paid: { paid: true, clinic: { subdomain: 'calm-paid', status: 'active', trial_end: null } },
};

/** What each role sees in each state: the one button, or none. */
const EXPECTED: Record<Role, Record<State, (typeof BUTTONS)[number] | null>> = {
  owner: {
    'no clinic': 'Try Practice Management',
    pending: 'Set Up Practice Management',
    'trial active': 'Log in to Practice Management',
    'trial ended unpaid': 'Activate Practice Management',
    paid: 'Log in to Practice Management',
  },
  'non-owner role': { 'no clinic': null, pending: null, 'trial active': null, 'trial ended unpaid': null, paid: null },
  'clinician only': { 'no clinic': null, pending: null, 'trial active': null, 'trial ended unpaid': null, paid: null },
};

async function userIn(role: Role, state: State): Promise<{ client: Agent; user: MadeUser }> {
  const roles = role === 'owner' ? ['owner'] : role === 'non-owner role' ? ['intake-coordinator'] : [];
  const user = await createProviderUser(ctx().db, {
    roles,
    providers: [{ type: 'practice', companyName: 'Calm Waters', status: 'active' }],
  });
  const { paid, clinic } = STATES[state];
  await ctx()
    .db('accounts')
    .where({ id: user.accountId })
    .update({ has_paid_practice_management_plan: paid, practice_management: clinic && JSON.stringify(clinic) });
  const client = agent();
  await signIn(client, user.email);
  return { client, user };
}

async function owner(): Promise<{ client: Agent; user: MadeUser }> {
  return userIn('owner', 'no clinic');
}

describe('practice management: who sees Try / Set Up / Log in to / Activate, by role and state (spec 1 §6, spec 3 §4)', () => {
  for (const role of Object.keys(EXPECTED) as Role[]) {
    for (const state of Object.keys(STATES) as State[]) {
      const expected = EXPECTED[role][state];
      it(`${role}, ${state}: ${expected ?? 'no button, the explanation'}`, async () => {
        const { client, user } = await userIn(role, state);
        const page = await client.get(PAGE).expect(200);
        const text = mainTextOf(page.text);
        for (const label of BUTTONS) {
          if (label === expected) assert.match(text, new RegExp(label), `${label} shows`);
          else assert.doesNotMatch(text, new RegExp(label), `${label} does not show`);
        }
        if (!expected)
          assert.match(
            text,
            /Only the owner of this account can try, set up, log in to or activate Practice Management/,
          );
        if (expected === 'Activate Practice Management')
          assert.ok(page.text.includes(`href="/practice-management/upgrade/${user.accountId}"`));
        if (expected === 'Log in to Practice Management') {
          const subdomain = String(STATES[state].clinic!.subdomain);
          assert.ok(
            page.text.includes(`href="https://${subdomain}.practice.example.com"`),
            'the clinic’s sign-in address',
          );
        }
        // A running trial is a warning with the day it ends, never a green Active; the owner's buy action beside it.
        if (state === 'trial active') {
          assert.match(page.text, /<span class="label label--attention">Trial · ends [A-Z][a-z]{2} \d{1,2}<\/span>/);
          assert.doesNotMatch(page.text, /label--success">Active</);
          const buy = `<a href="/practice-management/upgrade/${user.accountId}">Add Practice Management</a>`;
          if (role === 'owner') assert.ok(page.text.includes(buy), 'the buy action beside the label');
          else assert.ok(!page.text.includes(buy), 'only the owner buys');
        }
        if (state === 'pending' && role === 'owner') {
          assert.match(text, /Pending/);
          assert.ok(
            page.text.includes('href="https://calm-pending.practice.example.com/setup"'),
            'the pending clinic’s link',
          );
        }
      });
    }
  }

  it('the menu’s Practice Management item leads to /practice-management, for owners only', async () => {
    const { client } = await userIn('owner', 'no clinic');
    assert.match(
      (await client.get(PAGE).expect(200)).text,
      /<a[^>]*href="\/practice-management"[^>]*>Practice Management</,
    );
    const other = await userIn('non-owner role', 'no clinic');
    assert.doesNotMatch(
      (await other.client.get(PAGE).expect(200)).text,
      /<a[^>]*href="\/practice-management"[^>]*>Practice Management</,
    );
  });
});

describe('practice management: Try starts a trial through the EHR', () => {
  it('makes a pending local clinic with a trial, records it on the account, and flashes', async () => {
    const { client, user } = await owner();
    const response = await postForm(client, PAGE, `${PAGE}/${user.accountId}/clinic`, {
      subdomain: 'Calm-Waters',
      provider_id: user.providerIds[0],
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, PAGE);
    const clinic = await ctx().db('local_ehr.clinics').where({ subdomain: 'calm-waters' }).first();
    assert.equal(clinic.status, 'pending');
    assert.equal(Number(clinic.provider_id), user.providerIds[0]);
    const trialDays = (new Date(clinic.trial_end).getTime() - Date.now()) / DAY;
    assert.ok(trialDays > TRIAL_DAYS - 0.01 && trialDays <= TRIAL_DAYS, `a ${TRIAL_DAYS}-day trial`);
    const account = await ctx().db('accounts').where({ id: user.accountId }).first('practice_management');
    assert.equal(jsonObject(account!.practice_management).subdomain, 'calm-waters');
    assert.equal(jsonObject(account!.practice_management).status, 'pending');
    assert.equal(jsonObject(account!.practice_management).clinic_id, clinic.clinic_id);
    const text = mainTextOf((await client.get(PAGE).expect(200)).text);
    assert.match(text, new RegExp(`Your ${TRIAL_DAYS}-day Practice Management trial has started!`));
    assert.match(text, /Set Up Practice Management/);
  });

  it('once the EHR finishes the setup the page reads it: the trial counts as active, Log in shows', async () => {
    const { client, user } = await owner();
    await postForm(client, PAGE, `${PAGE}/${user.accountId}/clinic`, {
      subdomain: 'ready-clinic',
      provider_id: user.providerIds[0],
    });
    const clinic = await ctx().db('local_ehr.clinics').where({ subdomain: 'ready-clinic' }).first();
    await finishLocalClinicSetup(ctx().db, clinic.clinic_id);
    const page = await client.get(PAGE).expect(200);
    assert.match(mainTextOf(page.text), /Log in to Practice Management/);
    assert.ok(page.text.includes('href="https://ready-clinic.practice.example.com"'));
    assert.equal(
      jsonObject(
        (await ctx().db('accounts').where({ id: user.accountId }).first('practice_management'))!.practice_management,
      ).status,
      'active',
    );
    // The trial ends (the EHR's clock): Activate, to the upgrade flow.
    await endLocalTrialNow(ctx().db, clinic.clinic_id);
    const ended = await client.get(PAGE).expect(200);
    assert.match(mainTextOf(ended.text), /Activate Practice Management/);
    assert.ok(ended.text.includes(`href="/practice-management/upgrade/${user.accountId}"`));
  });

  it('paid without a clinic: Set Up makes the clinic without a trial', async () => {
    const { client, user } = await owner();
    await ctx().db('accounts').where({ id: user.accountId }).update({ has_paid_practice_management_plan: true });
    const form = mainTextOf((await client.get(PAGE).expect(200)).text);
    assert.match(form, /Set Up Practice Management/);
    assert.doesNotMatch(form, /Try Practice Management/);
    await postForm(client, PAGE, `${PAGE}/${user.accountId}/clinic`, {
      subdomain: 'bought-clinic',
      provider_id: user.providerIds[0],
    });
    assert.equal((await ctx().db('local_ehr.clinics').where({ subdomain: 'bought-clinic' }).first()).trial_end, null);
    assert.match(
      mainTextOf((await client.get(PAGE).expect(200)).text),
      /Your Practice Management clinic has been requested!/,
    );
  });

  for (const [typed, message] of [
    ['', 'Subdomain required.'],
    ['-bad-', 'Use 3 to 63 lowercase letters, numbers and hyphens, starting and ending with a letter or number.'],
    ['my clinic', 'Use 3 to 63 lowercase letters, numbers and hyphens, starting and ending with a letter or number.'],
  ] as const) {
    it(`a subdomain "${typed}" is refused (422), kept in the field, nothing made`, async () => {
      const { client, user } = await owner();
      const response = await postForm(client, PAGE, `${PAGE}/${user.accountId}/clinic`, {
        subdomain: typed,
        provider_id: user.providerIds[0],
      });
      assert.equal(response.status, 422);
      assert.match(textOf(response.text), new RegExp(message.replace(/\./g, '\\.')));
      if (typed) assert.ok(response.text.includes(`value="${typed}"`));
      assert.equal(
        (await ctx().db('accounts').where({ id: user.accountId }).first('practice_management'))!.practice_management,
        null,
      );
    });
  }

  it('a subdomain another clinic holds is refused with its message', async () => {
    const first = await owner();
    await postForm(first.client, PAGE, `${PAGE}/${first.user.accountId}/clinic`, {
      subdomain: 'taken-name',
      provider_id: first.user.providerIds[0],
    });
    const { client, user } = await owner();
    const response = await postForm(client, PAGE, `${PAGE}/${user.accountId}/clinic`, {
      subdomain: 'taken-name',
      provider_id: user.providerIds[0],
    });
    assert.equal(response.status, 422);
    assert.match(textOf(response.text), /This subdomain is already taken\. Please choose another\./);
    assert.equal(
      (await ctx().db('accounts').where({ id: user.accountId }).first('practice_management'))!.practice_management,
      null,
    );
  });

  it('the EHR failing: the support text, the typed subdomain kept, nothing saved', async () => {
    const { client, user } = await owner();
    const ehr = ctx().integrations.ehr;
    const original = ehr.createClinic;
    ehr.createClinic = async (input) => {
      throw new OutsideServiceError('ehr POST add: 500 down', 'ehr', input.requestId ?? null, 500);
    };
    try {
      const response = await postForm(client, PAGE, `${PAGE}/${user.accountId}/clinic`, {
        subdomain: 'will-fail',
        provider_id: user.providerIds[0],
      });
      assert.equal(response.status, 502);
      assert.match(textOf(response.text), new RegExp(OUTSIDE_SERVICE_FAILED.replace(/\./g, '\\.')));
      assert.ok(response.text.includes('value="will-fail"'));
    } finally {
      ehr.createClinic = original;
    }
    assert.equal(
      (await ctx().db('accounts').where({ id: user.accountId }).first('practice_management'))!.practice_management,
      null,
    );
    assert.equal(await ctx().db('local_ehr.clinics').where({ subdomain: 'will-fail' }).first(), undefined);
  });

  it('only the owner may start it (403); a second start changes nothing', async () => {
    const { client, user } = await userIn('non-owner role', 'no clinic');
    const response = await postForm(client, PAGE, `${PAGE}/${user.accountId}/clinic`, {
      subdomain: 'not-mine',
      provider_id: user.providerIds[0],
    });
    assert.equal(response.status, 403);
    assert.equal(await ctx().db('local_ehr.clinics').where({ subdomain: 'not-mine' }).first(), undefined);
    const started = await userIn('owner', 'trial active');
    await postForm(started.client, PAGE, `${PAGE}/${started.user.accountId}/clinic`, {
      subdomain: 'second-one',
      provider_id: started.user.providerIds[0],
    });
    assert.equal(
      jsonObject(
        (await ctx().db('accounts').where({ id: started.user.accountId }).first('practice_management'))!
          .practice_management,
      ).subdomain,
      'calm-trial',
    );
  });
});

describe('practice management: the EHR not answering while the page is read', () => {
  it('shows what the portal last knew with the support text, and keeps it', async () => {
    const { client, user } = await owner();
    await postForm(client, PAGE, `${PAGE}/${user.accountId}/clinic`, {
      subdomain: 'quiet-clinic',
      provider_id: user.providerIds[0],
    });
    const ehr = ctx().integrations.ehr;
    const original = ehr.listClinics;
    ehr.listClinics = async (_providerId, requestId) => {
      throw new OutsideServiceError('ehr GET list: no answer within 600000 ms', 'ehr', requestId ?? null, null);
    };
    try {
      const text = mainTextOf((await client.get(PAGE).expect(200)).text);
      assert.match(text, new RegExp(OUTSIDE_SERVICE_FAILED.replace(/\./g, '\\.')));
      assert.match(text, /quiet-clinic/);
      assert.match(text, /Set Up Practice Management/);
    } finally {
      ehr.listClinics = original;
    }
    assert.equal(
      jsonObject(
        (await ctx().db('accounts').where({ id: user.accountId }).first('practice_management'))!.practice_management,
      ).subdomain,
      'quiet-clinic',
    );
  });
});

describe('practice management: the EHR booking link (spec 3 §4)', () => {
  /** An owner with a calendar and a clinic made through Try. */
  async function withClinic(): Promise<{ client: Agent; user: MadeUser; providerId: number }> {
    const { client, user } = await owner();
    const providerId = user.providerIds[0]!;
    await completeProfile(ctx().db, providerId);
    await ctx().db('locations').where({ provider_id: providerId }).update({ accepting_patients: 40 });
    await ctx().db('providers').where({ id: providerId }).update({ has_calendar: true });
    await postForm(client, PAGE, `${PAGE}/${user.accountId}/clinic`, {
      subdomain: `clinic-${providerId}`,
      provider_id: providerId,
    });
    return { client, user, providerId };
  }
  const linkOf = async (providerId: number) =>
    (await ctx().db('providers').where({ id: providerId }).first('practice_management_booking_link'))!
      .practice_management_booking_link as JsonObject | null;

  it('without a ready booking page or an override, the setup dialog opens and nothing changes', async () => {
    const { client, providerId } = await withClinic();
    const response = await postForm(client, PAGE, `${PAGE}/booking-link/${providerId}`, { status: 'active' });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, '/practice-management?setup=booking-link');
    const dialog = await client.get(response.headers.location).expect(200);
    assert.match(dialog.text, /role="dialog"/);
    assert.match(mainTextOf(dialog.text), /Set up your EHR booking link/);
    assert.equal(await linkOf(providerId), null);
  });

  it('a ready booking page: enabled with the flash, the EHR told, and the calendar panel leads to the clinic’s page', async () => {
    const { client, user, providerId } = await withClinic();
    await setLocalBookingPageReady(ctx().db, providerId, true);
    assert.match(textOf((await client.get('/calendar').expect(200)).text), /Calendar settings/);
    const response = await postForm(client, PAGE, `${PAGE}/booking-link/${providerId}`, { status: 'active' });
    assert.equal(response.headers.location, PAGE);
    assert.match(mainTextOf((await client.get(PAGE).expect(200)).text), new RegExp(ENABLED));
    const bookingPage = `https://clinic-${providerId}.practice.example.com/book/${providerId}`;
    assert.deepEqual(await linkOf(providerId), {
      status: 'active',
      link_override: null,
      clinic_booking_url: bookingPage,
    });
    assert.equal(
      (await ctx().db('local_ehr.booking_pages').where({ provider_id: providerId }).first()).link_status,
      'active',
    );
    const calendar = await client.get('/calendar').expect(200);
    assert.match(textOf(calendar.text), /Your practice management booking link/);
    assert.ok(calendar.text.includes(`href="${bookingPage}"`));
    // Off again: the flash, the EHR told, the call calendar back.
    await postForm(client, PAGE, `${PAGE}/booking-link/${providerId}`, { status: 'inactive' });
    assert.match(mainTextOf((await client.get(PAGE).expect(200)).text), new RegExp(DISABLED));
    assert.equal((await linkOf(providerId))!.status, 'inactive');
    assert.equal(
      (await ctx().db('local_ehr.booking_pages').where({ provider_id: providerId }).first()).link_status,
      'inactive',
    );
    assert.match(textOf((await client.get('/calendar').expect(200)).text), /Calendar settings/);
    void user;
  });

  it('an override from the dialog enables it without a ready page; a bad address is refused in the dialog (422)', async () => {
    const { client, providerId } = await withClinic();
    const bad = await postForm(client, `${PAGE}?setup=booking-link`, `${PAGE}/booking-link/${providerId}`, {
      status: 'active',
      link_override: 'http://insecure.example.com',
    });
    assert.equal(bad.status, 422);
    assert.match(textOf(bad.text), /Enter the full address of your booking page, starting with https:\/\//);
    assert.ok(bad.text.includes('value="http://insecure.example.com"'));
    assert.equal(await linkOf(providerId), null);
    const good = await postForm(client, `${PAGE}?setup=booking-link`, `${PAGE}/booking-link/${providerId}`, {
      status: 'active',
      link_override: 'https://book.example.com/calm',
    });
    assert.equal(good.headers.location, PAGE);
    assert.equal((await linkOf(providerId))!.link_override, 'https://book.example.com/calm');
    assert.ok((await client.get('/calendar').expect(200)).text.includes('href="https://book.example.com/calm"'));
  });

  it('the EHR failing: the support text, and the link stays as it was', async () => {
    const { client, providerId } = await withClinic();
    await setLocalBookingPageReady(ctx().db, providerId, true);
    const ehr = ctx().integrations.ehr;
    const original = ehr.setBookingLink;
    ehr.setBookingLink = async () => {
      throw new OutsideServiceError('ehr POST link: timeout', 'ehr', null, null);
    };
    try {
      await postForm(client, PAGE, `${PAGE}/booking-link/${providerId}`, { status: 'active' });
    } finally {
      ehr.setBookingLink = original;
    }
    assert.match(
      mainTextOf((await client.get(PAGE).expect(200)).text),
      new RegExp(OUTSIDE_SERVICE_FAILED.replace(/\./g, '\\.')),
    );
    assert.equal(await linkOf(providerId), null);
  });

  it('an account without practice management has no booking link to turn on (403)', async () => {
    const { client, user } = await owner();
    const response = await postForm(client, PAGE, `${PAGE}/booking-link/${user.providerIds[0]}`, {
      status: 'active',
      link_override: 'https://book.example.com/x',
    });
    assert.equal(response.status, 403);
    assert.equal(await linkOf(user.providerIds[0]!), null);
  });
});

describe('practice management: another account’s ids are not found (404)', () => {
  it('the account id of Try and the provider id of the booking link', async () => {
    const a = await owner();
    const b = await userIn('owner', 'trial active');
    const csrf = csrfFrom((await a.client.get(PAGE).expect(200)).text);
    await a.client
      .post(`${PAGE}/${b.user.accountId}/clinic`)
      .type('form')
      .send({ _csrf: csrf, subdomain: 'stolen', provider_id: String(b.user.providerIds[0]) })
      .expect(404);
    // Its own account with another account's provider: not found either.
    await a.client
      .post(`${PAGE}/${a.user.accountId}/clinic`)
      .type('form')
      .send({ _csrf: csrf, subdomain: 'stolen', provider_id: String(b.user.providerIds[0]) })
      .expect(404);
    await a.client
      .post(`${PAGE}/booking-link/${b.user.providerIds[0]}`)
      .type('form')
      .send({ _csrf: csrf, status: 'active', link_override: 'https://evil.example.com' })
      .expect(404);
    assert.equal(await ctx().db('local_ehr.clinics').where({ subdomain: 'stolen' }).first(), undefined);
    assert.equal(
      (await ctx().db('providers').where({ id: b.user.providerIds[0] }).first('practice_management_booking_link'))!
        .practice_management_booking_link,
      null,
    );
  });
});

describe('the add-on buttons on the dashboard and the Partnerships page (spec 1 §2, §6)', () => {
  /** A paid, complete, active profile (past onboarding) of the given roles, with practice management facts. */
  async function member(
    roles: string[],
    account: Record<string, unknown> = {},
  ): Promise<{ client: Agent; user: MadeUser }> {
    const user = await createProviderUser(ctx().db, {
      paid: true,
      roles,
      providers: [{ firstName: 'Robin', lastName: 'Hale', status: 'active' }],
    });
    await completeProfile(ctx().db, user.providerIds[0]!);
    if (Object.keys(account).length) await ctx().db('accounts').where({ id: user.accountId }).update(account);
    const client = agent();
    await signIn(client, user.email);
    return { client, user };
  }
  const trial = { practice_management: JSON.stringify(STATES['trial active'].clinic) };

  it('the owner sees Log in to Practice Management (a new tab) on both; Try before any clinic', async () => {
    const { client } = await member(['owner'], trial);
    for (const path of ['/', '/benefits/partnerships']) {
      const page = await client.get(path).expect(200);
      assert.match(
        page.text,
        /<a[^>]*href="https:\/\/calm-trial\.practice\.example\.com"[^>]*target="_blank"[^>]*>Log in to Practice Management/,
        path,
      );
    }
    const fresh = await member(['owner']);
    for (const path of ['/', '/benefits/partnerships']) {
      assert.match(
        (await fresh.client.get(path).expect(200)).text,
        /<a[^>]*href="\/practice-management"[^>]*>Try Practice Management/,
        path,
      );
    }
  });

  it('a running trial is a warning label with the day it ends and the buy action on both, never a green Active', async () => {
    const { client, user } = await member(['owner'], trial);
    const paid = await member(['owner'], { practice_management: JSON.stringify(STATES.paid.clinic) });
    for (const path of ['/', '/benefits/partnerships']) {
      const html = (await client.get(path).expect(200)).text;
      assert.match(html, /<span class="label label--attention">Trial · ends [A-Z][a-z]{2} \d{1,2}<\/span>/, path);
      assert.ok(html.includes(`<a href="/practice-management/upgrade/${user.accountId}">Add Practice Management</a>`));
      assert.doesNotMatch((await paid.client.get(path).expect(200)).text, /Trial · ends/, `${path}: paid, no trial`);
    }
  });

  it('a non-owner sees no practice-management button', async () => {
    const { client } = await member(['intake-coordinator'], trial);
    for (const path of ['/', '/benefits/partnerships']) {
      const text = textOf((await client.get(path).expect(200)).text);
      for (const label of BUTTONS) assert.doesNotMatch(text, new RegExp(label), `${path}: ${label}`);
    }
  });

  it('Log in to Private Pay Booster: a post to the sign-in in a new window, with the CSRF field and the profile', async () => {
    const { client, user } = await member(['owner'], { reimbursify_account_created: true });
    for (const path of ['/', '/benefits/partnerships']) {
      const html = (await client.get(path).expect(200)).text;
      const form = /<form[^>]*action="\/private-pay-booster\/sign-in"[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
      assert.match(form, /method="post"/, path);
      assert.match(form, /target="_blank"/, path);
      assert.match(form, /name="_csrf"/, path);
      assert.ok(form.includes(`name="provider_id" value="${user.providerIds[0]}"`), path);
      assert.match(form, /Log in to Private Pay Booster/, path);
    }
  });

  for (const [name, roles, account, shows] of [
    [
      'a reimbursify role on a benefits-tool account',
      ['reimbursify-practitioner'],
      { reimbursify_account_created: true },
      true,
    ],
    ['an intake coordinator', ['intake-coordinator'], { reimbursify_account_created: true }, false],
    [
      'the owner, with the hide-reimbursify-sso-upgrade flag',
      ['owner'],
      { reimbursify_account_created: true, feature_flags: JSON.stringify({ 'hide-reimbursify-sso-upgrade': true }) },
      false,
    ],
    [
      'the owner, no benefits-tool account and no good subscription',
      ['owner'],
      { active_or_trialing_subscription_count: 0 },
      false,
    ],
    [
      'the owner, a good seat subscription',
      ['owner'],
      { seat_based: true, active_or_trialing_subscription_count: 1 },
      true,
    ],
  ] as const) {
    it(`Private Pay Booster: ${name} → ${shows ? 'shown' : 'hidden'}`, async () => {
      const { client } = await member([...roles], account);
      const html = (await client.get('/').expect(200)).text;
      assert.equal(/action="\/private-pay-booster\/sign-in"/.test(html), shows);
    });
  }
});

describe('demo data: practice management (issue [13] item 7)', function () {
  this.timeout(120_000);

  it('the practice is in a trial ending in 5 days with its booking link on; Alex Morgan’s trial has ended (Activate)', async () => {
    const { db } = ctx();
    await runSeeds(db, { demo: true });
    await runSeeds(db, { demo: true }); // idempotent: a second run changes nothing
    const practice = await db('users as u')
      .join('account_roles as r', 'r.user_id', 'u.id')
      .join('accounts as a', 'a.id', 'r.account_id')
      .where({ 'u.email': DEMO_EMAILS.practice, 'r.role': 'owner' })
      .first('a.practice_management');
    const daysLeft = (Date.parse(practice.practice_management.trial_end) - Date.now()) / DAY;
    assert.ok(daysLeft > 4.9 && daysLeft <= 5, `${daysLeft} days left`);
    assert.equal(
      await db('local_ehr.clinics')
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
      2,
    );

    const client = agent();
    await signIn(client, DEMO_EMAILS.practice, DEMO_PASSWORD);
    const page = await client.get(PAGE).expect(200);
    assert.match(mainTextOf(page.text), /Log in to Practice Management/);
    assert.ok(page.text.includes('href="https://harbor-light.practice.example.com"'));
    assert.match(
      mainTextOf(page.text),
      /EHR booking link .* Status On Booking page https:\/\/harbor-light\.practice\.example\.com\/book\/\d+ Turn off booking link/,
    );

    const alexAccount = await db('users as u')
      .join('account_roles as r', 'r.user_id', 'u.id')
      .join('accounts as a', 'a.id', 'r.account_id')
      .where({ 'u.email': DEMO_EMAILS.twoFactor })
      .first('a.id', 'a.practice_management', 'a.has_paid_practice_management_plan');
    assert.ok(Date.parse(alexAccount.practice_management.trial_end) < Date.now());
    assert.equal(alexAccount.has_paid_practice_management_plan, false);
  });
});

describe('/dev/ehr: the local EHR’s stand-in', () => {
  it('lists a clinic and finishes its setup, ends its trial and readies a booking page, with flashes', async () => {
    const { client, user } = await owner();
    await postForm(client, PAGE, `${PAGE}/${user.accountId}/clinic`, {
      subdomain: 'dev-clinic',
      provider_id: user.providerIds[0],
    });
    const { clinic_id: clinicId } = await ctx()
      .db('local_ehr.clinics')
      .where({ subdomain: 'dev-clinic' })
      .first('clinic_id');
    const page = await client.get('/dev/ehr').expect(200);
    assert.match(mainTextOf(page.text), /dev-clinic Pending/);
    await postForm(client, '/dev/ehr', '/dev/ehr/clinic-setup', { clinic_id: clinicId });
    await postForm(client, '/dev/ehr', '/dev/ehr/trial-end', { clinic_id: clinicId });
    await postForm(client, '/dev/ehr', '/dev/ehr/booking-pages', { provider_id: user.providerIds[0], ready: '1' });
    const after = mainTextOf((await client.get('/dev/ehr').expect(200)).text);
    assert.match(after, /The booking page of provider \d+ is ready\./);
    const row = await ctx().db('local_ehr.clinics').where({ clinic_id: clinicId }).first();
    assert.equal(row.status, 'active');
    assert.ok(new Date(row.trial_end).getTime() < Date.now());
    assert.equal(
      (await ctx().db('local_ehr.booking_pages').where({ provider_id: user.providerIds[0] }).first()).ready,
      true,
    );
  });

  it('does not exist in production', async () => {
    const config = testConfig({ NODE_ENV: 'production', READ_CACHE: '0' });
    const { db, database } = ctx();
    const silent = createLogger('silent');
    const portal = createApp({
      config,
      db,
      databaseUrl: database.url,
      logger: silent,
      integrations: createPortalIntegrations(config, db, silent),
    });
    try {
      await supertest(portal.app).get('/dev/ehr').expect(404);
    } finally {
      await portal.close();
    }
  });
});

describe('practice management: an EHR failure is logged with the request id, which the EHR was given too', () => {
  it('Try: the log line and the port call carry the response’s request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'error' },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    );
    const portal = createApp({
      config: ctx().config,
      db: ctx().db,
      databaseUrl: ctx().database.url,
      logger,
      integrations: ctx().integrations,
    });
    const ehr = ctx().integrations.ehr;
    const original = ehr.createClinic;
    const given: (string | null | undefined)[] = [];
    ehr.createClinic = async (input) => {
      given.push(input.requestId);
      throw new OutsideServiceError('ehr POST add: 503 maintenance', 'ehr', input.requestId ?? null, 503);
    };
    try {
      const user = await createProviderUser(ctx().db);
      const client = supertest.agent(portal.app);
      await signIn(client, user.email);
      const csrf = csrfFrom((await client.get(PAGE).expect(200)).text);
      const response = await client
        .post(`${PAGE}/${user.accountId}/clinic`)
        .type('form')
        .send({ _csrf: csrf, subdomain: 'logged-clinic', provider_id: String(user.providerIds[0]) });
      const requestId = response.headers['x-request-id'];
      assert.ok(requestId);
      assert.deepEqual(given, [requestId]);
      const line = lines.find(
        (l) => l.requestId === requestId && /practice management: creating the clinic failed/.test(String(l.msg)),
      );
      assert.ok(line, 'a log line with the request id');
    } finally {
      ehr.createClinic = original;
      await portal.close();
    }
  });
});
