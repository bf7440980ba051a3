// /practice/providers (spec 2 §2, §4 "Practice providers", §5 "Unregistered practice providers", §6),
// one describe per rule, the spec's messages in the assertions.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, tokenFor, type Agent } from '../support/http';
import { colourfulPng, notAnImage } from './onboarding-helpers';

const db = () => ctx().db;

/** A practice owner with three member profiles (one without clinician access for this user). */
async function practiceOwner() {
  const user = await createProviderUser(db(), {
    paid: true,
    providers: [
      { type: 'practice', companyName: 'Harbor Light', firstName: 'Morgan', lastName: 'Lee' },
      { firstName: 'Priya', lastName: 'Shah' },
      { firstName: 'Marcus', lastName: 'Bell', status: 'inactive' },
    ],
  });
  const [practiceId, priya, marcus] = user.providerIds as [number, number, number];
  const [profession] = await db()('tags').where({ type: 'professions', name: 'Psychologist' }).pluck('id');
  await db()('providers')
    .where({ id: priya })
    .update({ practice_id: practiceId, practice_sort_order: 1, primary_profession_tag_id: profession });
  await db()('providers').where({ id: marcus }).update({ practice_id: practiceId, practice_sort_order: 2 });
  // A member this user has no clinician access to.
  const [jo] = await db()('providers')
    .insert({
      account_id: user.accountId,
      type: 'individual',
      status: 'active',
      first_name: 'Jo',
      last_name: 'Park',
      practice_id: practiceId,
      practice_sort_order: 3,
    })
    .returning('id');
  await db()('users').where({ id: user.userId }).update({ selected_provider_id: practiceId });
  const client = agent();
  await signIn(client, user.email);
  return { client, user, practiceId, priya, marcus, jo: Number(jo.id) };
}

async function postForm(client: Agent, path: string, fields: Record<string, string>) {
  const _csrf = await tokenFor(client, '/account-preferences');
  return client
    .post(path)
    .type('form')
    .send({ _csrf, ...fields });
}

async function send(client: Agent, path: string, fields: Record<string, string>, image?: Buffer) {
  const _csrf = await tokenFor(client, '/account-preferences');
  let request = client.post(path).field('_csrf', _csrf);
  for (const [key, value] of Object.entries(fields)) request = request.field(key, value);
  if (image) request = request.attach('image', image, 'headshot.png');
  return request;
}

const order = async (practiceId: number) =>
  (await db()('providers').where({ practice_id: practiceId }).orderBy('practice_sort_order').select('first_name')).map(
    (r) => r.first_name,
  );
const unregistered = (practiceId: number) =>
  db()('unregistered_practice_providers').where({ provider_id: practiceId }).orderBy('id');

let photo: Buffer;
before(async () => {
  photo = await colourfulPng();
});

describe('practice providers: practices only (spec 2 §2, §6)', () => {
  it('an individual profile is redirected to /', async () => {
    const user = await createProviderUser(db());
    const client = agent();
    await signIn(client, user.email);
    assert.equal((await client.get('/practice/providers').expect(303)).headers.location, '/');
    assert.equal((await postForm(client, '/practice/providers/order', { move: '1:up' })).headers.location, '/');
  });

  it('lists members in order with profession and clinician access, and links to /profiles/create, /profiles and /contact', async () => {
    const { client } = await practiceOwner();
    const html = (await client.get('/practice/providers').expect(200)).text;
    const text = mainTextOf(html);
    assert.match(
      text,
      /Priya Shah Psychologist Live Switch to Priya Shah More actions for Priya Shah Move up.*Marcus Bell No profession yet Not live Switch to Marcus Bell.*Jo Park .*No editing access/,
    );
    assert.doesNotMatch(text, /Switch to Jo Park/, 'no switch without clinician access');
    for (const href of ['/profiles/create', '/profiles', '/contact']) assert.ok(html.includes(`href="${href}"`), href);
  });
});

