// A failed save loses nothing and says so in the spec's words (spec 1 §8, spec 2 §8, issue [14] item 1).
// The database is made to refuse inside the post with a trigger that raises, created by the test: the
// form comes back with what was typed and the exact message, nothing is half-saved, and the failure is
// logged with the request id. A profile page whose data cannot be read says "There was an error loading
// your profile." with a link to try again.
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import supertest from 'supertest';
import { createApp, type PortalApp } from '../../server/app';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { csrfFrom, formBody, mainTextOf, signIn, textOf, type Agent, type FormValues } from '../support/http';

const SPEC1_SAVE_FAILED =
  'There was an error saving your changes. Please contact us if you continue to have this issue.';
const spec2SaveFailed = () =>
  `There was an error saving your changes. Please contact us at ${ctx().config.supportEmail} if you continue to have this issue.`;

const inMonths = (months: number) => {
  const day = new Date();
  day.setUTCMonth(day.getUTCMonth() + months);
  return day.toISOString().slice(0, 10);
};

let portal: PortalApp;
const logLines: Record<string, unknown>[] = [];

before(() => {
  // The shared test app logs nothing; this one keeps its error lines to read the request id in them.
  const logger = pino(
    { level: 'error' },
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  portal = createApp({
    config: ctx().config,
    db: ctx().db,
    databaseUrl: ctx().database.url,
    logger,
    integrations: ctx().integrations,
  });
});
after(async () => {
  await portal.close();
});

async function signedIn() {
  const user = await createProviderUser(ctx().db, { paid: true });
  const client = supertest.agent(portal.app);
  await signIn(client, user.email);
  return { client, user, providerId: user.providerIds[0]! };
}

async function post(client: Agent, tokenPage: string, path: string, values: FormValues) {
  const _csrf = csrfFrom((await client.get(tokenPage)).text);
  return client
    .post(path)
    .type('form')
    .send(formBody({ _csrf, ...values }));
}

/** Makes PostgreSQL refuse every `event` on `table` until the returned function is called. */
async function refuse(table: string, event: 'UPDATE' | 'INSERT' | 'DELETE'): Promise<() => Promise<void>> {
  const db = ctx().db;
  await db.raw(
    `CREATE OR REPLACE FUNCTION failed_saves_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the failed-saves test'; END $$`,
  );
  await db.raw(
    `CREATE TRIGGER failed_saves_refuse BEFORE ${event} ON ${table} FOR EACH ROW EXECUTE FUNCTION failed_saves_refuse()`,
  );
  return async () => {
    await db.raw(`DROP TRIGGER IF EXISTS failed_saves_refuse ON ${table}`);
  };
}

/** The error flash of the page, exactly. */
function assertErrorFlash(html: string, message: string) {
  const flash = /class="flash flash--error"[^>]*>([\s\S]*?)<\/(?:div|p|li)>/.exec(html);
  assert.ok(flash, 'an error flash is shown');
  assert.ok(textOf(flash[1]!).includes(message), `flash says "${message}", got "${textOf(flash[1]!)}"`);
}

/** The failure was logged once, with the request id the response carries. */
function assertLogged(response: { headers: Record<string, string> }, message: string) {
  const requestId = response.headers['x-request-id'];
  assert.ok(requestId);
  const line = logLines.find((l) => l.msg === message && l.requestId === requestId);
  assert.ok(line, `a log line "${message}" with requestId ${requestId}`);
  assert.equal(line.reqId, requestId);
  assert.match(JSON.stringify(line.err), /refused by the failed-saves test/);
}

describe('failed saves: spec 1 pages say "There was an error saving your changes. Please contact us if you continue to have this issue." (spec 1 §8)', () => {
  it('Account Settings, name: the form comes back with the typed names; the user row and the audit log are untouched', async () => {
    const { client, user } = await signedIn();
    const release = await refuse('users', 'UPDATE');
    let response: supertest.Response;
    try {
      response = await post(client, '/account-preferences', '/account-preferences/name', {
        first_name: 'Morgan',
        middle_name: 'Lee',
        last_name: 'Quincy',
        company_name: '',
      });
    } finally {
      await release();
    }
    assert.equal(response.status, 500);
    assertErrorFlash(response.text, SPEC1_SAVE_FAILED);
    assert.match(response.text, /name="first_name"[^>]*value="Morgan"|value="Morgan"[^>]*name="first_name"/);
    assert.match(response.text, /value="Quincy"/);
    const row = await ctx().db('users').where({ id: user.userId }).first();
    assert.deepEqual([row!.first_name, row!.last_name], ['Taylor', 'Test']);
    assert.equal(
      (await ctx().db('audit_log').where({ user_id: user.userId, action: 'name_changed' })).length,
      0,
      'one transaction: no audit row for a change that was not saved',
    );
    assertLogged(response, SPEC1_SAVE_FAILED);
  });

  it('Update Password: the page comes back with the message, the password unchanged', async () => {
    const { client, user } = await signedIn();
    const before = (await ctx().db('users').where({ id: user.userId }).first())!.password_hash;
    const release = await refuse('users', 'UPDATE');
    let response: supertest.Response;
    try {
      response = await post(client, '/password/update', '/password/update', {
        old_password: 'Test-password-1!',
        new_password: 'A-new-password-2!',
        new_password_confirmation: 'A-new-password-2!',
      });
    } finally {
      await release();
    }
    assert.equal(response.status, 500);
    assertErrorFlash(response.text, SPEC1_SAVE_FAILED);
    assert.equal((await ctx().db('users').where({ id: user.userId }).first())!.password_hash, before);
    assertLogged(response, SPEC1_SAVE_FAILED);
  });

  it('switching profiles: nothing switches, and Choose a Profile says so', async () => {
    const user = await createProviderUser(ctx().db, {
      providers: [{ firstName: 'Ann' }, { firstName: 'Ben', status: 'reviewing' }],
    });
    const client = supertest.agent(portal.app);
    await signIn(client, user.email);
    const before = (await ctx().db('users').where({ id: user.userId }).first())!.selected_provider_id;
    const release = await refuse('users', 'UPDATE');
    let response: supertest.Response;
    try {
      response = await post(client, '/profiles', `/profiles/${user.providerIds[1]}/selection`, { next: '/' });
    } finally {
      await release();
    }
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, '/profiles');
    assertLogged(response, SPEC1_SAVE_FAILED);
    const page = await client.get('/profiles').expect(200);
    assertErrorFlash(page.text, SPEC1_SAVE_FAILED);
    assert.match(mainTextOf(page.text), /Ann Test[^B]*\(current profile\)/, 'still on the first profile');
    assert.equal((await ctx().db('users').where({ id: user.userId }).first())!.selected_provider_id, before);
  });
});

