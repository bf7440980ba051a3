// /profile/clientele-approach (spec 2 §2 Profile pages, §5 Tag selections, Custom approaches and
// specialties, §9): clientele (1–20), identity (optional), treatment approaches (1–20) and custom
// approaches (name ≤ 45, description ≤ 280); one describe per rule.
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, type Agent, postForm, type FormValues } from '../support/http';
import { firstTagIds, tagIds } from './onboarding-helpers';

const PAGE = '/profile/clientele-approach';
const CONTACTS = 'Please do not include URLs, phone numbers, or email addresses in this field!';
const escapeRegExp = (text: string) => text.replace(/[()?.!+*[\]]/g, '\\$&');

const post = (client: Agent, path: string, values: FormValues) => postForm(client, PAGE, path, values);

async function signedIn(type: 'individual' | 'practice' = 'individual') {
  const user = await createProviderUser(ctx().db, {
    providers: [{ type, companyName: type === 'practice' ? 'Harbor Group' : undefined }],
  });
  const client = agent();
  await signIn(client, user.email);
  return { client, id: user.providerIds[0]!, user };
}

async function tagsOf(providerId: number, type: string): Promise<number[]> {
  const rows = await ctx()
    .db('taggings as tg')
    .join('tags as t', 't.id', 'tg.tag_id')
    .where({ 'tg.provider_id': providerId, 't.type': type })
    .orderBy('tg.tag_id')
    .select('tg.tag_id');
  return rows.map((r) => Number(r.tag_id));
}

async function tag(providerId: number, ids: number[]) {
  await ctx()
    .db('taggings')
    .insert(ids.map((tag_id) => ({ provider_id: providerId, tag_id })));
}

const ticked = (html: string, name: string, value: number) =>
  new RegExp(`name="${name}" checked="" value="${value}"`).test(html);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
const content = async (id: number) =>
  ((await ctx().db('providers').where({ id }).first('custom_content'))!.custom_content ?? {}) as Record<
    string,
    unknown
  >;

describe('clientele & approach: the page', () => {
  it('shows the four sections read-only with the saved names; signed-out visitors go to /login', async () => {
    assert.equal((await agent().get(PAGE).expect(303)).headers.location, `/login?next=${encodeURIComponent(PAGE)}`);
    const { client, id } = await signedIn();
    await tag(id, await tagIds(ctx().db, 'clientele', ['Adults (25 to 64)', 'Couples']));
    await tag(id, await tagIds(ctx().db, 'approaches', ['Gestalt']));
    const html = (await client.get(PAGE).expect(200)).text;
    assert.match(html, /<title>Clientele &amp; Approach \|/);
    const text = mainTextOf(html);
    assert.match(text, /Clientele .*Clientele Adults \(25 to 64\), Couples/);
    assert.match(text, /Your identity .*Gender Not provided Identities Not provided/);
    assert.match(text, /Treatment approaches .*Treatment approaches Gestalt/);
    assert.match(text, /Custom approaches .*You have not added any custom approaches yet\./);
    assert.doesNotMatch(html, /type="checkbox"/);
  });

  it("a practice reads Head Clinician's identity", async () => {
    const { client } = await signedIn('practice');
    assert.match(mainTextOf((await client.get(PAGE).expect(200)).text), /Head Clinician's identity/);
  });
});

describe('clientele & approach: clientele 1–20', () => {
  it('"You must have at least 1 selection(s)." with 422 and nothing saved', async () => {
    const { client, id } = await signedIn();
    const [one] = await firstTagIds(ctx().db, 'clientele', 1);
    await tag(id, [one!]);
    const response = await post(client, `${PAGE}/clientele`, {});
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /You must have at least 1 selection\(s\)\./);
    assert.match(response.text, /action="\/profile\/clientele-approach\/clientele"/, 'the clientele form stays open');
    assert.deepEqual(await tagsOf(id, 'clientele'), [one]);
  });

  it('saves the ticks as taggings, 303 back with a flash', async () => {
    const { client, id } = await signedIn();
    const ids = await firstTagIds(ctx().db, 'clientele', 4);
    await tag(id, ids.slice(0, 2));
    const response = await post(client, `${PAGE}/clientele`, { clientele: ids.slice(1) });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `${PAGE}#clientele`);
    assert.deepEqual(await tagsOf(id, 'clientele'), sorted(ids.slice(1)));
    assert.match(mainTextOf((await client.get(PAGE)).text), /Your clientele has been updated!/);
  });
});