describe('practice providers: order (practice_sort_order, no JavaScript needed)', () => {
  it('up and down buttons move a member one place and renumber 1..n', async () => {
    const { client, practiceId, marcus, priya } = await practiceOwner();
    const up = await postForm(client, '/practice/providers/order', { move: `${marcus}:up` });
    assert.equal(up.status, 303);
    assert.equal(up.headers.location, `/practice/providers#member-${marcus}`);
    assert.deepEqual(await order(practiceId), ['Marcus', 'Priya', 'Jo']);
    await postForm(client, '/practice/providers/order', { move: `${priya}:down` });
    assert.deepEqual(await order(practiceId), ['Marcus', 'Jo', 'Priya']);
    // The ends stay put.
    await postForm(client, '/practice/providers/order', { move: `${marcus}:up` });
    assert.deepEqual(await order(practiceId), ['Marcus', 'Jo', 'Priya']);
    const positions = await db()('providers')
      .where({ practice_id: practiceId })
      .orderBy('practice_sort_order')
      .pluck('practice_sort_order');
    assert.deepEqual(positions, [1, 2, 3]);
    assert.match(
      mainTextOf((await client.get('/practice/providers')).text),
      /The order of your providers has been saved\./,
    );
  });

  it('shows 20 members a page, and a move across a page edge follows the member to its new page', async () => {
    const { client, practiceId, user } = await practiceOwner();
    // 22 more members: 25 in all, so page 2 holds the last 5.
    const extra = await db()('providers')
      .insert(
        Array.from({ length: 22 }, (_, i) => ({
          account_id: user.accountId,
          type: 'individual',
          status: 'active',
          first_name: `Extra${String(i + 4).padStart(2, '0')}`,
          last_name: 'Member',
          practice_id: practiceId,
          practice_sort_order: i + 4,
        })),
      )
      .returning('id');
    const first = mainTextOf((await client.get('/practice/providers').expect(200)).text);
    assert.match(first, /Page 1 of 2/);
    assert.match(first, /Extra20 Member/);
    assert.doesNotMatch(first, /Extra21 Member/);
    const second = mainTextOf((await client.get('/practice/providers?page=2').expect(200)).text);
    assert.match(second, /Page 2 of 2/);
    assert.match(second, /Extra21 Member[\s\S]*Extra25 Member/);
    assert.doesNotMatch(second, /Priya/);
    // The 21st member (first on page 2) moves up to 20th: page 1.
    const twentyFirst = Number(extra[17].id);
    const moved = await postForm(client, '/practice/providers/order', { move: `${twentyFirst}:up` });
    assert.equal(moved.headers.location, `/practice/providers#member-${twentyFirst}`);
    assert.equal((await order(practiceId))[19], 'Extra21');
    const back = await postForm(client, '/practice/providers/order', { move: `${twentyFirst}:down` });
    assert.equal(back.headers.location, `/practice/providers?page=2#member-${twentyFirst}`);
    // The last member's "Move down" is disabled on the last page, not on page 1's last row.
    const html = (await client.get('/practice/providers?page=2').expect(200)).text;
    const lastId = Number(extra[21].id);
    assert.match(html, new RegExp(`value="${lastId}:down" disabled`));
    assert.doesNotMatch((await client.get('/practice/providers').expect(200)).text, /value="\d+:down" disabled/);
  });

  it('a member of another practice is not found (404)', async () => {
    const other = await practiceOwner();
    const { client } = await practiceOwner();
    assert.equal((await postForm(client, '/practice/providers/order', { move: `${other.priya}:down` })).status, 404);
    assert.deepEqual(await order(other.practiceId), ['Priya', 'Marcus', 'Jo']);
  });
});

describe('practice providers: removing a member (spec 2 §4)', () => {
  it('asks first, then removes the member from the practice only (its profile stays; billing unaffected)', async () => {
    const { client, practiceId, priya } = await practiceOwner();
    const asked = await postForm(client, `/practice/providers/${priya}/removal`, {});
    assert.equal(asked.status, 200);
    const text = mainTextOf(asked.text);
    assert.match(text, /Are you sure you want to remove this provider from your practice\?/);
    assert.match(
      text,
      /Your billing is not affected\. To add this provider back later, you will need to contact our support team\./,
    );
    assert.deepEqual(await order(practiceId), ['Priya', 'Marcus', 'Jo']);
    const done = await postForm(client, `/practice/providers/${priya}/removal`, { confirmed: '1' });
    assert.equal(done.status, 303);
    assert.deepEqual(await order(practiceId), ['Marcus', 'Jo']);
    const row = await db()('providers').where({ id: priya }).first();
    assert.equal(row!.practice_id, null);
    assert.equal(row!.status, 'active');
    const positions = await db()('providers')
      .where({ practice_id: practiceId })
      .orderBy('practice_sort_order')
      .pluck('practice_sort_order');
    assert.deepEqual(positions, [1, 2]);
  });

  it("another practice's member is not found (404)", async () => {
    const other = await practiceOwner();
    const { client } = await practiceOwner();
    assert.equal(
      (await postForm(client, `/practice/providers/${other.priya}/removal`, { confirmed: '1' })).status,
      404,
    );
    assert.equal((await postForm(client, `/practice/providers/${other.priya}/removal`, {})).status, 404);
    assert.equal((await db()('providers').where({ id: other.priya }).first())!.practice_id, other.practiceId);
  });
});

