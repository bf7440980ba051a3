// Licences and the supervisor licence on /profile/general-information (spec 2 §3 License, §4 Licence
// verification, §5 Licences (edit form), §7 Licences and Supervisor licence, §9), one describe per rule.
import assert from 'node:assert/strict';
import { setLicenseVerification } from '../../server/domain/licenses';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, tokenFor, type Agent } from '../support/http';

const PAGE = '/profile/general-information';
const YEAR = new Date().getUTCFullYear();

type Row = {
  id?: number | string;
  state?: string;
  number?: string;
  license_type?: string;
  expiration?: number | string;
};

/** A licensure form body as the browser posts it: licenses[i][field]. */
function rowsBody(rows: Row[]): Record<string, string> {
  const body: Record<string, string> = {};
  rows.forEach((row, i) => {
    for (const field of ['id', 'state', 'number', 'license_type', 'expiration'] as const)
      body[`licenses[${i}][${field}]`] = row[field] === undefined ? '' : String(row[field]);
  });
  return body;
}

async function post(client: Agent, path: string, values: Record<string, string>) {
  const _csrf = await tokenFor(client, PAGE);
  return client
    .post(path)
    .type('form')
    .send({ _csrf, ...values });
}

async function signedIn(type: 'individual' | 'practice' = 'individual') {
  const user = await createProviderUser(ctx().db, {
    providers: [{ type, ...(type === 'practice' ? { companyName: 'Harbor Light' } : {}) }],
  });
  const client = agent();
  await signIn(client, user.email);
  return { user, client, id: user.providerIds[0]! };
}

async function addLicense(providerId: number, values: Partial<Record<string, unknown>> = {}): Promise<number> {
  const [row] = await ctx()
    .db('licenses')
    .insert({
      provider_id: providerId,
      state: 'NY',
      number: '084312',
      license_type: 'LCSW',
      expiration: YEAR + 2,
      verification: 'Verified',
      ...values,
    })
    .returning('id');
  return Number(row.id);
}

const licensesOf = (providerId: number) => ctx().db('licenses').where({ provider_id: providerId }).orderBy('id');

describe('licences: a row is validated when any field is filled (spec 2 §5)', () => {
  it('each missing field has its message; blank new rows are ignored; the typed values come back (422)', async () => {
    const { client, id } = await signedIn();
    const response = await post(
      client,
      `${PAGE}/licenses`,
      rowsBody([{ number: 'AB-1234' }, {}, { state: 'CA', license_type: 'LMFT' }]),
    );
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    assert.match(text, /License State is required/);
    assert.match(text, /License Type is required/);
    assert.match(text, /License Expiration Year is required/);
    assert.match(text, /License Number is required/);
    // Messages sit beside their fields: after the label, right before the control.
    assert.match(
      response.text,
      /id="license-0-state-error">License State is required<\/p><select id="license-0-state"/,
    );
    assert.match(
      response.text,
      /id="license-2-number-error">License Number is required<\/p><input id="license-2-number"/,
    );
    // Row 1 was blank: no message for it.
    assert.doesNotMatch(response.text, /license-1-[a-z_]+-error/);
    assert.match(response.text, /name="licenses\[0\]\[number\]"[^>]*value="AB-1234"/);
    assert.match(response.text, /<option value="CA" selected="">California<\/option>/);
    assert.equal((await licensesOf(id)).length, 0, 'nothing saved');
  });

  it('"License Number has a max length of 60 characters."', async () => {
    const { client } = await signedIn();
    const response = await post(
      client,
      `${PAGE}/licenses`,
      rowsBody([{ state: 'NY', number: '9'.repeat(61), license_type: 'LCSW', expiration: YEAR }]),
    );
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /License Number has a max length of 60 characters\./);
    const ok = await post(
      client,
      `${PAGE}/licenses`,
      rowsBody([{ state: 'NY', number: '9'.repeat(60), license_type: 'LCSW', expiration: YEAR }]),
    );
    assert.equal(ok.status, 303);
  });

  it('an all-blank form saves nothing and still answers 303', async () => {
    const { client, id } = await signedIn();
    const response = await post(client, `${PAGE}/licenses`, rowsBody([{}]));
    assert.equal(response.status, 303);
    assert.equal((await licensesOf(id)).length, 0);
  });

  it('one transaction per post: a good row next to a bad one is not saved', async () => {
    const { client, id } = await signedIn();
    const stored = await addLicense(id);
    const response = await post(
      client,
      `${PAGE}/licenses`,
      rowsBody([
        { id: stored, state: 'NY', number: 'CHANGED', license_type: 'LCSW', expiration: YEAR + 2 },
        { state: 'NJ', number: '1', license_type: 'LCSW', expiration: YEAR },
        { state: 'CA', number: '2' },
      ]),
    );
    assert.equal(response.status, 422);
    const rows = await licensesOf(id);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].number, '084312');
  });
});

