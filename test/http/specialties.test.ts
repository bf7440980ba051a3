// /profile/specialties (spec 2 §2 Profile pages, §5 Tag selections, Custom approaches and specialties,
// §9): top specialties (up to 6), general expertise (3–20), custom specialties; one describe per rule.
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, type Agent, postForm, type FormValues } from '../support/http';
import { firstTagIds } from './onboarding-helpers';

const PAGE = '/profile/specialties';
const AT_CAP = (n: number) =>
  `You've reached the maximum number of selections (${n}). Please remove other selections to add more.`;
const CONTACTS = 'Please do not include URLs, phone numbers, or email addresses in this field!';

const post = (client: Agent, path: string, values: FormValues) => postForm(client, PAGE, path, values);

async function signedIn(type: 'individual' | 'practice' = 'individual') {
  const user = await createProviderUser(ctx().db, {
    providers: [{ type, companyName: type === 'practice' ? 'Harbor Group' : undefined }],
  });
  const client = agent();
  await signIn(client, user.email);
  return { client, id: user.providerIds[0]!, user };
}

/** The provider's specialties: all of them and the top ones. */
async function specialties(providerId: number) {
  const rows = await ctx()
    .db('taggings as tg')
    .join('tags as t', 't.id', 'tg.tag_id')
    .where({ 'tg.provider_id': providerId, 't.type': 'specialties' })
    .orderBy('tg.tag_id')
    .select('tg.tag_id', 'tg.is_top');
  return { all: rows.map((r) => Number(r.tag_id)), top: rows.filter((r) => r.is_top).map((r) => Number(r.tag_id)) };
}

async function tag(providerId: number, tagIds: number[], isTop = false) {
  await ctx()
    .db('taggings')
    .insert(tagIds.map((tag_id) => ({ provider_id: providerId, tag_id, is_top: isTop })));
}

/** Whether the checkbox of that name and value is ticked in the HTML (React writes checked before value). */
const ticked = (html: string, name: string, value: number) =>
  new RegExp(`name="${name}" checked="" value="${value}"`).test(html);

const nameOf = async (id: number) => (await ctx().db('tags').where({ id }).first('name'))!.name as string;
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('specialties: the page', () => {
  it('signed-out visitors go to /login; the page shows the three sections read-only with the saved names', async () => {
    assert.equal((await agent().get(PAGE).expect(303)).headers.location, `/login?next=${encodeURIComponent(PAGE)}`);
    const { client, id } = await signedIn();
    const ids = await firstTagIds(ctx().db, 'specialties', 4);
    await tag(id, ids.slice(0, 3));
    await tag(id, ids.slice(3), true);
    const html = (await client.get(PAGE).expect(200)).text;
    const text = mainTextOf(html);
    assert.match(html, /<title>Specialties \|/);
    for (const heading of ['Top specialties', 'General expertise', 'Custom specialties'])
      assert.match(text, new RegExp(heading));
    assert.match(text, new RegExp(`Top specialties ${await nameOf(ids[3]!)}`));
    assert.doesNotMatch(html, /type="checkbox"/, 'no form is open without ?edit=');
    assert.match(html, /href="\/profile\/specialties\?edit=top-specialties#top-specialties"/);
  });

  it('?edit= opens one section as a form with the saved ticks', async () => {
    const { client, id } = await signedIn();
    const ids = await firstTagIds(ctx().db, 'specialties', 3);
    await tag(id, ids);
    const html = (await client.get(`${PAGE}?edit=general-expertise`).expect(200)).text;
    for (const tagId of ids) assert.ok(ticked(html, 'specialties', tagId));
    assert.doesNotMatch(html, /name="top_specialties"/);
    assert.match(html, /action="\/profile\/specialties\/general-expertise"/);
    assert.match(html, /data-warn-unsaved/);
  });
});

