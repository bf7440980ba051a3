// /profile/availability-locations (spec 2 §2 Profile pages, §4 Accepting status and Checkbox hours,
// §5 Location form and Contact methods, §8, §9), one describe per rule, the spec's messages asserted.
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, textOf, type Agent, postForm, type FormValues } from '../support/http';

const PAGE = '/profile/availability-locations';
const DAY_MS = 24 * 60 * 60 * 1000;

const post = (client: Agent, path: string, values: FormValues) => postForm(client, PAGE, path, values);

/** Follows a 303 and returns the text of the page it leads to (where the flash shows). */
async function follow(client: Agent, response: { status: number; headers: Record<string, string> }): Promise<string> {
  assert.equal(response.status, 303);
  return mainTextOf((await client.get(response.headers.location!.replace(/#.*$/, '')).expect(200)).text);
}

interface LocationRow {
  state: string;
  remote_location?: boolean;
  accepting_patients?: number;
  address?: string;
  city?: string;
  zip?: string;
  location_name?: string;
  morning_availability?: boolean;
}

async function addLocation(providerId: number, row: LocationRow): Promise<number> {
  const [made] = await ctx()
    .db('locations')
    .insert({ provider_id: providerId, remote_location: true, morning_availability: true, ...row })
    .returning('id');
  return Number(made.id);
}

async function addLicense(providerId: number, state: string, verification = 'Verified') {
  await ctx()
    .db('licenses')
    .insert({
      provider_id: providerId,
      state,
      number: `N-${state}`,
      license_type: 'LCSW',
      expiration: new Date().getUTCFullYear() + 2,
      verification,
    });
}

async function setContent(providerId: number, values: Record<string, unknown>) {
  await ctx()
    .db('providers')
    .where({ id: providerId })
    .update({ custom_content: ctx().db.raw('custom_content || ?::jsonb', [JSON.stringify(values)]) });
}

async function contentOf(providerId: number): Promise<Record<string, unknown>> {
  return jsonObject((await ctx().db('providers').where({ id: providerId }).first('custom_content'))!.custom_content);
}

async function signedIn() {
  const user = await createProviderUser(ctx().db, { paid: true });
  const client = agent();
  await signIn(client, user.email);
  return { client, id: user.providerIds[0]!, user };
}

/** A provider with a New York office (licensed, Verified) and New Jersey online (licence Unverified). */
async function withLocations() {
  const s = await signedIn();
  const office = await addLocation(s.id, {
    state: 'NY',
    remote_location: false,
    location_name: 'Midtown',
    address: '1 Main St',
    city: 'New York',
    zip: '10001',
  });
  const online = await addLocation(s.id, { state: 'NJ' });
  await addLicense(s.id, 'NY');
  await addLicense(s.id, 'NJ', 'Unverified');
  return { ...s, office, online };
}

const officeForm = (extra: FormValues = {}): FormValues => ({
  kind: 'office',
  location_name: 'Uptown',
  address: '99 Broadway',
  city: 'New York',
  zip: '10006',
  state: 'NY',
  accepting_patients: '40',
  morning_availability: '1',
  open_0: '1',
  hours_0: '9am - 4pm',
  ...extra,
});

describe('availability-locations: the page and its access', () => {
  it('signed-out visitors go to /login', async () => {
    const response = await agent().get(PAGE).expect(303);
    assert.equal(response.headers.location, `/login?next=${encodeURIComponent(PAGE)}`);
  });

  it('has the anchors #practice-locations, #practice-locations-header and #confirmed, and says when a location is shown publicly', async () => {
    const { client } = await withLocations();
    const html = (await client.get(PAGE).expect(200)).text;
    assert.match(html, /<title>Availability &amp; Locations \|/);
    assert.match(html, /id="practice-locations"/);
    assert.match(html, /id="practice-locations-header"/);
    assert.match(html, /id="confirmed"/);
    const text = mainTextOf(html);
    assert.match(
      text,
      /A location appears on your public profile only when you have a verified license for its state\./,
    );
    // should_display: NY has a Verified licence, NJ only an Unverified one.
    assert.match(text, /Midtown 1 Main St New York, NY 10001 Shown on your public profile/);
    assert.match(
      text,
      /Online sessions \(New Jersey\) Not shown It shows on your public profile once your New Jersey license is verified\./,
    );
  });

  it("another account's location ids are not found (404): edit, delete and the availability form", async () => {
    const { client } = await withLocations();
    const other = await createProviderUser(ctx().db);
    const theirs = await addLocation(other.providerIds[0]!, { state: 'CA' });
    await post(client, `${PAGE}/locations/${theirs}`, { state: 'CA', accepting_patients: '0' }).then((r) =>
      assert.equal(r.status, 404),
    );
    await post(client, `${PAGE}/locations/delete`, { location_ids: [theirs], confirmed: '1' }).then((r) =>
      assert.equal(r.status, 404),
    );
    await post(client, `${PAGE}/availability`, { location_ids: [theirs], [`accepting_patients_${theirs}`]: '0' }).then(
      (r) => assert.equal(r.status, 404),
    );
    await post(client, `${PAGE}/locations/abc`, { state: 'CA' }).then((r) => assert.equal(r.status, 404));
    assert.equal(
      (await ctx().db('locations').where({ id: theirs }).first())!.accepting_patients,
      40,
      'their location is untouched',
    );
  });
});

describe('availability-locations: accepting status (spec 2 §4)', () => {
  it('offers Yes / Waitlist (2-3 week wait) / No per location, the saved value checked', async () => {
    const { client, office } = await withLocations();
    const html = (await client.get(`${PAGE}?edit=availability`).expect(200)).text;
    assert.match(html, new RegExp(`name="accepting_patients_${office}" checked="" value="40"`));
    assert.match(textOf(html), /Yes Waitlist \(2-3 week wait\) No/);
    assert.match(html, /value="20"/);
  });

  it('saves 40 / 20 / 0, keeps the previous value, stamps availability_last_updated', async () => {
    const { client, id, office, online } = await withLocations();
    const response = await post(client, `${PAGE}/availability`, {
      location_ids: [office, online],
      [`accepting_patients_${office}`]: '20',
      [`morning_availability_${office}`]: '1',
      [`accepting_patients_${online}`]: '0',
      availability_notes: 'Openings on Tuesday evenings',
    });
    assert.match(await follow(client, response), /Your availability has been updated!/);
    const rows = await ctx().db('locations').where({ provider_id: id }).orderBy('id');
    assert.deepEqual(
      rows.map((r) => [r.accepting_patients, r.previous_accepting_patients]),
      [
        [20, 40],
        [0, 40],
      ],
    );
    const content = await contentOf(id);
    assert.equal(content.availability_notes, 'Openings on Tuesday evenings');
    assert.ok(Date.now() - Date.parse(String(content.availability_last_updated)) < 60_000);
  });

  it('when all locations were off and a scheduling link exists, the phone consultation link is displayed again', async () => {
    const { client, id, office, online } = await withLocations();
    await ctx().db('locations').where({ provider_id: id }).update({ accepting_patients: 0 });
    await setContent(id, { acuity_link: 'https://scheduling.example/dana', display_acuity_scheduling_link: false });
    await post(client, `${PAGE}/availability`, {
      location_ids: [office, online],
      [`accepting_patients_${office}`]: '40',
      [`evening_availability_${office}`]: '1',
      [`accepting_patients_${online}`]: '0',
    }).then((r) => assert.equal(r.status, 303));
    assert.equal((await contentOf(id)).display_acuity_scheduling_link, true);
  });

  it('without a scheduling link the display stays off', async () => {
    const { client, id, office } = await withLocations();
    await ctx().db('locations').where({ provider_id: id }).update({ accepting_patients: 0 });
    await post(client, `${PAGE}/availability`, {
      location_ids: [office],
      [`accepting_patients_${office}`]: '40',
      [`evening_availability_${office}`]: '1',
    });
    assert.notEqual((await contentOf(id)).display_acuity_scheduling_link, true);
  });

  it('an accepting location needs a time: "Please indicate when you are accepting new clients..." (nothing saved, typed values kept)', async () => {
    const { client, id, office, online } = await withLocations();
    const response = await post(client, `${PAGE}/availability`, {
      location_ids: [office, online],
      [`accepting_patients_${office}`]: '0',
      [`accepting_patients_${online}`]: '20',
      availability_notes: 'Kept note',
    });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Please indicate when you are accepting new clients\.\.\./);
    assert.match(response.text, /Kept note/);
    assert.match(response.text, new RegExp(`name="accepting_patients_${office}" checked="" value="0"`));
    const rows = await ctx().db('locations').where({ provider_id: id }).orderBy('id');
    assert.deepEqual(
      rows.map((r) => r.accepting_patients),
      [40, 40],
      'one transaction: nothing half-saved',
    );
  });

  it('availability notes: "Please keep your note under 200 characters!" and no contact details', async () => {
    const { client, office } = await withLocations();
    const base = {
      location_ids: [office],
      [`accepting_patients_${office}`]: '40',
      [`morning_availability_${office}`]: '1',
    };
    const long = await post(client, `${PAGE}/availability`, { ...base, availability_notes: 'x'.repeat(201) });
    assert.equal(long.status, 422);
    assert.match(mainTextOf(long.text), /Please keep your note under 200 characters!/);
    const contact = await post(client, `${PAGE}/availability`, {
      ...base,
      availability_notes: 'Call me at (555) 555-1234',
    });
    assert.equal(contact.status, 422);
    assert.match(
      mainTextOf(contact.text),
      /Please do not include URLs, phone numbers, or email addresses in your note!/,
    );
    await post(client, `${PAGE}/availability`, { ...base, availability_notes: 'x'.repeat(200) }).then((r) =>
      assert.equal(r.status, 303),
    );
  });
});

describe('availability-locations: the availability confirmation prompt (#confirmed)', () => {
  const prompt = /Yes, my availability is up to date/;

  it('shows when the last update is absent or 15 days old and the provider has locations', async () => {
    const { client, id } = await withLocations();
    assert.match((await client.get(PAGE)).text, prompt, 'absent');
    await setContent(id, { availability_last_updated: new Date(Date.now() - 1_296_000_000).toISOString() });
    assert.match((await client.get(PAGE)).text, prompt, 'exactly 15 days');
    await setContent(id, { availability_last_updated: new Date(Date.now() - 14 * DAY_MS).toISOString() });
    assert.doesNotMatch((await client.get(PAGE)).text, prompt, '14 days');
  });

  it('does not show without locations', async () => {
    const { client } = await signedIn();
    const html = (await client.get(PAGE).expect(200)).text;
    assert.doesNotMatch(html, prompt);
  });

  it('confirming stamps availability_last_updated and returns to #confirmed', async () => {
    const { client, id } = await withLocations();
    const response = await post(client, `${PAGE}/confirmation`, {});
    assert.equal(response.headers.location, `${PAGE}#confirmed`);
    assert.match(await follow(client, response), /Thank you for confirming your availability!/);
    assert.ok(Date.now() - Date.parse(String((await contentOf(id)).availability_last_updated)) < 60_000);
    assert.doesNotMatch((await client.get(PAGE)).text, prompt);
  });
});

describe('availability-locations: checkbox hours (spec 2 §4, §5, §9)', () => {
  it('an unchecked day is Closed; a checked empty day of a location not accepting is "Please inquire about hours"', async () => {
    const { client, id } = await withLocations();
    const response = await post(
      client,
      `${PAGE}/locations`,
      officeForm({ accepting_patients: '0', open_0: '1', hours_0: '9am - 4pm', open_1: '1', hours_1: '' }),
    );
    assert.equal(response.status, 303);
    const row = await ctx().db('locations').where({ provider_id: id, address: '99 Broadway' }).first();
    assert.deepEqual(row!.hours, [
      '9am - 4pm',
      'Please inquire about hours',
      'Closed',
      'Closed',
      'Closed',
      'Closed',
      'Closed',
    ]);
  });

  it('accepting: "Please indicate practice hours for each day that your practice is open."', async () => {
    const { client } = await withLocations();
    const response = await post(client, `${PAGE}/locations`, officeForm({ open_2: '1', hours_2: '' }));
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Please indicate practice hours for each day that your practice is open\./);
  });

  it('hours over 70 characters: the spec message', async () => {
    const { client } = await withLocations();
    const response = await post(client, `${PAGE}/locations`, officeForm({ hours_0: 'x'.repeat(71) }));
    assert.equal(response.status, 422);
    assert.ok(
      mainTextOf(response.text)
        .replace(/&quot;/g, '"')
        .includes('Max 70 characters. We recommend indicating specific hours, such as "9am - 4pm"!'),
    );
  });

  it('accepting without a time: "Please indicate when you are accepting new clients..."', async () => {
    const { client } = await withLocations();
    const response = await post(client, `${PAGE}/locations`, officeForm({ morning_availability: undefined }));
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Please indicate when you are accepting new clients\.\.\./);
  });
});

describe('availability-locations: the location form (spec 2 §5)', () => {
  it('adds an office, accepting 40 by default, with its flags and hours', async () => {
    const { client, id } = await withLocations();
    const response = await post(
      client,
      `${PAGE}/locations`,
      officeForm({ accepting_patients: undefined, ada_accessible: '1' }),
    );
    assert.match(await follow(client, response), /Your location has been added!/);
    const row = await ctx().db('locations').where({ provider_id: id, address: '99 Broadway' }).first();
    assert.equal(row!.accepting_patients, 40);
    assert.equal(row!.remote_location, false);
    assert.equal(row!.location_name, 'Uptown');
    assert.equal(row!.morning_availability, true);
    assert.equal(row!.ada_accessible, true);
  });

  it('the new-location form is preselected Yes (40)', async () => {
    const { client } = await withLocations();
    const html = (await client.get(`${PAGE}?edit=new-office`).expect(200)).text;
    assert.match(html, /name="accepting_patients" checked="" value="40"/);
  });

  it('address, city, zip and state are required for an office, with the typed values kept', async () => {
    const { client } = await withLocations();
    const response = await post(
      client,
      `${PAGE}/locations`,
      officeForm({ address: '', city: 'Brooklyn', zip: '', state: '' }),
    );
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    for (const message of ['Address is required.', 'Zip is required.', 'State is required.'])
      assert.ok(text.includes(message), message);
    assert.match(response.text, /value="Brooklyn"/);
  });

  it('Location Name is required when editing an in-person location (not when adding)', async () => {
    const { client, office } = await withLocations();
    const response = await post(
      client,
      `${PAGE}/locations/${office}`,
      officeForm({ kind: undefined, location_name: '', address: '1 Main St', zip: '10001' }),
    );
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Location Name is required\./);
    await post(client, `${PAGE}/locations`, officeForm({ location_name: '' })).then((r) => assert.equal(r.status, 303));
  });

  it('edits a location and keeps the previous accepting value', async () => {
    const { client, office } = await withLocations();
    const response = await post(
      client,
      `${PAGE}/locations/${office}`,
      officeForm({
        kind: undefined,
        location_name: 'Midtown East',
        address: '1 Main St',
        zip: '10001',
        accepting_patients: '20',
      }),
    );
    assert.match(await follow(client, response), /Your location has been updated!/);
    const row = await ctx().db('locations').where({ id: office }).first();
    assert.deepEqual(
      [row!.location_name, row!.accepting_patients, row!.previous_accepting_patients],
      ['Midtown East', 20, 40],
    );
  });

  it('"You have already added a location with this exact same address." (an error flash; nothing added)', async () => {
    const { client, id } = await withLocations();
    const response = await post(
      client,
      `${PAGE}/locations`,
      officeForm({ address: ' 1 main st ', city: 'NEW YORK', zip: '10001', location_name: 'Again' }),
    );
    assert.equal(response.status, 422);
    assert.match(
      response.text,
      /class="flash flash--error"[^>]*>[\s\S]*You have already added a location with this exact same address\./,
    );
    assert.equal((await ctx().db('locations').where({ provider_id: id })).length, 2);
  });

  it('"You already have {state} listed as a state for online sessions."', async () => {
    const { client, id } = await withLocations();
    const response = await post(client, `${PAGE}/locations`, { kind: 'online', state: 'NJ', accepting_patients: '0' });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /You already have New Jersey listed as a state for online sessions\./);
    assert.equal((await ctx().db('locations').where({ provider_id: id })).length, 2);
  });

  it('a state without a licence asks licence number, type and year ("Required"); nothing saved', async () => {
    const { client, id } = await withLocations();
    const response = await post(client, `${PAGE}/locations`, {
      kind: 'online',
      state: 'CA',
      accepting_patients: '40',
      weekend_availability: '1',
    });
    assert.equal(response.status, 422);
    const html = response.text;
    for (const field of ['license_number', 'license_type', 'license_expiration'])
      assert.match(html, new RegExp(`id="${field}-error">Required<`), field);
    assert.match(html, /<option value="CA" selected="">California<\/option>/, 'the chosen state is kept');
    assert.equal((await ctx().db('locations').where({ provider_id: id, state: 'CA' })).length, 0);
    assert.equal((await ctx().db('licenses').where({ provider_id: id, state: 'CA' })).length, 0);
  });

  it('saves the location and its licence together (Unverified), in one transaction', async () => {
    const { client, id } = await withLocations();
    const year = new Date().getUTCFullYear() + 3;
    // A bad year: neither row is written.
    const bad = await post(client, `${PAGE}/locations`, {
      kind: 'online',
      state: 'CA',
      accepting_patients: '0',
      license_number: 'LMFT 123',
      license_type: 'LMFT',
      license_expiration: '1900',
    });
    assert.equal(bad.status, 422);
    assert.equal((await ctx().db('locations').where({ provider_id: id, state: 'CA' })).length, 0);
    const response = await post(client, `${PAGE}/locations`, {
      kind: 'online',
      state: 'CA',
      accepting_patients: '0',
      license_number: 'LMFT 123',
      license_type: 'LMFT',
      license_expiration: String(year),
    });
    assert.match(await follow(client, response), /Your location and license have been added!/);
    const license = await ctx().db('licenses').where({ provider_id: id, state: 'CA' }).first();
    assert.deepEqual(
      [license!.number, license!.license_type, license!.expiration, license!.verification],
      ['LMFT 123', 'LMFT', year, 'Unverified'],
    );
    const locationRow = await ctx().db('locations').where({ provider_id: id, state: 'CA' }).first();
    assert.equal(locationRow!.remote_location, true);
    const text = mainTextOf((await client.get(PAGE)).text);
    assert.match(text, /Not shown It shows on your public profile once your California license is verified\./);
  });

  it('a state that already has a licence asks no licence', async () => {
    const { client, id } = await withLocations();
    await ctx().db('locations').where({ provider_id: id, state: 'NJ' }).delete();
    const response = await post(client, `${PAGE}/locations`, { kind: 'online', state: 'NJ', accepting_patients: '0' });
    assert.equal(response.status, 303);
    assert.equal((await ctx().db('licenses').where({ provider_id: id, state: 'NJ' })).length, 1);
  });
});