describe('practice providers: unregistered providers (spec 2 §5)', () => {
  const good = async () => ({
    first_name: 'Elena',
    middle_name: '',
    last_name: 'Vasquez',
    degree_tag_id: String((await db()('tags').where({ type: 'degrees', name: 'LMHC' }).pluck('id'))[0]),
    title: '',
  });

  it('"Please fill out all of the required fields." — first name, last name, a degree or a position, and an image; typed values kept', async () => {
    const { client, practiceId } = await practiceOwner();
    const response = await send(client, '/practice/providers/unregistered', {
      first_name: 'Elena',
      middle_name: 'R',
      last_name: '',
      degree_tag_id: '',
      title: '',
    });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Please fill out all of the required fields\./);
    assert.match(response.text, /value="Elena"/);
    assert.match(response.text, /id="last_name"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="last_name"/);
    const noImage = await send(client, '/practice/providers/unregistered', await good());
    assert.equal(noImage.status, 422);
    assert.match(mainTextOf(noImage.text), /Please fill out all of the required fields\./);
    const fake = await send(client, '/practice/providers/unregistered', await good(), notAnImage());
    assert.match(mainTextOf(fake.text), /Please upload an image file/);
    assert.equal((await unregistered(practiceId)).length, 0);
  });

  it('adds one with a degree or with only a position; the image is stored and served', async () => {
    const { client, practiceId } = await practiceOwner();
    const first = await send(client, '/practice/providers/unregistered', await good(), photo);
    assert.equal(first.status, 303, mainTextOf(first.text).slice(0, 300));
    const second = await send(
      client,
      '/practice/providers/unregistered',
      { first_name: 'Sam', last_name: 'Ortiz', degree_tag_id: '', title: 'Intake Coordinator' },
      photo,
    );
    assert.equal(second.status, 303);
    const [elena, sam] = await unregistered(practiceId);
    assert.equal(elena.first_name, 'Elena');
    assert.ok(elena.degree_tag_id);
    assert.equal(sam.title, 'Intake Coordinator');
    assert.equal(sam.degree_tag_id, null);
    assert.deepEqual([elena.sort_order, sam.sort_order], [1, 2]);
    const page = mainTextOf((await client.get('/practice/providers')).text);
    assert.match(page, /Elena Vasquez LMHC.*Sam Ortiz Intake Coordinator/);
    assert.equal(
      (await client.get(`/practice/providers/images/${elena.image_key}`).expect(200)).headers['content-type'],
      'image/jpeg',
    );
  });

  it('changing the image asks first; other fields change without it', async () => {
    const { client, practiceId } = await practiceOwner();
    await send(client, '/practice/providers/unregistered', await good(), photo);
    const [row] = await unregistered(practiceId);
    const edit = await client.get(`/practice/providers/unregistered/${row.id}`).expect(200);
    assert.match(edit.text, /value="Vasquez"/);
    const unasked = await send(
      client,
      `/practice/providers/unregistered/${row.id}`,
      { ...(await good()), title: 'Staff Therapist' },
      photo,
    );
    assert.equal(unasked.status, 422);
    assert.match(mainTextOf(unasked.text), /Please confirm that you want to replace the current image\./);
    assert.equal((await unregistered(practiceId))[0].title, null);
    const kept = await send(client, `/practice/providers/unregistered/${row.id}`, {
      ...(await good()),
      title: 'Staff Therapist',
    });
    assert.equal(kept.status, 303);
    assert.equal((await unregistered(practiceId))[0].image_key, row.image_key);
    const replaced = await send(
      client,
      `/practice/providers/unregistered/${row.id}`,
      { ...(await good()), replace_image: '1' },
      photo,
    );
    assert.equal(replaced.status, 303);
    assert.notEqual((await unregistered(practiceId))[0].image_key, row.image_key);
    await client.get(`/practice/providers/images/${row.image_key}`).expect(404);
  });

  it('deleting asks first, then deletes', async () => {
    const { client, practiceId } = await practiceOwner();
    await send(client, '/practice/providers/unregistered', await good(), photo);
    const [row] = await unregistered(practiceId);
    const asked = await postForm(client, `/practice/providers/unregistered/${row.id}/delete`, {});
    assert.equal(asked.status, 200);
    assert.match(mainTextOf(asked.text), /Are you sure you want to delete this provider\?/);
    assert.equal((await unregistered(practiceId)).length, 1);
    assert.equal(
      (await postForm(client, `/practice/providers/unregistered/${row.id}/delete`, { confirmed: '1' })).status,
      303,
    );
    assert.equal((await unregistered(practiceId)).length, 0);
  });

  it("another practice's unregistered provider is not found (404)", async () => {
    const other = await practiceOwner();
    await send(other.client, '/practice/providers/unregistered', await good(), photo);
    const [row] = await unregistered(other.practiceId);
    const { client } = await practiceOwner();
    await client.get(`/practice/providers/unregistered/${row.id}`).expect(404);
    assert.equal((await send(client, `/practice/providers/unregistered/${row.id}`, await good())).status, 404);
    assert.equal(
      (await postForm(client, `/practice/providers/unregistered/${row.id}/delete`, { confirmed: '1' })).status,
      404,
    );
    assert.equal((await unregistered(other.practiceId)).length, 1);
  });
});
