// The onboarding wizard after Create Account (spec 1 §2 Onboarding wizard, §4 Registration and onboarding,
// §5 Onboarding pages; spec 2 §5 About practice and Tag selections), one describe per rule.
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, tokenFor, type Agent, postForm, type FormValues } from '../support/http';
import {
  colourfulPng,
  firstTagIds,
  grayRgbPng,
  grayscaleJpeg,
  notAnImage,
  smallPng,
  tagIds,
  wizardUser,
} from './onboarding-helpers';

/** A url-encoded body with repeated keys for lists (as a browser posts checkboxes). */

const post = (client: Agent, path: string, values: FormValues) =>
  postForm(client, '/account-preferences', path, values);

async function signedInWizardUser(options: Parameters<typeof wizardUser>[1] = {}) {
  const user = await wizardUser(ctx().db, options);
  const client = agent();
  await signIn(client, user.email);
  return { user, client, id: user.providerId };
}

/** Number of rows of a table matching the filter. */
async function count(table: string, where: Record<string, unknown> = {}): Promise<number> {
  const row = await ctx().db(table).where(where).count<{ count: number }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}

const location = (response: { headers: Record<string, string> }) => response.headers.location;

describe('onboarding: access to the wizard pages', () => {
  const paths = (id: number) => [
    `/profiles/create/${id}`,
    `/profiles/about-you-for/${id}`,
    `/profiles/your-practice-for/${id}`,
    `/profiles/your-practice-for/${id}/insurance`,
    `/profiles/photos-for/${id}`,
    `/profiles/go-live-for/${id}`,
  ];

  it('a profile of another account is not found (404), on every step, for GET and POST', async () => {
    const { client } = await signedInWizardUser();
    const other = await wizardUser(ctx().db);
    for (const path of paths(other.providerId)) {
      await client.get(path).expect(404);
      await post(client, path, {}).then((r) => assert.equal(r.status, 404, path));
    }
    await post(client, `/profiles/${other.providerId}/wizard-exit`, {}).then((r) => assert.equal(r.status, 404));
  });

  it('signed-out visitors go to /login', async () => {
    const user = await wizardUser(ctx().db);
    for (const path of paths(user.providerId))
      assert.equal(location(await agent().get(path).expect(303)), `/login?next=${encodeURIComponent(path)}`);
  });

  it('pages are titled "Complete {name}\'s profile" with the progress, the step indicator and a testimonial', async () => {
    const { client, id } = await signedInWizardUser();
    const html = (await client.get(`/profiles/create/${id}`).expect(200)).text;
    assert.match(html, /<title>Complete Robin Hale&#x27;s profile \|/);
    const text = mainTextOf(html);
    assert.match(text, /Create Account \(done\) Locations About You Your Practice Photos Go Live/);
    assert.match(text, /Step 2 of 6: Locations/);
    assert.match(text, /“.+”/);
    assert.doesNotMatch(html, /id="side-menu"/, 'the onboarding layout has no side menu');
    // The progress marks what the profile has actually done, whichever page is open.
    await ctx().db('locations').insert({ provider_id: id, state: 'CA', remote_location: true });
    const photos = mainTextOf((await client.get(`/profiles/photos-for/${id}`).expect(200)).text);
    assert.match(photos, /Create Account \(done\) Locations \(done\) About You Your Practice Photos Go Live/);
    assert.match(photos, /Step 5 of 6: Photos/);
  });
});

describe('onboarding: Locations (spec 1 §5)', () => {
  it('asks for a state, the address fields, with the spec messages', async () => {
    const { client, id } = await signedInWizardUser();
    const response = await post(client, `/profiles/create/${id}`, { address: '', city: 'Portland' });
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    for (const message of [
      'Please select at least one state',
      'Address is required.',
      'Zip is required.',
      'State is required.',
    ])
      assert.ok(text.includes(message), message);
    assert.doesNotMatch(text, /City is required\./);
    assert.match(
      response.text,
      /name="city"[^>]*value="Portland"|value="Portland"[^>]*name="city"/,
      'typed values are kept',
    );
  });

  it('turning both opt-outs on is blocked', async () => {
    const { client, id } = await signedInWizardUser();
    const response = await post(client, `/profiles/create/${id}`, {
      no_online_sessions: '1',
      no_physical_location: '1',
    });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /At least one online or physical location must be entered\./);
  });

  it('online states only: one remote location per state, then About You', async () => {
    const { client, id } = await signedInWizardUser();
    const response = await post(client, `/profiles/create/${id}`, {
      states: ['OR', 'WA'],
      no_physical_location: '1',
    }).then((r) => r);
    assert.equal(response.status, 303);
    assert.equal(location(response), `/profiles/about-you-for/${id}`);
    const rows = await ctx().db('locations').where({ provider_id: id }).orderBy('state');
    assert.deepEqual(
      rows.map((r) => [r.state, r.remote_location]),
      [
        ['OR', true],
        ['WA', true],
      ],
    );
  });

  it('an office and online states together; unknown states are refused', async () => {
    const { client, id } = await signedInWizardUser();
    const bad = await post(client, `/profiles/create/${id}`, { states: ['ZZ'], no_physical_location: '1' });
    assert.equal(bad.status, 422);
    await post(client, `/profiles/create/${id}`, {
      states: ['NY'],
      address: '1 Main St',
      city: 'Albany',
      zip: '12207',
      state: 'NY',
    }).then((r) => assert.equal(r.status, 303));
    const rows = await ctx().db('locations').where({ provider_id: id }).orderBy('remote_location');
    assert.deepEqual(
      rows.map((r) => [r.remote_location, r.state, r.city]),
      [
        [false, 'NY', 'Albany'],
        [true, 'NY', null],
      ],
    );
  });

  it('forwards when locations already exist (GET and POST)', async () => {
    const { client, id } = await signedInWizardUser();
    await ctx().db('locations').insert({ provider_id: id, state: 'CA', remote_location: true });
    assert.equal(location(await client.get(`/profiles/create/${id}`).expect(303)), `/profiles/about-you-for/${id}`);
    await post(client, `/profiles/create/${id}`, { states: ['OR'], no_physical_location: '1' });
    assert.equal(await count('locations', { provider_id: id }), 1, 'no second set of locations');
  });
});