describe('licences: expiration years (spec 2 §5, §9)', () => {
  it('offers 70 years from the current UTC year + 20 downward', async () => {
    const { client } = await signedIn();
    const html = (await client.get(`${PAGE}?edit=licensure`).expect(200)).text;
    const select = /<select id="license-0-expiration"[\s\S]*?<\/select>/.exec(html)![0];
    const years = [...select.matchAll(/<option value="(\d+)"/g)].map((m) => Number(m[1]));
    assert.equal(years.length, 70);
    assert.equal(years[0], YEAR + 20);
    assert.equal(years[69], YEAR + 20 - 69);
  });

  it('a year outside the list is refused', async () => {
    const { client } = await signedIn();
    const response = await post(
      client,
      `${PAGE}/licenses`,
      rowsBody([{ state: 'NY', number: '1', license_type: 'LCSW', expiration: YEAR + 21 }]),
    );
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Please choose an expiration year from the list\./);
  });

  it('?rows=N offers more empty rows without JavaScript', async () => {
    const { client, id } = await signedIn();
    await addLicense(id);
    const html = (await client.get(`${PAGE}?edit=licensure&rows=3`).expect(200)).text;
    assert.match(html, /name="licenses\[3\]\[state\]"/);
    assert.doesNotMatch(html, /name="licenses\[4\]\[state\]"/);
  });
});

describe('licences: a new or changed licence becomes Unverified (spec 2 §4)', () => {
  it('adds a licence as Unverified and says the team is checking (303 + flash)', async () => {
    const { client, id } = await signedIn();
    const response = await post(
      client,
      `${PAGE}/licenses`,
      rowsBody([{ state: 'ny', number: ' 084312 ', license_type: 'LCSW', expiration: YEAR + 3 }]),
    );
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `${PAGE}#licensure`);
    const [row] = await licensesOf(id);
    assert.equal(row.state, 'NY');
    assert.equal(row.number, '084312');
    assert.equal(row.expiration, YEAR + 3);
    assert.equal(row.verification, 'Unverified');
    const text = mainTextOf((await client.get(PAGE)).text);
    assert.match(text, /Your licenses have been updated!/);
    assert.match(text, /Unverified/);
    assert.match(text, /The team is checking this license \(up to 48 business hours\)\./);
  });

  it('a changed licence goes back to Unverified; an unchanged one keeps its status', async () => {
    const { client, id } = await signedIn();
    const changed = await addLicense(id, { state: 'NY' });
    const same = await addLicense(id, { state: 'NJ', number: '44SC' });
    const response = await post(
      client,
      `${PAGE}/licenses`,
      rowsBody([
        { id: changed, state: 'NY', number: '084312', license_type: 'LCSW', expiration: YEAR + 5 },
        { id: same, state: 'NJ', number: '44SC', license_type: 'LCSW', expiration: YEAR + 2 },
        {},
      ]),
    );
    assert.equal(response.status, 303);
    const rows = await licensesOf(id);
    assert.deepEqual(
      rows.map((r) => [Number(r.id), r.expiration, r.verification]),
      [
        [changed, YEAR + 5, 'Unverified'],
        [same, YEAR + 2, 'Verified'],
      ],
    );
  });
});