describe('failed saves: spec 2 sections say their own words (spec 2 §8)', () => {
  it('a profile section (pronouns): "There was an error updating your profile.", with the typed text kept', async () => {
    const { client, providerId } = await signedIn();
    const before = (await ctx().db('providers').where({ id: providerId }).first())!.custom_content;
    const release = await refuse('providers', 'UPDATE');
    let response: supertest.Response;
    try {
      response = await post(client, '/profile/general-information', '/profile/general-information/pronouns', {
        pronouns: 'Other',
        pronouns_other: 'ze/zir',
      });
    } finally {
      await release();
    }
    assert.equal(response.status, 500);
    assertErrorFlash(response.text, 'There was an error updating your profile.');
    assert.match(response.text, /value="ze\/zir"/);
    assert.deepEqual((await ctx().db('providers').where({ id: providerId }).first())!.custom_content, before);
    assertLogged(response, 'There was an error updating your profile.');
  });

  it('availability: "There was an error updating your availability.", the choices kept, no location changed', async () => {
    const { client, providerId } = await signedIn();
    const [office, online] = (
      await ctx()
        .db('locations')
        .insert([
          {
            provider_id: providerId,
            state: 'NY',
            remote_location: false,
            location_name: 'Midtown',
            address: '1 Main St',
            city: 'New York',
            zip: '10001',
            morning_availability: true,
          },
          { provider_id: providerId, state: 'NJ', remote_location: true, morning_availability: true },
        ])
        .returning('id')
    ).map((r) => Number(r.id));
    // The locations are written first and the profile last: the refusal comes after rows were changed.
    const release = await refuse('providers', 'UPDATE');
    let response: supertest.Response;
    try {
      response = await post(client, '/profile/availability-locations', '/profile/availability-locations/availability', {
        location_ids: [office!, online!],
        [`accepting_patients_${office}`]: '20',
        [`morning_availability_${office}`]: '1',
        [`accepting_patients_${online}`]: '0',
        availability_notes: 'Openings on Tuesday evenings',
      });
    } finally {
      await release();
    }
    assert.equal(response.status, 500);
    assertErrorFlash(response.text, 'There was an error updating your availability.');
    assert.match(response.text, /Openings on Tuesday evenings/);
    assert.match(response.text, new RegExp(`name="accepting_patients_${office}" checked="" value="20"`));
    const rows = await ctx().db('locations').where({ provider_id: providerId }).orderBy('id');
    assert.deepEqual(
      rows.map((r) => r.accepting_patients),
      [40, 40],
      'one transaction: nothing half-saved',
    );
    assertLogged(response, 'There was an error updating your availability.');
  });

  it('a location: "There was an error updating your location.", the typed address kept', async () => {
    const { client, providerId } = await signedIn();
    const [office] = (
      await ctx()
        .db('locations')
        .insert({
          provider_id: providerId,
          state: 'NY',
          remote_location: false,
          location_name: 'Midtown',
          address: '1 Main St',
          city: 'New York',
          zip: '10001',
          morning_availability: true,
        })
        .returning('id')
    ).map((r) => Number(r.id));
    await ctx()
      .db('licenses')
      .insert({
        provider_id: providerId,
        state: 'NY',
        number: 'N-NY',
        license_type: 'LCSW',
        expiration: new Date().getUTCFullYear() + 2,
        verification: 'Verified',
      });
    const release = await refuse('locations', 'UPDATE');
    let response: supertest.Response;
    try {
      response = await post(
        client,
        '/profile/availability-locations',
        `/profile/availability-locations/locations/${office}`,
        {
          location_name: 'Midtown East',
          address: '77 Lexington Ave',
          city: 'New York',
          zip: '10010',
          state: 'NY',
          accepting_patients: '40',
          morning_availability: '1',
          open_0: '1',
          hours_0: '9am - 4pm',
        },
      );
    } finally {
      await release();
    }
    assert.equal(response.status, 500);
    assertErrorFlash(response.text, 'There was an error updating your location.');
    assert.match(response.text, /value="77 Lexington Ave"/);
    assert.match(response.text, /value="Midtown East"/);
    const row = await ctx().db('locations').where({ id: office }).first();
    assert.deepEqual([row!.location_name, row!.address], ['Midtown', '1 Main St']);
    assertLogged(response, 'There was an error updating your location.');
  });

  it('a testimonial display: "There was an error changing the display setting for the testimonial."', async () => {
    const { client, providerId } = await signedIn();
    const [made] = await ctx()
      .db('feedback')
      .insert({
        provider_id: providerId,
        kind: 'testimonial',
        body: 'Kind and practical.',
        author: 'J.M.',
        submitted_at: '2026-03-01T12:00:00Z',
        display_testimonial: true,
      })
      .returning('id');
    const id = Number(made.id);
    const release = await refuse('feedback', 'UPDATE');
    let response: supertest.Response;
    try {
      response = await post(client, '/testimonials', `/testimonials/${id}/display`, { display_testimonial: '0' });
    } finally {
      await release();
    }
    assert.equal(response.status, 500);
    assertErrorFlash(response.text, 'There was an error changing the display setting for the testimonial.');
    assert.match(mainTextOf(response.text), /Kind and practical\./);
    assert.equal((await ctx().db('feedback').where({ id }).first())!.display_testimonial, true);
    assertLogged(response, 'There was an error changing the display setting for the testimonial.');
  });

  it('another spec 2 form (a therapy group): "There was an error saving your changes. Please contact us at {support e-mail} …", the typed group kept', async () => {
    const { client, providerId } = await signedIn();
    const [made] = await ctx()
      .db('therapy_groups')
      .insert({
        provider_id: providerId,
        name: 'Grief Circle',
        slug: 'grief-circle',
        status: 'inactive',
        short_description: 'For loss.',
        image_key: 'groups/kept.png',
      })
      .returning('id');
    const id = Number(made.id);
    const release = await refuse('therapy_groups', 'UPDATE');
    let response: supertest.Response;
    try {
      response = await post(client, '/therapy-groups', `/therapy-groups/${id}`, {
        name: 'Grief Circle Evenings',
        status: 'inactive',
        expired_at: inMonths(2),
        hours: 'Thursdays 7pm',
        costs: '$40',
        short_description: 'For loss, in the evening.',
        description: 'A small group meeting online each week.',
        remote_location: '1',
        state: 'NY',
      });
    } finally {
      await release();
    }
    assert.equal(response.status, 500, mainTextOf(response.text));
    assertErrorFlash(response.text, spec2SaveFailed());
    assert.match(response.text, /value="Grief Circle Evenings"/);
    assert.equal((await ctx().db('therapy_groups').where({ id }).first())!.name, 'Grief Circle');
    assertLogged(response, spec2SaveFailed());
  });
});