describe('availability-locations: deleting locations (spec 2 §5)', () => {
  it('"You must select one or more locations to delete."', async () => {
    const { client } = await withLocations();
    const response = await post(client, `${PAGE}/locations/delete`, { confirmed: '1' });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /You must select one or more locations to delete\./);
  });

  it('"You must have at least one location."', async () => {
    const { client, id, office, online } = await withLocations();
    const response = await post(client, `${PAGE}/locations/delete`, { location_ids: [office, online], confirmed: '1' });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /You must have at least one location\./);
    assert.equal((await ctx().db('locations').where({ provider_id: id })).length, 2);
  });

  it('asks for confirmation first (without JavaScript), then deletes', async () => {
    const { client, id, online } = await withLocations();
    const asked = await post(client, `${PAGE}/locations/delete`, { location_ids: [online] });
    assert.equal(asked.status, 200);
    assert.match(
      mainTextOf(asked.text),
      /Are you sure you want to delete this location\? This cannot be undone\. Online sessions \(New Jersey\)/,
    );
    assert.equal(
      (await ctx().db('locations').where({ provider_id: id })).length,
      2,
      'nothing deleted before confirming',
    );
    const response = await post(client, `${PAGE}/locations/delete`, { location_ids: [online], confirmed: '1' });
    assert.match(await follow(client, response), /Your location has been deleted\./);
    assert.deepEqual(
      (await ctx().db('locations').where({ provider_id: id })).map((r) => r.state),
      ['NY'],
    );
  });

  it('deleting the last accepting location hides the phone link and shows the contact form', async () => {
    const { client, id, office, online } = await withLocations();
    await ctx().db('locations').where({ id: online }).update({ accepting_patients: 0 });
    await setContent(id, {
      acuity_link: 'https://scheduling.example/x',
      display_acuity_scheduling_link: true,
      display_contact_form: false,
    });
    await post(client, `${PAGE}/locations/delete`, { location_ids: [office], confirmed: '1' }).then((r) =>
      assert.equal(r.status, 303),
    );
    const content = await contentOf(id);
    assert.deepEqual([content.display_acuity_scheduling_link, content.display_contact_form], [false, true]);
  });
});