describe('licences: verification is displayed (Verified, Unverified, Not found; Legacy hidden)', () => {
  it('shows each status as the spec words it', async () => {
    const { client, id } = await signedIn();
    await addLicense(id, { state: 'NY', number: 'V-1', verification: 'Verified' });
    await addLicense(id, { state: 'NJ', number: 'U-2', verification: 'Unverified' });
    await addLicense(id, { state: 'CT', number: 'N-3', verification: 'Not found' });
    await addLicense(id, { state: 'PA', number: 'L-4', verification: 'Legacy' });
    const html = (await client.get(PAGE).expect(200)).text;
    // One item per licence: the label (its state's colour) in the header, the explanation under it.
    const item = (number: string) =>
      new RegExp(`<li[^>]*class="license-item">(?:(?!</li>)[\\s\\S])*?${number}(?:(?!</li>)[\\s\\S])*</li>`).exec(
        html,
      )![0];
    const row = (number: string) => mainTextOf(item(number));
    const label = (number: string) => /<span class="label label--(\w+)">([^<]*)<\/span>/.exec(item(number))?.slice(1);
    assert.match(row('V-1'), /Verified/);
    assert.deepEqual(label('V-1'), ['success', 'Verified']);
    assert.match(row('U-2'), /The team is checking/);
    assert.deepEqual(label('U-2'), ['attention', 'Unverified']);
    assert.match(row('N-3'), /could not verify/);
    assert.deepEqual(label('N-3'), ['danger', 'Not found']);
    assert.doesNotMatch(row('L-4'), /Verified|Unverified|could not verify|Legacy/);
    assert.equal(label('L-4'), undefined, 'Legacy shows no label');
  });

  it('support sets the status (the service behind npm run licenses:verify)', async () => {
    const { client, id } = await signedIn();
    const license = await addLicense(id, { verification: 'Unverified' });
    const updated = await setLicenseVerification(
      ctx().db,
      license,
      'Not found',
      'No such number in the state register',
    );
    assert.equal(updated?.verification, 'Not found');
    assert.equal(
      (await ctx().db('licenses').where({ id: license }).first())!.notes,
      'No such number in the state register',
    );
    assert.match(mainTextOf((await client.get(PAGE)).text), /could not verify/);
    assert.equal(await setLicenseVerification(ctx().db, license + 1000, 'Verified'), null);
  });
});