describe('specialties: the filter box (a GET form)', () => {
  it('narrows the options; chosen options hidden by the filter stay chosen as hidden fields', async () => {
    const { client, id } = await signedIn();
    const [anxiety, depression] = await Promise.all(
      ['Anxiety', 'Depression'].map(async (name) =>
        Number((await ctx().db('tags').where({ type: 'specialties', name }).first('id'))!.id),
      ),
    );
    await tag(id, [anxiety!, depression!]);
    const html = (await client.get(`${PAGE}?edit=general-expertise&q=anx`).expect(200)).text;
    assert.match(html, /<form [^>]*action="\/profile\/specialties#general-expertise" method="get"/);
    assert.match(html, /<input type="hidden" name="edit" value="general-expertise"\/>/);
    assert.match(html, /value="anx"/);
    assert.ok(ticked(html, 'specialties', anxiety!));
    assert.match(mainTextOf(html), /Health Anxiety/);
    assert.doesNotMatch(html, new RegExp(`type="checkbox"[^>]*value="${depression}"`));
    assert.match(html, new RegExp(`<input type="hidden" name="specialties" value="${depression}"/>`));
    assert.match(html, /action="\/profile\/specialties\/general-expertise\?q=anx"/);
  });

  it('"No results! Please search again..." when nothing matches', async () => {
    const { client } = await signedIn();
    const text = mainTextOf((await client.get(`${PAGE}?edit=top-specialties&q=zzzz`).expect(200)).text);
    assert.match(text, /No results! Please search again\.\.\./);
    const all = mainTextOf((await client.get(`${PAGE}?edit=top-specialties`).expect(200)).text);
    assert.doesNotMatch(all, /No results!/);
  });
});

describe('specialties: general expertise 3–20 (spec 2 §5 Tag selections)', () => {
  it('"You must have at least 3 selection(s)." with 422, the ticks kept and nothing saved', async () => {
    const { client, id } = await signedIn();
    const ids = await firstTagIds(ctx().db, 'specialties', 5);
    await tag(id, ids.slice(0, 3));
    const response = await post(client, `${PAGE}/general-expertise`, { specialties: ids.slice(3, 5) });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /You must have at least 3 selection\(s\)\./);
    for (const tagId of ids.slice(3, 5)) assert.ok(ticked(response.text, 'specialties', tagId));
    assert.ok(!ticked(response.text, 'specialties', ids[0]!));
    assert.deepEqual((await specialties(id)).all, sorted(ids.slice(0, 3)));
    const none = await post(client, `${PAGE}/general-expertise`, {});
    assert.equal(none.status, 422);
    assert.match(mainTextOf(none.text), /You must have at least 3 selection\(s\)\./);
  });

  it('"You\'ve reached the maximum number of selections (20)..." above 20', async () => {
    const { client, id } = await signedIn();
    const ids = await firstTagIds(ctx().db, 'specialties', 21);
    const response = await post(client, `${PAGE}/general-expertise`, { specialties: ids });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), new RegExp(AT_CAP(20).replace(/[()?.]/g, '\\$&')));
    assert.deepEqual((await specialties(id)).all, []);
  });

  it('saves as taggings (added and removed), 303 back with a flash; a removed top specialty stops being top', async () => {
    const { client, id } = await signedIn();
    const ids = await firstTagIds(ctx().db, 'specialties', 6);
    await tag(id, ids.slice(0, 3));
    await tag(id, [ids[3]!], true);
    const response = await post(client, `${PAGE}/general-expertise`, {
      specialties: [ids[1]!, ids[2]!, ids[4]!, ids[5]!],
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `${PAGE}#general-expertise`);
    assert.deepEqual(await specialties(id), { all: sorted([ids[1]!, ids[2]!, ids[4]!, ids[5]!]), top: [] });
    assert.match(mainTextOf((await client.get(PAGE)).text), /Your general expertise has been updated!/);
  });

  it('refuses ids that are not specialties', async () => {
    const { client, id } = await signedIn();
    const ids = await firstTagIds(ctx().db, 'specialties', 2);
    const [approach] = await firstTagIds(ctx().db, 'approaches', 1);
    const response = await post(client, `${PAGE}/general-expertise`, { specialties: [...ids, approach!] });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Please choose from the list\./);
    assert.deepEqual((await specialties(id)).all, []);
  });
});