describe('onboarding: About You (spec 2 §5 About practice)', () => {
  it('offers professions without the excluded ones and degrees without "Life"', async () => {
    const { client, id } = await signedInWizardUser();
    const html = (await client.get(`/profiles/about-you-for/${id}`).expect(200)).text;
    const labels = (name: string) =>
      [...html.matchAll(new RegExp(`<label for="${name}-\\d+">([^<]+)</label>`, 'g'))].map((m) =>
        m[1]!.replace(/&#x27;/g, "'"),
      );
    const professions = labels('professions');
    assert.ok(professions.includes('Psychologist'));
    for (const hidden of ['Therapist', 'Medication prescriber', 'Dietitian', 'Group practice', 'Treatment center'])
      assert.ok(!professions.includes(hidden), hidden);
    const degrees = labels('degrees');
    assert.ok(degrees.includes('PhD'));
    assert.deepEqual(
      degrees.filter((name) => /life/i.test(name)),
      [],
    );
    assert.ok(labels('languages').includes('English'));
  });

  it('professions, languages and degrees are required: "Please select one or more {field}."', async () => {
    const { client, id } = await signedInWizardUser();
    const response = await post(client, `/profiles/about-you-for/${id}`, {});
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    for (const field of ['professions', 'languages', 'degrees'])
      assert.ok(text.includes(`Please select one or more ${field}.`), field);
  });

  it('an excluded profession cannot be posted', async () => {
    const { client, id } = await signedInWizardUser();
    const [therapist] = await tagIds(ctx().db, 'professions', ['Therapist']);
    const [english] = await tagIds(ctx().db, 'languages', ['English']);
    const [phd] = await tagIds(ctx().db, 'degrees', ['PhD']);
    const response = await post(client, `/profiles/about-you-for/${id}`, {
      professions: therapist,
      languages: english,
      degrees: phd,
    });
    assert.equal(response.status, 422);
  });

  it('saves the taggings and goes to Your Practice; a practice has no degrees', async () => {
    const { client, id } = await signedInWizardUser();
    const professions = await tagIds(ctx().db, 'professions', ['Psychologist', 'Art Therapist']);
    const languages = await tagIds(ctx().db, 'languages', ['English', 'Spanish']);
    const degrees = await tagIds(ctx().db, 'degrees', ['PhD']);
    const response = await post(client, `/profiles/about-you-for/${id}`, { professions, languages, degrees });
    assert.equal(response.status, 303);
    assert.equal(location(response), `/profiles/your-practice-for/${id}`);
    assert.equal(await count('taggings', { provider_id: id }), 5);
    assert.equal(
      Number((await ctx().db('providers').where({ id }).first())!.primary_profession_tag_id),
      professions[0],
    );

    const practice = await createProviderUser(ctx().db, {
      providers: [{ type: 'practice', status: 'incomplete', companyName: 'Harbor Group' }],
    });
    const owner = agent();
    await signIn(owner, practice.email);
    assert.doesNotMatch(
      mainTextOf((await owner.get(`/profiles/about-you-for/${practice.providerIds[0]}`).expect(200)).text),
      /Degrees/,
    );
    await post(owner, `/profiles/about-you-for/${practice.providerIds[0]}`, { professions, languages }).then((r) =>
      assert.equal(r.status, 303),
    );
  });
});

describe('onboarding: Your Practice (spec 2 §5 Tag selections, Sessions and fees)', () => {
  async function practiceBody(overrides: Record<string, unknown> = {}) {
    const db = ctx().db;
    return {
      clientele: await firstTagIds(db, 'clientele', 2),
      languages: await firstTagIds(db, 'languages', 1),
      specialties: await firstTagIds(db, 'specialties', 3),
      approaches: await firstTagIds(db, 'approaches', 1),
      session_fee_ongoing: '150',
      session_length_ongoing: '50',
      takes_insurance: 'no',
      ...overrides,
    } as FormValues;
  }

  it('minimums: "You must have at least N selection(s).", and the fee and length', async () => {
    const { client, id } = await signedInWizardUser();
    const response = await post(client, `/profiles/your-practice-for/${id}`, {
      specialties: await firstTagIds(ctx().db, 'specialties', 2),
    });
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    assert.match(text, /Clientele.*You must have at least 1 selection\(s\)\./);
    assert.match(text, /Specialties.*You must have at least 3 selection\(s\)\./);
    assert.match(text, /Approaches.*You must have at least 1 selection\(s\)\./);
    assert.match(text, /Fee and length required/);
    assert.equal((response.text.match(/checked=""/g) ?? []).length, 2, 'the two ticked specialties stay ticked');
  });

  it('maximum: "You\'ve reached the maximum number of selections (20)..."', async () => {
    const { client, id } = await signedInWizardUser();
    const response = await post(
      client,
      `/profiles/your-practice-for/${id}`,
      await practiceBody({ specialties: await firstTagIds(ctx().db, 'specialties', 21) }),
    );
    assert.equal(response.status, 422);
    assert.match(
      mainTextOf(response.text),
      /You've reached the maximum number of selections \(20\)\. Please remove other selections to add more\./,
    );
  });

  it('saves taggings, session fee and length (custom_content) and goes to Photos when no insurance', async () => {
    const { client, id } = await signedInWizardUser();
    const response = await post(client, `/profiles/your-practice-for/${id}`, await practiceBody());
    assert.equal(response.status, 303);
    assert.equal(location(response), `/profiles/photos-for/${id}`);
    const provider = await ctx().db('providers').where({ id }).first();
    assert.equal(jsonObject(provider!.custom_content).session_fee_ongoing, 150);
    assert.equal(jsonObject(provider!.custom_content).session_length_ongoing, 50);
    assert.equal(await count('taggings', { provider_id: id }), 7);
    const again = await client.get(`/profiles/your-practice-for/${id}`).expect(200);
    assert.match(again.text, /name="session_fee_ongoing"[^>]*value="150"|value="150"[^>]*name="session_fee_ongoing"/);
  });

  it('takes insurance: the insurance step with a filter box, a required confirmation, Save + Next', async () => {
    const { client, id } = await signedInWizardUser();
    const saved = await post(
      client,
      `/profiles/your-practice-for/${id}`,
      await practiceBody({ takes_insurance: 'yes' }),
    );
    assert.equal(location(saved), `/profiles/your-practice-for/${id}/insurance`);
    const all = mainTextOf((await client.get(`/profiles/your-practice-for/${id}/insurance`).expect(200)).text);
    assert.match(all, /Aetna/);
    assert.match(all, /Blue Cross Blue Shield/);
    const filtered = mainTextOf(
      (await client.get(`/profiles/your-practice-for/${id}/insurance?q=aet`).expect(200)).text,
    );
    assert.match(filtered, /Aetna/);
    assert.doesNotMatch(filtered, /Blue Cross Blue Shield/);
    assert.match(
      mainTextOf((await client.get(`/profiles/your-practice-for/${id}/insurance?q=zzzz`).expect(200)).text),
      /No results! Please search again\.\.\./,
    );

    const [aetna, anthem] = await tagIds(ctx().db, 'insurances', ['Aetna', 'Anthem']);
    const unconfirmed = await post(client, `/profiles/your-practice-for/${id}/insurance`, { insurances: aetna });
    assert.equal(unconfirmed.status, 422);
    assert.match(
      mainTextOf(unconfirmed.text),
      /Please confirm that you are in-network with the insurances you selected\./,
    );
    const done = await post(client, `/profiles/your-practice-for/${id}/insurance?q=aet`, {
      insurances: [aetna!, anthem!],
      confirm_in_network: '1',
    });
    assert.equal(done.status, 303);
    assert.equal(location(done), `/profiles/photos-for/${id}`);
    const insured = await ctx()
      .db('taggings as tg')
      .join('tags as t', 't.id', 'tg.tag_id')
      .where({ 'tg.provider_id': id, 't.type': 'insurances' })
      .pluck('t.name');
    assert.deepEqual(insured.sort(), ['Aetna', 'Anthem']);
    // A chosen insurance hidden by the filter is carried along as a hidden field.
    assert.match(
      (await client.get(`/profiles/your-practice-for/${id}/insurance?q=aet`)).text,
      new RegExp(`type="hidden" name="insurances" value="${anthem}"`),
    );
  });
});

describe('onboarding: Photos (spec 1 §5, §9)', () => {
  async function upload(
    client: Agent,
    id: number,
    files: { name: string; body: Buffer }[],
    fields: Record<string, string> = {},
  ) {
    const _csrf = await tokenFor(client, `/profiles/photos-for/${id}`);
    let request = client.post(`/profiles/photos-for/${id}`).field('_csrf', _csrf);
    for (const [key, value] of Object.entries(fields)) request = request.field(key, value);
    for (const file of files) request = request.attach('headshot', file.body, file.name);
    return request;
  }

  it('a missing file: "Please upload a headshot."', async () => {
    const { client, id } = await signedInWizardUser();
    const response = await upload(client, id, []);
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Please upload a headshot\./);
  });

  it('images only (judged by the content, not the name), one file', async () => {
    const { client, id } = await signedInWizardUser();
    const fake = await upload(client, id, [{ name: 'photo.jpg', body: notAnImage() }]);
    assert.equal(fake.status, 422);
    assert.match(mainTextOf(fake.text), /Please upload an image file/);
    const two = await upload(client, id, [
      { name: 'a.png', body: await colourfulPng() },
      { name: 'b.png', body: await colourfulPng() },
    ]);
    assert.equal(two.status, 422);
    assert.match(mainTextOf(two.text), /Please upload one photo at a time\./);
    assert.equal(await count('images'), 0);
  });

  it('under 100 KB: "Please select a higher quality photo (at least 100kb)"', async () => {
    const { client, id } = await signedInWizardUser();
    const response = await upload(client, id, [{ name: 'small.png', body: await smallPng() }]);
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Please select a higher quality photo \(at least 100kb\)/);
  });

  it('grayscale pictures are rejected, one channel or gray RGB', async () => {
    const { client, id } = await signedInWizardUser();
    for (const [name, body] of [
      ['gray.jpg', await grayscaleJpeg()],
      ['gray-rgb.png', await grayRgbPng()],
    ] as const) {
      assert.ok(body.length >= 100 * 1024, `${name} is big enough`);
      const response = await upload(client, id, [{ name, body }]);
      assert.equal(response.status, 422, name);
      assert.match(mainTextOf(response.text), /black-and-white or grayscale.*more colorful picture/, name);
    }
  });

  it('the upload needs the CSRF token like every form', async () => {
    const { client, id } = await signedInWizardUser();
    await client.get(`/profiles/photos-for/${id}`);
    await client
      .post(`/profiles/photos-for/${id}`)
      .attach('headshot', await colourfulPng(), 'a.png')
      .expect(403);
    assert.equal(await count('images'), 0);
  });

  it('a good photo: re-encoded without metadata, 400x400 and 250x250 renditions, stored and served', async () => {
    const { client, id } = await signedInWizardUser();
    const photo = await sharp(await colourfulPng(400, 300))
      .jpeg({ quality: 100 })
      .withExif({ IFD0: { Artist: 'Secret Camera Owner' } })
      .toBuffer();
    assert.ok(photo.length >= 100 * 1024);
    const response = await upload(client, id, [{ name: 'me.jpg', body: photo }], {
      crop_x: '0.1',
      crop_y: '0',
      crop_size: '0.8',
    });
    assert.equal(response.status, 303, mainTextOf(response.text).slice(0, 300));
    assert.equal(location(response), `/profiles/go-live-for/${id}`);
    const provider = await ctx().db('providers').where({ id }).first();
    const image = await ctx().db('images').where({ provider_id: id }).first();
    assert.equal(image!.kind, 'headshot');
    assert.equal(provider!.image_key, image!.storage_key);
    const large = await agent().get(`/uploads/${image!.storage_key}`).buffer(true).expect(200);
    assert.equal(large.headers['content-type'], 'image/jpeg');
    const meta = await sharp(large.body).metadata();
    assert.deepEqual([meta.width, meta.height, meta.format], [400, 400, 'jpeg']);
    assert.equal(meta.exif, undefined, 'metadata stripped');
    const small = await agent()
      .get(`/uploads/${image!.storage_key.replace('.jpg', '-250.jpg')}`)
      .buffer(true)
      .expect(200);
    assert.deepEqual(
      [(await sharp(small.body).metadata()).width, (await sharp(small.body).metadata()).height],
      [250, 250],
    );
    await agent().get('/uploads/headshot-00000000-0000-0000-0000-000000000000.jpg').expect(404);
    await agent().get('/uploads/..%2Fsession-secret').expect(404);
  });

  it('a storage failure: "There was an error saving your profile photo."', async () => {
    const { client, id } = await signedInWizardUser();
    const storage = ctx().integrations.storage;
    const put = storage.put;
    storage.put = async () => {
      throw new Error('disk full');
    };
    try {
      const response = await upload(client, id, [{ name: 'me.png', body: await colourfulPng() }]);
      assert.equal(response.status, 500);
      assert.match(mainTextOf(response.text), /There was an error saving your profile photo\./);
    } finally {
      storage.put = put;
    }
    assert.equal((await ctx().db('providers').where({ id }).first())!.image_key, null);
  });

  it('with every step before Go Live done, the profile becomes reviewing (ready to go live)', async () => {
    const { client, id } = await signedInWizardUser();
    const db = ctx().db;
    await db('locations').insert({ provider_id: id, state: 'CA', remote_location: true });
    const tags = [
      ...(await firstTagIds(db, 'professions', 1)),
      ...(await firstTagIds(db, 'clientele', 1)),
      ...(await firstTagIds(db, 'languages', 1)),
      ...(await firstTagIds(db, 'specialties', 3)),
      ...(await firstTagIds(db, 'approaches', 1)),
    ];
    await db('taggings').insert(tags.map((tag_id) => ({ provider_id: id, tag_id })));
    await db('providers')
      .where({ id })
      .update({ custom_content: { session_fee_ongoing: 100, session_length_ongoing: 50 } });
    await upload(client, id, [{ name: 'me.png', body: await colourfulPng() }]).then((r) => assert.equal(r.status, 303));
    assert.equal((await db('providers').where({ id }).first())!.status, 'reviewing');
  });
});