describe('clientele & approach: identity (genders and identities, optional, one transaction)', () => {
  it('saves both lists, and both may be emptied', async () => {
    const { client, id } = await signedIn();
    const genders = await tagIds(ctx().db, 'genders', ['Female']);
    const identities = await tagIds(ctx().db, 'identities', ['LGBTQ+ ally', 'Latinx']);
    assert.equal((await post(client, `${PAGE}/identity`, { genders, identities })).status, 303);
    assert.deepEqual(await tagsOf(id, 'genders'), genders);
    assert.deepEqual(await tagsOf(id, 'identities'), sorted(identities));
    assert.equal((await post(client, `${PAGE}/identity`, {})).status, 303);
    assert.deepEqual(await tagsOf(id, 'genders'), []);
    assert.deepEqual(await tagsOf(id, 'identities'), []);
  });

  it('one bad list saves neither (422, ticks kept)', async () => {
    const { client, id } = await signedIn();
    const genders = await tagIds(ctx().db, 'genders', ['Male']);
    const [approach] = await firstTagIds(ctx().db, 'approaches', 1);
    const response = await post(client, `${PAGE}/identity`, { genders, identities: [approach!] });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Please choose from the list\./);
    assert.ok(ticked(response.text, 'genders', genders[0]!));
    assert.deepEqual(await tagsOf(id, 'genders'), []);
  });
});

describe('clientele & approach: treatment approaches 1–20 with a filter box', () => {
  it('"You must have at least 1 selection(s)." and "You\'ve reached the maximum number of selections (20)..."', async () => {
    const { client, id } = await signedIn();
    const none = await post(client, `${PAGE}/approaches`, {});
    assert.equal(none.status, 422);
    assert.match(mainTextOf(none.text), /You must have at least 1 selection\(s\)\./);
    const ids = await firstTagIds(ctx().db, 'approaches', 21);
    const many = await post(client, `${PAGE}/approaches`, { approaches: ids });
    assert.equal(many.status, 422);
    assert.match(
      mainTextOf(many.text),
      new RegExp(
        escapeRegExp(
          "You've reached the maximum number of selections (20). Please remove other selections to add more.",
        ),
      ),
    );
    for (const tagId of ids) assert.ok(ticked(many.text, 'approaches', tagId));
    assert.deepEqual(await tagsOf(id, 'approaches'), []);
    assert.equal((await post(client, `${PAGE}/approaches`, { approaches: ids.slice(0, 20) })).status, 303);
    assert.equal((await tagsOf(id, 'approaches')).length, 20);
  });

  it('the filter narrows the list, keeps hidden choices, and says "No results! Please search again..."', async () => {
    const { client, id } = await signedIn();
    const [gestalt, gottman] = await tagIds(ctx().db, 'approaches', ['Gestalt', 'Gottman Method']);
    await tag(id, [gestalt!, gottman!]);
    const html = (await client.get(`${PAGE}?edit=approaches&q=gest`).expect(200)).text;
    assert.ok(ticked(html, 'approaches', gestalt!));
    assert.doesNotMatch(html, new RegExp(`type="checkbox"[^>]*value="${gottman}"`));
    assert.match(html, new RegExp(`<input type="hidden" name="approaches" value="${gottman}"/>`));
    assert.match(html, /action="\/profile\/clientele-approach\/approaches\?q=gest"/);
    const empty = (await client.get(`${PAGE}?edit=approaches&q=nothing-like-this`).expect(200)).text;
    assert.match(mainTextOf(empty), /No results! Please search again\.\.\./);
    // Saving from a filtered list keeps the hidden choice.
    const response = await post(client, `${PAGE}/approaches?q=gest`, { approaches: [gestalt!, gottman!] });
    assert.equal(response.status, 303);
    assert.deepEqual(await tagsOf(id, 'approaches'), sorted([gestalt!, gottman!]));
  });
});