describe('licences: deleting asks "Are you sure you\'d like to delete this credential?"', () => {
  it('the delete form carries the question for the script; without it the server asks on a page of its own', async () => {
    const { client, id } = await signedIn();
    const license = await addLicense(id);
    const html = (await client.get(PAGE)).text;
    assert.match(html, /data-confirm="Are you sure you&#x27;d like to delete this credential\?"/);
    const asked = await post(client, `${PAGE}/licenses/delete`, { deleteLicenseIds: String(license) });
    assert.equal(asked.status, 200);
    assert.match(
      mainTextOf(asked.text),
      /Are you sure you'd like to delete this credential\? New York license 084312 \(LCSW\)/,
    );
    assert.match(asked.text, /name="confirmed" value="1"/);
    assert.equal((await licensesOf(id)).length, 1, 'asking deletes nothing');
    const done = await post(client, `${PAGE}/licenses/delete`, { deleteLicenseIds: String(license), confirmed: '1' });
    assert.equal(done.status, 303);
    assert.equal(done.headers.location, `${PAGE}#licensure`);
    assert.equal((await licensesOf(id)).length, 0);
    assert.match(mainTextOf((await client.get(PAGE)).text), /Your license has been deleted\./);
  });

  it('the only licence of a state where the provider has a location cannot be deleted (alert)', async () => {
    const { client, id } = await signedIn();
    await ctx().db('locations').insert({ provider_id: id, state: 'NY', remote_location: true });
    const only = await addLicense(id, { state: 'NY' });
    const elsewhere = await addLicense(id, { state: 'CA', number: 'CA-1' });
    const html = (await client.get(PAGE)).text;
    const onlyForm = new RegExp(`<form[^>]*>(?:(?!</form>)[\\s\\S])*?name="deleteLicenseIds" value="${only}"`).exec(
      html,
    )![0];
    assert.doesNotMatch(onlyForm, /data-confirm/, 'nothing to confirm: the alert comes at once');
    for (const confirmed of ['', '1']) {
      const response = await post(client, `${PAGE}/licenses/delete`, { deleteLicenseIds: String(only), confirmed });
      assert.equal(response.status, 303);
      assert.match(
        mainTextOf((await client.get(PAGE)).text),
        /A license is required for every state you practice in\. Please add another New York license before removing this one\./,
      );
    }
    assert.equal((await licensesOf(id)).length, 2);
    // A licence of a state without a location may go; and with a second NY licence, the first may go too.
    await post(client, `${PAGE}/licenses/delete`, { deleteLicenseIds: String(elsewhere), confirmed: '1' }).then((r) =>
      assert.equal(r.status, 303),
    );
    await addLicense(id, { state: 'NY', number: 'NY-2' });
    await post(client, `${PAGE}/licenses/delete`, { deleteLicenseIds: String(only), confirmed: '1' });
    assert.deepEqual(
      (await licensesOf(id)).map((r) => r.number),
      ['NY-2'],
    );
  });

  it('moving the only licence of a state of practice to another state is refused the same way (422)', async () => {
    const { client, id } = await signedIn();
    await ctx().db('locations').insert({ provider_id: id, state: 'NY', remote_location: true });
    const only = await addLicense(id, { state: 'NY' });
    const response = await post(
      client,
      `${PAGE}/licenses`,
      rowsBody([{ id: only, state: 'NJ', number: '084312', license_type: 'LCSW', expiration: YEAR + 2 }]),
    );
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /A license is required for every state you practice in/);
    assert.equal((await licensesOf(id))[0].state, 'NY');
  });
});

describe("licences: another account's licence ids are not found (404)", () => {
  it('on edit and on delete, and nothing changes', async () => {
    const { client } = await signedIn();
    const other = await createProviderUser(ctx().db);
    const theirs = await addLicense(other.providerIds[0]!);
    const edit = await post(
      client,
      `${PAGE}/licenses`,
      rowsBody([{ id: theirs, state: 'CA', number: 'MINE', license_type: 'LCSW', expiration: YEAR }]),
    );
    assert.equal(edit.status, 404);
    for (const confirmed of ['', '1']) {
      assert.equal(
        (await post(client, `${PAGE}/licenses/delete`, { deleteLicenseIds: String(theirs), confirmed })).status,
        404,
      );
    }
    assert.equal(
      (await post(client, `${PAGE}/licenses/delete`, { deleteLicenseIds: 'abc', confirmed: '1' })).status,
      404,
    );
    const row = await ctx().db('licenses').where({ id: theirs }).first();
    assert.equal(row!.number, '084312');
    assert.equal(row!.state, 'NY');
  });
});