describe('onboarding: Go Live (spec 1 §4 Go Live button, §5)', () => {
  it('the ready checkbox is required: "Gotta be ready!"', async () => {
    const { client, id } = await signedInWizardUser({ paid: true });
    const response = await post(client, `/profiles/go-live-for/${id}`, {});
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Gotta be ready!/);
  });

  it('paid, a state without a Verified licence: pending review within 24 business hours', async () => {
    const { client, id } = await signedInWizardUser({ paid: true });
    await ctx().db('locations').insert({ provider_id: id, state: 'CA', remote_location: true });
    const response = await post(client, `/profiles/go-live-for/${id}`, { ready: '1' });
    assert.equal(location(response), `/profiles/go-live-for/${id}`);
    assert.equal((await ctx().db('providers').where({ id }).first())!.status, 'pending');
    assert.match(mainTextOf((await client.get(`/profiles/go-live-for/${id}`)).text), /within 24 business hours/);
  });

  it('paid, every state with a Verified licence: live at once', async () => {
    const { client, id } = await signedInWizardUser({ paid: true });
    await ctx()
      .db('locations')
      .insert([
        { provider_id: id, state: 'CA', remote_location: true },
        { provider_id: id, state: 'OR', remote_location: true },
      ]);
    await ctx()
      .db('licenses')
      .insert([
        { provider_id: id, state: 'CA', number: '1', license_type: 'LCSW', expiration: 2030, verification: 'Verified' },
        { provider_id: id, state: 'OR', number: '2', license_type: 'LCSW', expiration: 2030, verification: 'Verified' },
      ]);
    await post(client, `/profiles/go-live-for/${id}`, { ready: '1' }).then((r) => assert.equal(r.status, 303));
    const provider = await ctx().db('providers').where({ id }).first();
    assert.equal(provider!.status, 'active');
    assert.ok(provider!.went_live_at);
    assert.match(mainTextOf((await client.get(`/profiles/go-live-for/${id}`)).text), /Your profile is live/);
  });

  it('not paid, with billing permission (owner): the subscription prompt leading to /profiles/pay-for/{id}', async () => {
    const { client, id } = await signedInWizardUser({ paid: false });
    const response = await post(client, `/profiles/go-live-for/${id}`, { ready: '1' });
    assert.equal(response.status, 200);
    assert.match(response.text, new RegExp(`href="/profiles/pay-for/${id}"`));
    assert.equal((await ctx().db('providers').where({ id }).first())!.status, 'incomplete');
  });

  it('paid, but without account-level permission (not the owner): the not-permitted message', async () => {
    const { client, id } = await signedInWizardUser({ paid: true, roles: [] });
    const response = await post(client, `/profiles/go-live-for/${id}`, { ready: '1' });
    assert.equal(response.status, 403);
    assert.match(mainTextOf(response.text), /You don't have permission to take this profile live/);
    assert.equal((await ctx().db('providers').where({ id }).first())!.status, 'incomplete');
  });

  it('a locked profile cannot go live from the wizard', async () => {
    const { client, id } = await signedInWizardUser({ paid: true });
    await ctx().db('providers').where({ id }).update({ status: 'locked' });
    assert.equal((await post(client, `/profiles/go-live-for/${id}`, { ready: '1' })).status, 403);
    assert.equal((await ctx().db('providers').where({ id }).first())!.status, 'locked');
  });

  it('not paid, without permission: the not-permitted message', async () => {
    const { client, id } = await signedInWizardUser({ paid: false, roles: [] });
    const response = await post(client, `/profiles/go-live-for/${id}`, { ready: '1' });
    assert.equal(response.status, 403);
    assert.match(mainTextOf(response.text), /You don't have permission to take this profile live/);
  });
});

describe('onboarding: Exit and / (spec 1 §4)', () => {
  it('an incomplete new-wizard profile landing on / goes to its first unfinished step; Exit is remembered', async () => {
    const { client, id } = await signedInWizardUser();
    assert.equal(location(await client.get('/').expect(303)), `/profiles/create/${id}`);
    await ctx().db('locations').insert({ provider_id: id, state: 'CA', remote_location: true });
    assert.equal(location(await client.get('/').expect(303)), `/profiles/about-you-for/${id}`);
    const exit = await post(client, `/profiles/${id}/wizard-exit`, {});
    assert.equal(location(exit), '/');
    assert.ok((await ctx().db('providers').where({ id }).first())!.wizard_exited_at);
    const home = await client.get('/').expect(200);
    assert.match(
      home.text,
      new RegExp(`href="/profiles/about-you-for/${id}"`),
      'the banner still leads back to the wizard',
    );
  });

  it('a profile not made with the new wizard stays on /: the dashboard, its checklist, and a banner leading to / (not the wizard)', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ status: 'incomplete' }] });
    const client = agent();
    await signIn(client, user.email);
    const html = (await client.get('/').expect(200)).text;
    const text = mainTextOf(html);
    assert.match(text, /Good (morning|afternoon|evening), Taylor!/);
    assert.match(text, /Profile checklist .*Locations .*Start membership/);
    const banner = /<section class="status-banner status-banner--incomplete"[^>]*>([\s\S]*?)<\/section>/.exec(html);
    assert.ok(banner, 'the incomplete banner');
    assert.match(banner[1]!, /<a class="button" href="\/">Finish your profile<\/a>/);
    assert.doesNotMatch(html, /href="\/profiles\/(create|about-you-for)\//);
  });
});