describe('specialties: top specialties at most 6, also in general expertise up to 20', () => {
  it('"You\'ve reached the maximum number of specialties (6)..." with 7, ticks kept, nothing saved', async () => {
    const { client, id } = await signedIn();
    const ids = await firstTagIds(ctx().db, 'specialties', 7);
    const response = await post(client, `${PAGE}/top-specialties`, { top_specialties: ids });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /You've reached the maximum number of specialties \(6\)\.\.\./);
    for (const tagId of ids) assert.ok(ticked(response.text, 'top_specialties', tagId));
    assert.deepEqual(await specialties(id), { all: [], top: [] });
  });

  it('"You must have at least 1 selection(s)." with none', async () => {
    const { client } = await signedIn();
    const response = await post(client, `${PAGE}/top-specialties`, {});
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /You must have at least 1 selection\(s\)\./);
  });

  it('new top specialties are added to general expertise; an old top one stays there, no longer top', async () => {
    const { client, id } = await signedIn();
    const ids = await firstTagIds(ctx().db, 'specialties', 6);
    await tag(id, ids.slice(0, 3));
    await tag(id, [ids[3]!], true);
    const response = await post(client, `${PAGE}/top-specialties`, { top_specialties: [ids[0]!, ids[4]!, ids[5]!] });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `${PAGE}#top-specialties`);
    assert.deepEqual(await specialties(id), { all: sorted(ids), top: sorted([ids[0]!, ids[4]!, ids[5]!]) });
    const text = mainTextOf((await client.get(PAGE)).text);
    assert.match(text, /Your top specialties have been updated!/);
    assert.doesNotMatch(text, /maximum number of selections/);
  });

  it('a warning when the additions bring general expertise to 20; a 422 when they would pass it', async () => {
    const { client, id } = await signedIn();
    const ids = await firstTagIds(ctx().db, 'specialties', 22);
    await tag(id, ids.slice(0, 18));
    const over = await post(client, `${PAGE}/top-specialties`, { top_specialties: ids.slice(18, 21) });
    assert.equal(over.status, 422);
    assert.match(mainTextOf(over.text), new RegExp(AT_CAP(20).replace(/[()?.]/g, '\\$&')));
    assert.deepEqual(await specialties(id), { all: sorted(ids.slice(0, 18)), top: [] });

    const atCap = await post(client, `${PAGE}/top-specialties`, { top_specialties: [ids[0]!, ...ids.slice(18, 20)] });
    assert.equal(atCap.status, 303);
    assert.equal((await specialties(id)).all.length, 20);
    const html = (await client.get(PAGE)).text;
    assert.match(html, /flash--warning[\s\S]*You&#x27;ve reached the maximum number of selections \(20\)/);
  });
});