describe('failed loads: "There was an error loading your profile." with a retry link (spec 1 §8)', () => {
  it('a profile page whose data cannot be read: status 500, the message, a link to the same address, no stack', async () => {
    const { client } = await signedIn();
    await ctx().db.raw('ALTER TABLE feedback RENAME TO feedback_away');
    let response: supertest.Response;
    try {
      response = await client.get('/testimonials?from=menu');
    } finally {
      await ctx().db.raw('ALTER TABLE feedback_away RENAME TO feedback');
    }
    assert.equal(response.status, 500);
    const main = mainTextOf(response.text);
    assert.match(main, /There was an error loading your profile\./);
    assert.match(response.text, /<a [^>]*href="\/testimonials\?from=menu"[^>]*>Try again<\/a>/);
    assert.doesNotMatch(response.text, /feedback_away|at .*\.ts:\d+/, 'no database detail or stack');
    assert.ok(main.includes(response.headers['x-request-id']!), 'the reference to quote to support');
    // The menu stays, so the user can go elsewhere.
    assert.match(response.text, /href="\/account-preferences"/);
    // Trying again works once the data can be read.
    const again = await client.get('/testimonials?from=menu');
    assert.equal(again.status, 200);
    assert.doesNotMatch(mainTextOf(again.text), /There was an error loading your profile\./);
  });

  it("when the signed-in user's profiles cannot be read, any page says so (plain layout)", async () => {
    const { client } = await signedIn();
    await ctx().db.raw('ALTER TABLE provider_clinicians RENAME TO provider_clinicians_away');
    let response: supertest.Response;
    try {
      // The rename is a write through this process's knex, so the cached viewer is not served (ChangeFeed);
      // the account page is not a profile page, yet it cannot be shown without the user's profiles.
      response = await client.get('/account-preferences');
    } finally {
      await ctx().db.raw('ALTER TABLE provider_clinicians_away RENAME TO provider_clinicians');
    }
    assert.equal(response.status, 500);
    assert.match(textOf(response.text), /There was an error loading your profile\./);
    assert.match(response.text, /<a [^>]*href="\/account-preferences"[^>]*>Try again<\/a>/);
  });

  it('an island request (JSON) gets the JSON error with the request id, not the page', async () => {
    const { client } = await signedIn();
    await ctx().db.raw('ALTER TABLE feedback RENAME TO feedback_away');
    let response: supertest.Response;
    try {
      response = await client.get('/testimonials').set('Accept', 'application/json');
    } finally {
      await ctx().db.raw('ALTER TABLE feedback_away RENAME TO feedback');
    }
    assert.equal(response.status, 500);
    assert.equal(response.body.requestId, response.headers['x-request-id']);
  });
});