describe('status banner on dashboard pages (spec 1 §4 Provider status)', () => {
  async function bannerOf(
    status: 'incomplete' | 'reviewing' | 'pending' | 'active' | 'inactive' | 'locked',
    path = '/account-preferences',
  ) {
    const user = await createProviderUser(ctx().db, { providers: [{ status }] });
    const client = agent();
    await signIn(client, user.email);
    const html = (await client.get(path).expect(200)).text;
    const banner = /<section class="status-banner[^>]*>([\s\S]*?)<\/section>/.exec(html);
    return {
      html: banner?.[0] ?? '',
      text: banner ? mainTextOf(`<main>${banner[1]}</main>`) : '',
      id: user.providerIds[0]!,
    };
  }

  it('locked: not live, contact us to change membership', async () => {
    const { text } = await bannerOf('locked');
    assert.match(text, /not live.*contact us to change your membership/i);
  });

  it('inactive: a prompt to reactivate, leading to /plan-management', async () => {
    const { html, text } = await bannerOf('inactive', '/');
    assert.match(text, /Reactivate/);
    assert.match(html, /href="\/plan-management"/);
  });

  it('incomplete (not made with the new wizard): a link to finish the profile at /', async () => {
    const { html, text } = await bannerOf('incomplete');
    assert.match(text, /not live yet/);
    assert.match(html, /href="\/"/);
  });

  it('reviewing: a review link and a "Make profile live" button to Go Live', async () => {
    const { html, text, id } = await bannerOf('reviewing');
    assert.match(text, /Review your profile/);
    assert.match(text, /Make profile live/);
    assert.match(html, new RegExp(`href="/profiles/go-live-for/${id}"`));
  });

  it('pending: the profile is being reviewed', async () => {
    assert.match((await bannerOf('pending')).text, /being reviewed/);
  });

  it('active: no banner', async () => {
    assert.equal((await bannerOf('active')).html, '');
  });
});
