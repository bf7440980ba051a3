// /profile/general-information (spec 2 §1, §2 Profile pages, §5 About practice and Text fields):
// basic information, the practice tagline, About Your Practice and pronouns, one describe per rule.
// Licences and the supervisor licence are in licenses.test.ts.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, type Agent, postForm, type FormValues } from '../support/http';
import { tagIds } from './onboarding-helpers';

const PAGE = '/profile/general-information';

const post = (client: Agent, path: string, values: FormValues) => postForm(client, PAGE, path, values);

async function signedIn(type: 'individual' | 'practice' = 'individual') {
  const user = await createProviderUser(ctx().db, {
    providers: [
      type === 'practice'
        ? { type, companyName: 'Harbor Light Counseling', firstName: 'Morgan', lastName: 'Lee' }
        : { type, firstName: 'Robin', lastName: 'Hale' },
    ],
  });
  const client = agent();
  await signIn(client, user.email);
  return { user, client, id: user.providerIds[0]! };
}

/** Whether the page has a ticked checkbox or radio of this name and value (attribute order aside). */
const ticked = (html: string, name: string, value: string | number) =>
  [...html.matchAll(/<input [^>]*>/g)].some(
    ([tag]) => tag.includes(`name="${name}"`) && tag.includes(`value="${value}"`) && tag.includes('checked=""'),
  );

const customContent = async (id: number) =>
  (await ctx().db('providers').where({ id }).first('custom_content'))!.custom_content as Record<string, unknown>;
const flashOf = async (client: Agent) => mainTextOf((await client.get(PAGE).expect(200)).text);

describe('general information: the page', () => {
  it('signed-out visitors go to /login; a user without profiles is sent to create one', async () => {
    assert.equal((await agent().get(PAGE).expect(303)).headers.location, `/login?next=${encodeURIComponent(PAGE)}`);
    const user = await createProviderUser(ctx().db, { providers: [] });
    const client = agent();
    await signIn(client, user.email);
    assert.equal((await client.get(PAGE).expect(303)).headers.location, '/profiles/create');
  });

  it('an individual sees basic information, About Your Practice, licensure, supervisor licensure and pronouns, but no tagline', async () => {
    const { client } = await signedIn('individual');
    const html = (await client.get(PAGE).expect(200)).text;
    const text = mainTextOf(html);
    for (const heading of ['Basic Information', 'About Your Practice', 'Licensure', 'Supervisor Licensure', 'Pronouns'])
      assert.match(text, new RegExp(heading));
    assert.doesNotMatch(text, /Tagline/);
    assert.doesNotMatch(text, /Head Clinician/);
    assert.match(html, /id="licensure"/, 'the #licensure anchor of the checklist');
  });

  it("a practice sees the tagline and Head Clinician's titles, and no pronouns", async () => {
    const { client } = await signedIn('practice');
    const text = mainTextOf((await client.get(PAGE).expect(200)).text);
    assert.match(text, /Practice Tagline/);
    assert.match(text, /Head Clinician's Licensure/);
    assert.match(text, /Head Clinician's Supervisor Licensure/);
    assert.match(text, /Head Clinician's Name Morgan Lee/);
    assert.match(text, /Practice Name Harbor Light Counseling/);
    assert.doesNotMatch(text, /Pronouns/);
  });
});

describe('general information: name, e-mail and phone are read-only (changed through the support team)', () => {
  it('shows them with the note and offers no field for them', async () => {
    const { client, id, user } = await signedIn('individual');
    await ctx()
      .db('providers')
      .where({ id })
      .update({ phone_number: '+12125550142', contact_email: 'robin@practice.test' });
    const html = (await client.get(`${PAGE}?edit=basic-information`).expect(200)).text;
    const text = mainTextOf(html);
    assert.match(text, /Name Robin Hale/);
    assert.match(text, /Email robin@practice\.test/);
    assert.match(text, /Phone \(212\) 555-0142/);
    assert.match(text, /changed through the support team/);
    assert.doesNotMatch(html, /name="(first_name|last_name|email|phone_number)"/);
    assert.doesNotMatch(html, /href="[^"]*edit=basic-information/);
    // Without a contact address of the profile, the clinician's sign-in address is shown.
    await ctx().db('providers').where({ id }).update({ contact_email: null });
    assert.match(mainTextOf((await client.get(PAGE)).text), new RegExp(`Email ${user.email.replace('.', '\\.')}`));
  });
});

describe('general information: practice tagline (spec 2 §5 Text fields)', () => {
  it('"Tagline must be 75 characters or less." with the typed value kept (422), nothing saved', async () => {
    const { client, id } = await signedIn('practice');
    const long = 'A'.repeat(76);
    const response = await post(client, `${PAGE}/tagline`, { tagline: long });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Tagline must be 75 characters or less\./);
    assert.match(response.text, new RegExp(`name="tagline"[^>]*value="${long}"`));
    assert.equal((await customContent(id)).tagline, undefined);
  });

  it('"Please do not include URLs, phone numbers, or email addresses in your tagline!" (the shared detector)', async () => {
    const { client } = await signedIn('practice');
    for (const tagline of [
      'Visit www.harbor.com today',
      'Call 212-555-0142',
      'write to us at hello at harbor dot com',
    ]) {
      const response = await post(client, `${PAGE}/tagline`, { tagline });
      assert.equal(response.status, 422, tagline);
      assert.match(
        mainTextOf(response.text),
        /Please do not include URLs, phone numbers, or email addresses in your tagline!/,
      );
    }
  });

  it('a good tagline is saved (303 + flash); 75 characters is fine; an empty one clears it', async () => {
    const { client, id } = await signedIn('practice');
    const tagline = 'B'.repeat(75);
    const response = await post(client, `${PAGE}/tagline`, { tagline, other_key: 'x' });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `${PAGE}#tagline`);
    assert.equal((await customContent(id)).tagline, tagline);
    assert.match(await flashOf(client), /Your tagline has been updated!/);
    await post(client, `${PAGE}/tagline`, { tagline: '' }).then((r) => assert.equal(r.status, 303));
    assert.equal((await customContent(id)).tagline, undefined);
  });

  it('is practice only: an individual posting one is not found', async () => {
    const { client, id } = await signedIn('individual');
    assert.equal((await post(client, `${PAGE}/tagline`, { tagline: 'Hello' })).status, 404);
    assert.equal((await customContent(id)).tagline, undefined);
  });
});