describe('specialties: custom specialties (name ≤ 60, description ≤ 500)', () => {
  const content = async (id: number) =>
    ((await ctx().db('providers').where({ id }).first('custom_content'))!.custom_content ?? {}) as Record<
      string,
      unknown
    >;

  it('"{placeholder} required" for both fields, 422 with the form open', async () => {
    const { client, id } = await signedIn();
    const response = await post(client, `${PAGE}/custom-specialties`, { name: '  ', description: '' });
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    assert.match(text, /Specialty name required/);
    assert.match(text, /Specialty description required/);
    assert.equal((await content(id)).custom_specialties, undefined);
  });

  it('"Max length reached (60 characters)" / "(500 characters)", typed values kept', async () => {
    const { client } = await signedIn();
    const response = await post(client, `${PAGE}/custom-specialties`, {
      name: 'n'.repeat(61),
      description: 'd'.repeat(501),
    });
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    assert.match(text, /Max length reached \(60 characters\)/);
    assert.match(text, /Max length reached \(500 characters\)/);
    assert.match(response.text, new RegExp(`value="${'n'.repeat(61)}"`));
    assert.match(response.text, new RegExp(`>${'d'.repeat(501)}</textarea>`));
    const exact = await post(client, `${PAGE}/custom-specialties`, {
      name: 'n'.repeat(60),
      description: 'd'.repeat(500),
    });
    assert.equal(exact.status, 303);
  });

  it('no URLs, phone numbers or e-mail addresses', async () => {
    const { client } = await signedIn();
    for (const [name, description] of [
      ['Call 555-123-4567', 'Fine text'],
      ['Fine name', 'see www.example.com'],
      ['Fine', 'me at gmail dot com'],
    ]) {
      const response = await post(client, `${PAGE}/custom-specialties`, { name, description });
      assert.equal(response.status, 422);
      assert.match(mainTextOf(response.text), new RegExp(CONTACTS.replace(/[!,]/g, '\\$&')));
    }
  });

  it('adds, edits and deletes (with a confirmation step without JavaScript)', async () => {
    const { client, id } = await signedIn();
    const added = await post(client, `${PAGE}/custom-specialties`, {
      name: 'Musicians',
      description: 'Performance anxiety and career pressure.',
    });
    assert.equal(added.status, 303);
    const [entry] = (await content(id)).custom_specialties as { id: string; name: string; description: string }[];
    assert.equal(entry!.name, 'Musicians');
    assert.match(entry!.id, /^[0-9a-f]{12}$/);
    assert.equal(added.headers.location, `${PAGE}#custom-specialty-${entry!.id}`);
    assert.match(
      mainTextOf((await client.get(PAGE)).text),
      /Your custom specialty has been added!.*Musicians Performance anxiety and career pressure\./,
    );

    const edit = (await client.get(`${PAGE}?edit=custom-specialty-${entry!.id}`).expect(200)).text;
    assert.match(edit, new RegExp(`action="/profile/specialties/custom-specialties/${entry!.id}"`));
    const bad = await post(client, `${PAGE}/custom-specialties/${entry!.id}`, { name: 'Actors', description: '' });
    assert.equal(bad.status, 422);
    assert.match(bad.text, /value="Actors"/);
    assert.match(mainTextOf(bad.text), /Specialty description required/);
    const saved = await post(client, `${PAGE}/custom-specialties/${entry!.id}`, {
      name: 'Actors',
      description: 'Stage fright.',
    });
    assert.equal(saved.status, 303);
    assert.deepEqual((await content(id)).custom_specialties, [
      { id: entry!.id, name: 'Actors', description: 'Stage fright.' },
    ]);

    const ask = await post(client, `${PAGE}/custom-specialties/${entry!.id}/delete`, {});
    assert.equal(ask.status, 200);
    assert.match(mainTextOf(ask.text), /Are you sure you'd like to delete this custom specialty\?/);
    assert.match(ask.text, /name="confirmed" value="1"/);
    assert.equal(((await content(id)).custom_specialties as unknown[]).length, 1, 'asking deletes nothing');
    const deleted = await post(client, `${PAGE}/custom-specialties/${entry!.id}/delete`, { confirmed: '1' });
    assert.equal(deleted.status, 303);
    assert.deepEqual((await content(id)).custom_specialties, []);
    assert.match(mainTextOf((await client.get(PAGE)).text), /Your custom specialty has been deleted!/);
  });

  it("another account's custom specialty id is not found (404) for edit and delete", async () => {
    const { client } = await signedIn();
    const other = await createProviderUser(ctx().db);
    await ctx()
      .db('providers')
      .where({ id: other.providerIds[0] })
      .update({
        custom_content: JSON.stringify({
          custom_specialties: [{ id: 'abcdefabcdef', name: 'Theirs', description: 'Not yours.' }],
        }),
      });
    assert.equal(
      (await post(client, `${PAGE}/custom-specialties/abcdefabcdef`, { name: 'Mine', description: 'Taken over' }))
        .status,
      404,
    );
    assert.equal(
      (await post(client, `${PAGE}/custom-specialties/abcdefabcdef/delete`, { confirmed: '1' })).status,
      404,
    );
    assert.equal((await post(client, `${PAGE}/custom-specialties/abcdefabcdef/delete`, {})).status, 404);
    assert.equal((await post(client, `${PAGE}/custom-specialties/not-an-id/delete`, {})).status, 404);
    const theirs = jsonObject(
      (await ctx().db('providers').where({ id: other.providerIds[0] }).first('custom_content'))!.custom_content,
    );
    assert.deepEqual(theirs.custom_specialties, [{ id: 'abcdefabcdef', name: 'Theirs', description: 'Not yours.' }]);
  });
});

describe('specialties: one transaction per post', () => {
  it('a failure part-way leaves the earlier changes unsaved, with "There was an error updating your profile."', async () => {
    const { client, id } = await signedIn();
    const db = ctx().db;
    const ids = await firstTagIds(db, 'specialties', 6);
    await tag(id, ids.slice(0, 3));
    // The insert of one particular tag fails after the removals have run.
    await db.raw(`create or replace function fail_tagging() returns trigger language plpgsql as $$
      begin if new.tag_id = ${ids[5]} then raise exception 'boom'; end if; return new; end $$`);
    await db.raw('create trigger fail_tagging before insert on taggings for each row execute function fail_tagging()');
    try {
      const response = await post(client, `${PAGE}/general-expertise`, { specialties: [ids[3]!, ids[4]!, ids[5]!] });
      assert.equal(response.status, 500);
      assert.match(mainTextOf(response.text), /There was an error updating your profile\./);
      for (const tagId of ids.slice(3)) assert.ok(ticked(response.text, 'specialties', tagId));
      assert.deepEqual((await specialties(id)).all, sorted(ids.slice(0, 3)));
    } finally {
      await db.raw('drop trigger if exists fail_tagging on taggings');
      await db.raw('drop function if exists fail_tagging()');
    }
  });
});
