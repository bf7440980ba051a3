// /therapy-groups (spec 2 §2, §3, §4 "Therapy group status" and "Inactive profiles", §5 "Therapy group
// form", §9), one describe per rule, the spec's messages in the assertions.
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { defaultExpiry, todayUtc } from '../../server/features/therapy-groups/validation';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, tokenFor, type Agent } from '../support/http';
import { colourfulPng, grayRgbPng, notAnImage, smallPng } from './onboarding-helpers';

type Fields = Record<string, string>;

async function signedIn(status: 'active' | 'inactive' | 'pending' = 'active') {
  const user = await createProviderUser(ctx().db, { paid: true, providers: [{ status }] });
  const client = agent();
  await signIn(client, user.email);
  return { client, providerId: user.providerIds[0]! };
}

const monthsAhead = (months: number, days = 0) => {
  const d = new Date(`${todayUtc()}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const goodGroup = (): Fields => ({
  name: 'Anxiety Skills Group',
  status: 'active',
  expired_at: monthsAhead(4),
  hours: 'Tuesdays 6pm - 7:30pm',
  costs: '$60 per session',
  short_description: 'A weekly skills group for adults living with anxiety.',
  description: 'Eight weeks of practical skills from CBT and ACT, in a small and supportive group.',
  remote_location: '0',
  address: '250 W 57th St',
  address_2: 'Suite 1203',
  city: 'New York',
  state: 'NY',
  zip: '10107',
});

/** A multipart post like the browser's; image: a file to attach, or none. */
async function send(client: Agent, path: string, fields: Fields, image?: { body: Buffer; name: string }) {
  const _csrf = await tokenFor(client, '/therapy-groups');
  let request = client.post(path).field('_csrf', _csrf);
  for (const [key, value] of Object.entries(fields)) request = request.field(key, value);
  if (image) request = request.attach('image', image.body, image.name);
  return request;
}

async function postForm(client: Agent, path: string, fields: Fields) {
  const _csrf = await tokenFor(client, '/therapy-groups');
  return client
    .post(path)
    .type('form')
    .send({ _csrf, ...fields });
}

const groups = (providerId: number) => ctx().db('therapy_groups').where({ provider_id: providerId }).orderBy('id');
let photo: Buffer;
before(async () => {
  photo = await colourfulPng();
});
const image = () => ({ body: photo, name: 'group.png' });

describe('therapy groups: the list (spec 2 §2)', () => {
  it('lists the groups with View/Edit and Delete, and an Add button for an active profile', async () => {
    const { client, providerId } = await signedIn();
    await ctx().db('therapy_groups').insert({
      provider_id: providerId,
      name: 'Grief Circle',
      slug: 'grief-circle',
      status: 'inactive',
      short_description: 'For loss.',
    });
    const html = (await client.get('/therapy-groups').expect(200)).text;
    const text = mainTextOf(html);
    assert.match(text, /Therapy Groups/);
    assert.match(text, /Grief Circle/);
    assert.match(text, /View\/Edit/);
    assert.match(text, /Delete/);
    assert.match(html, /href="\/therapy-groups\/new"/);
    assert.match(html, /data-confirm="Are you sure you want to delete this therapy group\?"/);
  });

  it('signed-out visitors go to /login', async () => {
    const response = await agent().get('/therapy-groups').expect(303);
    assert.equal(response.headers.location, `/login?next=${encodeURIComponent('/therapy-groups')}`);
  });
});

describe('therapy groups: inactive profiles (spec 2 §4)', () => {
  for (const status of ['inactive', 'pending'] as const) {
    it(`a ${status} profile sees the not-live notice and cannot create a group`, async () => {
      const { client, providerId } = await signedIn(status);
      const html = (await client.get('/therapy-groups').expect(200)).text;
      assert.match(html, /class="not-live-notice"/);
      assert.match(
        mainTextOf(html),
        /Your profile is not live\..*Therapy groups can be created once your profile is active\./,
      );
      assert.doesNotMatch(html, /href="\/therapy-groups\/new"/);
      const page = await client.get('/therapy-groups/new').expect(303);
      assert.equal(page.headers.location, '/therapy-groups');
      const created = await send(client, '/therapy-groups', { ...goodGroup(), status: 'inactive' }, image());
      assert.equal(created.status, 303);
      assert.equal(created.headers.location, '/therapy-groups');
      assert.match(
        mainTextOf((await client.get('/therapy-groups')).text),
        /Therapy groups can be created once your profile is active\./,
      );
      assert.equal((await groups(providerId)).length, 0);
    });
  }

  it('an existing group of a profile that is not active cannot become active', async () => {
    const { client, providerId } = await signedIn('inactive');
    const [row] = await ctx()
      .db('therapy_groups')
      .insert({ provider_id: providerId, name: 'Old Group', slug: 'old-group', status: 'inactive', image_key: null })
      .returning('id');
    const response = await send(client, `/therapy-groups/${row.id}`, goodGroup(), image());
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Your group may not become active until your profile is active!/);
    assert.equal((await groups(providerId))[0].status, 'inactive');
    const inactive = await send(client, `/therapy-groups/${row.id}`, { ...goodGroup(), status: 'inactive' }, image());
    assert.equal(inactive.status, 303);
    assert.equal((await groups(providerId))[0].name, 'Anxiety Skills Group');
  });
});

describe('therapy groups: adding (spec 2 §5 Therapy group form)', () => {
  it('the form defaults to active, expiring 4 months ahead', async () => {
    const { client } = await signedIn();
    const html = (await client.get('/therapy-groups/new').expect(200)).text;
    assert.match(html, new RegExp(`name="expired_at" [^>]*value="${defaultExpiry()}"`));
    assert.equal(defaultExpiry(), monthsAhead(4));
    assert.match(html, /id="status-active"[^>]*checked/);
    assert.match(html, /enctype="multipart\/form-data"/i);
  });

  it('saves a good group with its image, location and a generated unique slug', async () => {
    const { client, providerId } = await signedIn();
    const first = await send(client, '/therapy-groups', goodGroup(), image());
    assert.equal(first.status, 303, mainTextOf(first.text).slice(0, 400));
    assert.equal(first.headers.location, '/therapy-groups');
    const second = await send(
      client,
      '/therapy-groups',
      { ...goodGroup(), status: 'inactive', expired_at: '' },
      image(),
    );
    assert.equal(second.status, 303);
    const [a, b] = await groups(providerId);
    assert.equal(a.slug, 'anxiety-skills-group');
    assert.equal(b.slug, 'anxiety-skills-group-2');
    assert.equal(a.status, 'active');
    assert.equal(a.expired_at!.toISOString().slice(0, 10), monthsAhead(4));
    assert.equal(a.remote_location, false);
    assert.deepEqual(
      [a.address, a.address_2, a.city, a.state, a.zip],
      ['250 W 57th St', 'Suite 1203', 'New York', 'NY', '10107'],
    );
    assert.match(a.image_key!, /^group-[0-9a-f-]{36}\.jpg$/);
    assert.equal(b.status, 'inactive');
    assert.equal(b.expired_at, null);
    const list = await client.get('/therapy-groups');
    assert.match(mainTextOf(list.text), /Your therapy group has been added\./);
    const served = await client.get(`/therapy-groups/images/${a.image_key}`).expect(200);
    assert.equal(served.headers['content-type'], 'image/jpeg');
    await client.get('/therapy-groups/images/group-00000000-0000-0000-0000-000000000000.jpg').expect(404);
  });

  it('an online group needs only the state', async () => {
    const { client, providerId } = await signedIn();
    const response = await send(
      client,
      '/therapy-groups',
      { ...goodGroup(), remote_location: '1', address: '', city: '', zip: '', state: 'CA' },
      image(),
    );
    assert.equal(response.status, 303);
    const [row] = await groups(providerId);
    assert.equal(row.remote_location, true);
    assert.deepEqual([row.address, row.city, row.zip, row.state], [null, null, null, 'CA']);
  });

  it('"{Field} required." for name, hours, costs, description, short description and state; the typed values are kept', async () => {
    const { client, providerId } = await signedIn();
    const response = await send(
      client,
      '/therapy-groups',
      { ...goodGroup(), name: '', hours: '', costs: '', description: '', short_description: '', state: '' },
      image(),
    );
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    for (const message of [
      'Name required.',
      'Hours required.',
      'Costs required.',
      'Description required.',
      'Short description required.',
      'State required.',
    ]) {
      assert.ok(text.includes(message), message);
    }
    assert.match(response.text, /value="250 W 57th St"/);
    assert.match(response.text, /value="New York"/);
    assert.equal((await groups(providerId)).length, 0);
  });

  it('in person requires address, city and zip', async () => {
    const { client } = await signedIn();
    const response = await send(client, '/therapy-groups', { ...goodGroup(), address: '', city: '', zip: '' }, image());
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    for (const message of ['Address required.', 'City required.', 'Zip required.'])
      assert.ok(text.includes(message), message);
  });

  it('"Your short description exceeds the maximum length. (255 characters)"', async () => {
    const { client } = await signedIn();
    const ok = await send(client, '/therapy-groups', { ...goodGroup(), short_description: 'a'.repeat(255) }, image());
    assert.equal(ok.status, 303);
    const response = await send(
      client,
      '/therapy-groups',
      { ...goodGroup(), short_description: 'a'.repeat(256) },
      image(),
    );
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Your short description exceeds the maximum length\. \(255 characters\)/);
  });

  it('no URLs, phone numbers or email addresses in either description', async () => {
    const { client } = await signedIn();
    for (const [field, value] of [
      ['description', 'Sign up at www.example.com today.'],
      ['short_description', 'Call 212-555-0188 to join.'],
      ['description', 'Write to group@example.com.'],
    ] as const) {
      const response = await send(client, '/therapy-groups', { ...goodGroup(), [field]: value }, image());
      assert.equal(response.status, 422, value);
      assert.match(
        mainTextOf(response.text),
        /Please do not include URLs, phone numbers, or email addresses in your description!/,
        value,
      );
    }
  });

  it('the description is at most 2000 characters', async () => {
    const { client } = await signedIn();
    const response = await send(client, '/therapy-groups', { ...goodGroup(), description: 'a'.repeat(2001) }, image());
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Description must be 2000 characters or less\./);
  });

  it('no double quotes in the name', async () => {
    const { client } = await signedIn();
    const response = await send(client, '/therapy-groups', { ...goodGroup(), name: 'The "Calm" Group' }, image());
    assert.equal(response.status, 422);
    assert.match(
      mainTextOf(response.text),
      /Please do not use double quotes \(&quot;\) in the name\.|Please do not use double quotes \("\) in the name\./,
    );
  });

  it('an active group expires in the future and within 12 months', async () => {
    const { client, providerId } = await signedIn();
    for (const date of [todayUtc(), '2020-01-01']) {
      const response = await send(client, '/therapy-groups', { ...goodGroup(), expired_at: date }, image());
      assert.equal(response.status, 422, date);
      assert.match(mainTextOf(response.text), /Expiration date must be in the future\./, date);
    }
    const late = await send(client, '/therapy-groups', { ...goodGroup(), expired_at: monthsAhead(12, 1) }, image());
    assert.equal(late.status, 422);
    assert.match(mainTextOf(late.text), /Expiration date must be within 12 months\./);
    const missing = await send(client, '/therapy-groups', { ...goodGroup(), expired_at: '' }, image());
    assert.equal(missing.status, 422);
    assert.match(mainTextOf(missing.text), /Expiration date required\./);
    const edge = await send(client, '/therapy-groups', { ...goodGroup(), expired_at: monthsAhead(12) }, image());
    assert.equal(edge.status, 303);
    assert.equal((await groups(providerId)).length, 1);
  });

  it('"Image required."; the picture must be a real, colourful image of at least 100 KB', async () => {
    const { client, providerId } = await signedIn();
    const none = await send(client, '/therapy-groups', goodGroup());
    assert.equal(none.status, 422);
    assert.match(mainTextOf(none.text), /Image required\./);
    const fake = await send(client, '/therapy-groups', goodGroup(), { body: notAnImage(), name: 'group.jpg' });
    assert.equal(fake.status, 422);
    assert.match(mainTextOf(fake.text), /Please upload an image file/);
    const small = await send(client, '/therapy-groups', goodGroup(), { body: await smallPng(), name: 'small.png' });
    assert.match(mainTextOf(small.text), /Please select a higher quality photo \(at least 100kb\)/);
    const gray = await send(client, '/therapy-groups', goodGroup(), { body: await grayRgbPng(), name: 'gray.png' });
    assert.match(mainTextOf(gray.text), /black-and-white or grayscale/);
    const huge = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const bomb = await send(client, '/therapy-groups', goodGroup(), { body: huge, name: 'huge.png' });
    assert.equal(bomb.status, 422);
    assert.match(mainTextOf(bomb.text), /too many pixels/);
    assert.equal((await groups(providerId)).length, 0);
  });

  it('the upload needs the CSRF token like every form', async () => {
    const { client, providerId } = await signedIn();
    await client.get('/therapy-groups');
    let request = client.post('/therapy-groups');
    for (const [key, value] of Object.entries(goodGroup())) request = request.field(key, value);
    await request.attach('image', photo, 'a.png').expect(403);
    assert.equal((await groups(providerId)).length, 0);
  });

  it('a storage failure saves nothing and says so', async () => {
    const { client, providerId } = await signedIn();
    const storage = ctx().integrations.storage;
    const put = storage.put;
    storage.put = async () => {
      throw new Error('disk full');
    };
    try {
      const response = await send(client, '/therapy-groups', goodGroup(), image());
      assert.equal(response.status, 500);
      assert.ok(
        mainTextOf(response.text).includes(
          `There was an error saving your changes. Please contact us at ${ctx().config.supportEmail} if you continue to have this issue.`,
        ),
      );
      assert.match(response.text, /value="Anxiety Skills Group"/);
    } finally {
      storage.put = put;
    }
    assert.equal((await groups(providerId)).length, 0);
  });
});

describe('therapy groups: view/edit and delete', () => {
  async function withGroup() {
    const session = await signedIn();
    await send(session.client, '/therapy-groups', goodGroup(), image());
    const [row] = await groups(session.providerId);
    return { ...session, group: row };
  }

  it('edits keep the image unless a new one is chosen', async () => {
    const { client, providerId, group } = await withGroup();
    const page = await client.get(`/therapy-groups/${group.id}`).expect(200);
    assert.match(page.text, /value="Anxiety Skills Group"/);
    const saved = await send(client, `/therapy-groups/${group.id}`, {
      ...goodGroup(),
      name: 'Anxiety Skills Group II',
      remote_location: '1',
      state: 'NJ',
    });
    assert.equal(saved.status, 303);
    const [row] = await groups(providerId);
    assert.equal(row.name, 'Anxiety Skills Group II');
    assert.equal(row.slug, 'anxiety-skills-group');
    assert.equal(row.image_key, group.image_key);
    assert.equal(row.remote_location, true);
    assert.equal(row.address, null);
    const replaced = await send(client, `/therapy-groups/${group.id}`, goodGroup(), image());
    assert.equal(replaced.status, 303);
    const [after] = await groups(providerId);
    assert.notEqual(after.image_key, group.image_key);
    await client.get(`/therapy-groups/images/${group.image_key}`).expect(404);
  });

  it('deleting asks first (a page of its own without JavaScript), then removes the group', async () => {
    const { client, providerId, group } = await withGroup();
    const asked = await postForm(client, `/therapy-groups/${group.id}/delete`, {});
    assert.equal(asked.status, 200);
    assert.match(mainTextOf(asked.text), /Are you sure you want to delete this therapy group\?/);
    assert.match(asked.text, /name="confirmed" value="1"/);
    assert.equal((await groups(providerId)).length, 1);
    const done = await postForm(client, `/therapy-groups/${group.id}/delete`, { confirmed: '1' });
    assert.equal(done.status, 303);
    assert.equal((await groups(providerId)).length, 0);
    await client.get(`/therapy-groups/images/${group.image_key}`).expect(404);
  });

  it("another account's group is not found (404) for view, edit and delete", async () => {
    const { group } = await withGroup();
    const { client } = await signedIn();
    await client.get(`/therapy-groups/${group.id}`).expect(404);
    assert.equal((await send(client, `/therapy-groups/${group.id}`, goodGroup(), image())).status, 404);
    assert.equal((await postForm(client, `/therapy-groups/${group.id}/delete`, { confirmed: '1' })).status, 404);
    assert.equal((await postForm(client, `/therapy-groups/${group.id}/delete`, {})).status, 404);
    assert.equal((await ctx().db('therapy_groups').where({ id: group.id }).first())!.name, 'Anxiety Skills Group');
  });
});