describe('availability-locations: contact methods (spec 2 §5)', () => {
  it('both off: "Turning both contact options off means clients can\'t reach you..." (nothing saved)', async () => {
    const { client, id } = await withLocations();
    const response = await post(client, `${PAGE}/contact-methods`, { confirmed: '1' });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Turning both contact options off means clients can't reach you\.\.\./);
    assert.notEqual((await contentOf(id)).display_contact_form, false);
  });

  it('hiding the contact form asks first, mentioning 75% of inquiries; confirmed, it is hidden', async () => {
    const { client, id } = await withLocations();
    await setContent(id, { acuity_link: 'https://scheduling.example/x', display_acuity_scheduling_link: true });
    const asked = await post(client, `${PAGE}/contact-methods`, { display_acuity_scheduling_link: '1' });
    assert.equal(asked.status, 422);
    assert.match(mainTextOf(asked.text), /75% of client inquiries come through your contact form/);
    assert.notEqual((await contentOf(id)).display_contact_form, false);
    const response = await post(client, `${PAGE}/contact-methods`, {
      display_acuity_scheduling_link: '1',
      confirmed: '1',
    });
    assert.match(await follow(client, response), /Your contact methods have been updated!/);
    assert.equal((await contentOf(id)).display_contact_form, false);
  });

  it('the phone consultation link needs a scheduling link and an accepting location', async () => {
    const { client, id } = await withLocations();
    const noLink = await post(client, `${PAGE}/contact-methods`, {
      display_acuity_scheduling_link: '1',
      display_contact_form: '1',
    });
    assert.equal(noLink.status, 422);
    assert.match(mainTextOf(noLink.text), /please set up your phone consultation scheduling link first/);
    await setContent(id, { acuity_link: 'https://scheduling.example/x' });
    await ctx().db('locations').where({ provider_id: id }).update({ accepting_patients: 0 });
    const noneAccepting = await post(client, `${PAGE}/contact-methods`, {
      display_acuity_scheduling_link: '1',
      display_contact_form: '1',
    });
    assert.equal(noneAccepting.status, 422);
    assert.match(mainTextOf(noneAccepting.text), /at least one of your locations must be accepting new clients/);
    await ctx().db('locations').where({ provider_id: id }).update({ accepting_patients: 20 });
    await post(client, `${PAGE}/contact-methods`, {
      display_acuity_scheduling_link: '1',
      display_contact_form: '1',
    }).then((r) => assert.equal(r.status, 303));
    assert.equal((await contentOf(id)).display_acuity_scheduling_link, true);
  });

  it('the checkbox is disabled with the reason while the phone link cannot be offered', async () => {
    const { client } = await withLocations();
    const html = (await client.get(`${PAGE}?edit=contact-methods`).expect(200)).text;
    assert.match(html, /id="display_acuity_scheduling_link"[^>]*disabled=""/);
  });
});