describe('general information: About Your Practice (spec 2 §5 About practice)', () => {
  it('offers professions without the excluded tags, degrees without "Life", and languages', async () => {
    const { client } = await signedIn('individual');
    const html = (await client.get(`${PAGE}?edit=about`).expect(200)).text;
    const professions = /id="professions-fieldset"[\s\S]*?<\/fieldset>/.exec(html)![0];
    for (const excluded of ['Therapist', 'Medication prescriber', 'Dietitian', 'Group practice', 'Treatment center']) {
      assert.doesNotMatch(professions, new RegExp(`>${excluded}</label>`), excluded);
    }
    assert.match(professions, />Psychologist<\/label>/);
    const degrees = /id="degrees-fieldset"[\s\S]*?<\/fieldset>/.exec(html)![0];
    assert.doesNotMatch(degrees, /Life/);
    assert.match(degrees, />PhD<\/label>/);
    assert.match(html, /id="languages-fieldset"/);
  });

  it('degrees are for individuals only', async () => {
    const { client } = await signedIn('practice');
    const html = (await client.get(`${PAGE}?edit=about`).expect(200)).text;
    assert.doesNotMatch(html, /id="degrees-fieldset"/);
  });

  it('"Please select one or more {field}." for each empty list, ticked boxes kept (422), nothing saved', async () => {
    const { client, id } = await signedIn('individual');
    const [psychologist] = await tagIds(ctx().db, 'professions', ['Psychologist']);
    const response = await post(client, `${PAGE}/about`, { professions: psychologist });
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    assert.doesNotMatch(text, /Please select one or more professions\./);
    assert.match(text, /Please select one or more languages\./);
    assert.match(text, /Please select one or more degrees\./);
    assert.ok(ticked(response.text, 'professions', psychologist!));
    assert.equal((await ctx().db('taggings').where({ provider_id: id })).length, 0);
    const empty = await post(client, `${PAGE}/about`, {});
    assert.match(mainTextOf(empty.text), /Please select one or more professions\./);
  });

  it('saves the three lists as taggings and shows them', async () => {
    const { client, id } = await signedIn('individual');
    const [psychologist] = await tagIds(ctx().db, 'professions', ['Psychologist']);
    const [english, spanish] = await tagIds(ctx().db, 'languages', ['English', 'Spanish']);
    const [phd] = await tagIds(ctx().db, 'degrees', ['PhD']);
    const response = await post(client, `${PAGE}/about`, {
      professions: psychologist,
      languages: [english!, spanish!],
      degrees: phd,
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `${PAGE}#about`);
    const saved = (await ctx().db('taggings').where({ provider_id: id }).select('tag_id'))
      .map((r) => Number(r.tag_id))
      .sort();
    assert.deepEqual(saved, [psychologist!, english!, spanish!, phd!].sort());
    const text = await flashOf(client);
    assert.match(text, /Your profile has been updated!/);
    assert.match(text, /Professions Psychologist/);
    assert.match(text, /Languages English, Spanish/);
  });
});

describe('general information: pronouns (spec 2 §5 Text fields; individual only)', () => {
  it('offers She/Her/Hers, He/Him/His, They/Them/Theirs and Other', async () => {
    const { client } = await signedIn('individual');
    const text = mainTextOf((await client.get(`${PAGE}?edit=pronouns`).expect(200)).text);
    assert.match(text, /She\/Her\/Hers He\/Him\/His They\/Them\/Theirs Other/);
  });

  it('"Please enter your preferred pronouns." when Other has no text; "Exceeds maximum length (40 characters)."', async () => {
    const { client, id } = await signedIn('individual');
    const missing = await post(client, `${PAGE}/pronouns`, { pronouns: 'Other', pronouns_other: '  ' });
    assert.equal(missing.status, 422);
    assert.match(mainTextOf(missing.text), /Please enter your preferred pronouns\./);
    const long = 'x'.repeat(41);
    const tooLong = await post(client, `${PAGE}/pronouns`, { pronouns: 'Other', pronouns_other: long });
    assert.equal(tooLong.status, 422);
    assert.match(mainTextOf(tooLong.text), /Exceeds maximum length \(40 characters\)\./);
    assert.match(tooLong.text, new RegExp(`value="${long}"`));
    assert.ok(ticked(tooLong.text, 'pronouns', 'Other'));
    assert.equal((await customContent(id)).pronouns, undefined);
  });

  it("saves an option, or Other's own words (40 characters is fine), and shows them", async () => {
    const { client, id } = await signedIn('individual');
    await post(client, `${PAGE}/pronouns`, { pronouns: 'They/Them/Theirs', pronouns_other: 'ignored' }).then((r) =>
      assert.equal(r.status, 303),
    );
    assert.equal((await customContent(id)).pronouns, 'They/Them/Theirs');
    assert.match(await flashOf(client), /Your pronouns have been updated! .*Pronouns They\/Them\/Theirs/);
    await post(client, `${PAGE}/pronouns`, { pronouns: 'Other', pronouns_other: 'Ze/Zir' }).then((r) =>
      assert.equal(r.status, 303),
    );
    assert.equal((await customContent(id)).pronouns, 'Ze/Zir');
    const form = (await client.get(`${PAGE}?edit=pronouns`)).text;
    assert.ok(ticked(form, 'pronouns', 'Other'));
    assert.match(form, /name="pronouns_other" value="Ze\/Zir"/);
    await post(client, `${PAGE}/pronouns`, { pronouns: 'Other', pronouns_other: 'y'.repeat(40) }).then((r) =>
      assert.equal(r.status, 303),
    );
  });

  it('a practice posting pronouns is not found', async () => {
    const { client } = await signedIn('practice');
    assert.equal((await post(client, `${PAGE}/pronouns`, { pronouns: 'She/Her/Hers' })).status, 404);
  });
});