describe('supervisor licence (spec 2 §5, §7)', () => {
  it('name, number and type are all required (422 with the typed values), nothing saved', async () => {
    const { client, id } = await signedIn();
    await addLicense(id);
    const response = await post(client, `${PAGE}/supervisor-license`, {
      supervisor_name: 'Dr. Ada Stone',
      supervisor_license: '',
      supervisor_license_type: '',
    });
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    assert.match(text, /Enter the supervisor's license number/);
    assert.match(text, /Enter the supervisor's license type/);
    assert.match(response.text, /name="supervisor_name"[^>]*value="Dr. Ada Stone"/);
    const inputs = [...response.text.matchAll(/<input [^>]*name="supervisor_[a-z_]+"[^>]*>/g)].map(([tag]) => tag);
    assert.equal(inputs.length, 3);
    assert.ok(
      inputs.every((tag) => tag.includes('required=""')),
      'the browser will not submit until all three are filled',
    );
    assert.equal((await licensesOf(id))[0].supervisor_name, null);
    const long = await post(client, `${PAGE}/supervisor-license`, {
      supervisor_name: 'A',
      supervisor_license: '1'.repeat(61),
      supervisor_license_type: 'LCSW',
    });
    assert.match(mainTextOf(long.text), /Supervisor License Number has a max length of 60 characters\./);
  });

  it('is set on all licences, shown, and a new licence carries it', async () => {
    const { client, id } = await signedIn();
    await addLicense(id, { state: 'NY' });
    await addLicense(id, { state: 'NJ' });
    const response = await post(client, `${PAGE}/supervisor-license`, {
      supervisor_name: 'Dr. Ada Stone',
      supervisor_license: 'S-77',
      supervisor_license_type: 'LCSW-R',
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `${PAGE}#supervisor-license`);
    for (const row of await licensesOf(id))
      assert.deepEqual(
        [row.supervisor_name, row.supervisor_license, row.supervisor_license_type],
        ['Dr. Ada Stone', 'S-77', 'LCSW-R'],
      );
    assert.match(
      mainTextOf((await client.get(PAGE)).text),
      /Supervisor Name Dr\. Ada Stone Supervisor License Number S-77 Supervisor License Type LCSW-R/,
    );
    await post(
      client,
      `${PAGE}/licenses`,
      rowsBody([{ state: 'CT', number: 'C-1', license_type: 'LCSW', expiration: YEAR }]),
    );
    assert.equal(
      (await ctx().db('licenses').where({ provider_id: id, state: 'CT' }).first())!.supervisor_license,
      'S-77',
    );
  });

  it('needs a licence to hang on', async () => {
    const { client } = await signedIn();
    const response = await post(client, `${PAGE}/supervisor-license`, {
      supervisor_name: 'Dr. Ada Stone',
      supervisor_license: 'S-77',
      supervisor_license_type: 'LCSW',
    });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Please add your license before adding a supervisor license\./);
  });

  it('remove asks first, then sets the three fields to null on all licences', async () => {
    const { client, id } = await signedIn();
    await addLicense(id, {
      supervisor_name: 'Dr. Ada Stone',
      supervisor_license: 'S-77',
      supervisor_license_type: 'LCSW',
    });
    await addLicense(id, {
      state: 'NJ',
      supervisor_name: 'Dr. Ada Stone',
      supervisor_license: 'S-77',
      supervisor_license_type: 'LCSW',
    });
    assert.match(
      (await client.get(PAGE)).text,
      /data-confirm="Are you sure you&#x27;d like to remove this supervisor license\?"/,
    );
    const asked = await post(client, `${PAGE}/supervisor-license/delete`, {});
    assert.equal(asked.status, 200);
    assert.match(mainTextOf(asked.text), /Are you sure you'd like to remove this supervisor license\?/);
    assert.equal((await licensesOf(id)).filter((r) => r.supervisor_name).length, 2);
    await post(client, `${PAGE}/supervisor-license/delete`, { confirmed: '1' }).then((r) =>
      assert.equal(r.status, 303),
    );
    for (const row of await licensesOf(id))
      assert.deepEqual([row.supervisor_name, row.supervisor_license, row.supervisor_license_type], [null, null, null]);
    assert.match(mainTextOf((await client.get(PAGE)).text), /Your supervisor license has been removed\./);
  });
});