describe('clientele & approach: custom approaches (name ≤ 45, description ≤ 280)', () => {
  it('"Approach name required" and "Approach description required"', async () => {
    const { client, id } = await signedIn();
    const response = await post(client, `${PAGE}/custom-approaches`, {});
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Approach name required.*Approach description required/);
    assert.equal((await content(id)).custom_approaches, undefined);
  });

  it('"Max length reached (45 characters)" and "(280 characters)"; exactly the maximum is fine', async () => {
    const { client, id } = await signedIn();
    const response = await post(client, `${PAGE}/custom-approaches`, {
      name: 'a'.repeat(46),
      description: 'b'.repeat(281),
    });
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    assert.match(text, /Max length reached \(45 characters\)/);
    assert.match(text, /Max length reached \(280 characters\)/);
    assert.match(response.text, new RegExp(`value="${'a'.repeat(46)}"`));
    assert.equal(
      (await post(client, `${PAGE}/custom-approaches`, { name: 'a'.repeat(45), description: 'b'.repeat(280) })).status,
      303,
    );
    assert.equal(((await content(id)).custom_approaches as unknown[]).length, 1);
  });

  it('"Please do not include URLs, phone numbers, or email addresses in this field!"', async () => {
    const { client } = await signedIn();
    const response = await post(client, `${PAGE}/custom-approaches`, {
      name: 'Walk and talk',
      description: 'Book at walkandtalk.com or (401) 555-0199',
    });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), new RegExp(escapeRegExp(CONTACTS)));
    assert.match(response.text, /value="Walk and talk"/);
  });

  it('adds, edits and deletes; a delete with JavaScript off asks on a page of its own', async () => {
    const { client, id } = await signedIn();
    assert.equal(
      (
        await post(client, `${PAGE}/custom-approaches`, {
          name: 'Walk and talk',
          description: 'Sessions outdoors, walking.',
        })
      ).status,
      303,
    );
    const [entry] = (await content(id)).custom_approaches as { id: string }[];
    const page = (await client.get(PAGE)).text;
    assert.match(mainTextOf(page), /Your custom approach has been added!/);
    const deleteForm =
      new RegExp(`<form[^>]*action="/profile/clientele-approach/custom-approaches/${entry!.id}/delete"[^>]*>`).exec(
        page,
      )?.[0] ?? '';
    assert.match(deleteForm, /data-confirm="Are you sure you&#x27;d like to delete this custom approach\?"/);
    assert.equal(
      (await post(client, `${PAGE}/custom-approaches/${entry!.id}`, { name: 'Walk & talk', description: 'Outdoors.' }))
        .status,
      303,
    );
    assert.deepEqual((await content(id)).custom_approaches, [
      { id: entry!.id, name: 'Walk & talk', description: 'Outdoors.' },
    ]);
    const ask = await post(client, `${PAGE}/custom-approaches/${entry!.id}/delete`, {});
    assert.match(mainTextOf(ask.text), /Are you sure you'd like to delete this custom approach\?/);
    assert.equal(((await content(id)).custom_approaches as unknown[]).length, 1);
    assert.equal((await post(client, `${PAGE}/custom-approaches/${entry!.id}/delete`, { confirmed: '1' })).status, 303);
    assert.deepEqual((await content(id)).custom_approaches, []);
  });

  it('entries saved without ids (older data) can still be edited and deleted; the write gives them ids', async () => {
    const { client, id } = await signedIn();
    await ctx()
      .db('providers')
      .where({ id })
      .update({
        custom_content: JSON.stringify({
          custom_approaches: [
            { name: 'Old one', description: 'From before.' },
            { name: 'Other', description: 'Kept.' },
          ],
        }),
      });
    const html = (await client.get(PAGE)).text;
    const [, first] = /custom-approaches\/([0-9a-f]{12})\/delete/.exec(html)!;
    assert.equal((await post(client, `${PAGE}/custom-approaches/${first}/delete`, { confirmed: '1' })).status, 303);
    const left = (await content(id)).custom_approaches as { id: string; name: string }[];
    assert.equal(left.length, 1);
    assert.equal(left[0]!.name, 'Other');
    assert.match(left[0]!.id, /^[0-9a-f]{12}$/);
  });

  it("another account's custom approach id is not found (404)", async () => {
    const { client, id } = await signedIn();
    const other = await createProviderUser(ctx().db);
    const theirs = [{ id: '0123456789ab', name: 'Theirs', description: 'Not yours.' }];
    await ctx()
      .db('providers')
      .where({ id: other.providerIds[0] })
      .update({ custom_content: JSON.stringify({ custom_approaches: theirs }) });
    assert.equal(
      (await post(client, `${PAGE}/custom-approaches/0123456789ab`, { name: 'Mine', description: 'Mine now' })).status,
      404,
    );
    assert.equal((await post(client, `${PAGE}/custom-approaches/0123456789ab/delete`, {})).status, 404);
    assert.equal((await post(client, `${PAGE}/custom-approaches/0123456789ab/delete`, { confirmed: '1' })).status, 404);
    assert.deepEqual(
      jsonObject(
        (await ctx().db('providers').where({ id: other.providerIds[0] }).first('custom_content'))!.custom_content,
      ).custom_approaches,
      theirs,
    );
    assert.equal((await content(id)).custom_approaches, undefined);
  });
});
