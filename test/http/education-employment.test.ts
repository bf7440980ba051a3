// /profile/education-employment (spec 2 §1, §2 "Profile pages", §3 custom_content, §5 "Work and education",
// §9 year lists): individuals only; one describe per rule.
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, textOf, tokenFor, type Agent } from '../support/http';

const PAGE = '/profile/education-employment';
const YEAR = new Date().getUTCFullYear();

async function signedIn(type: 'individual' | 'practice' = 'individual') {
  const user = await createProviderUser(ctx().db, {
    providers: [{ type, companyName: type === 'practice' ? 'Harbor Light' : undefined }],
  });
  const client = agent();
  await signIn(client, user.email);
  return { client, id: user.providerIds[0]!, user };
}

async function post(client: Agent, section: string, values: Record<string, string>) {
  const _csrf = await tokenFor(client, '/account-preferences');
  return client
    .post(`${PAGE}/${section}`)
    .type('form')
    .send({ _csrf, ...values });
}

const content = async (id: number) => jsonObject((await ctx().db('providers').where({ id }).first())!.custom_content);
const setContent = (id: number, value: Record<string, unknown>) =>
  ctx().db('providers').where({ id }).update({ custom_content: value });

const SAVED = {
  year_earned_grad_degree: 2012,
  education_v2: [{ institution: 'Columbia University', degree: 'MSW', completion: '2012' }],
  employment_v2: [
    { employer: 'Rivera Counseling', position: 'Psychotherapist', when: { start: '2018', end: 'Present' } },
  ],
};

describe('education-employment: individuals only', () => {
  it('a practice is sent to / (GET and POST), nothing saved', async () => {
    const { client, id } = await signedIn('practice');
    assert.equal((await client.get(PAGE).expect(303)).headers.location, '/');
    const response = await post(client, 'education', {
      education_count: '1',
      'education-0-institution': 'X',
      'education-0-degree': 'Y',
      'education-0-completion': String(YEAR),
      year_earned_grad_degree: String(YEAR),
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, '/');
    assert.equal((await content(id)).education_v2, undefined);
    assert.doesNotMatch(
      (await client.get('/account-preferences')).text,
      /Education &amp; Employment/,
      'not in a practice side menu',
    );
  });

  it('signed out goes to /login; an unknown section is not found', async () => {
    assert.equal((await agent().get(PAGE).expect(303)).headers.location, `/login?next=${encodeURIComponent(PAGE)}`);
    const { client } = await signedIn();
    assert.equal((await post(client, 'hobbies', {})).status, 404);
  });

  it('an individual sees Education (with the graduate degree year) and Employment read views', async () => {
    const { client, id } = await signedIn();
    await setContent(id, SAVED);
    const html = (await client.get(PAGE).expect(200)).text;
    assert.match(html, /<h1>Education &amp; Employment<\/h1>/);
    const main = mainTextOf(html);
    assert.match(main, /Education .*MSW ?, Columbia University \(2012\)/);
    assert.match(main, /Year Earned Graduate Degree 2012/);
    assert.match(main, /Employment .*Psychotherapist ?, Rivera Counseling \(2018 – Present\)/);
  });
});

describe('education-employment: the forms (lines, years, one empty line, remove)', () => {
  it('?edit=education: the saved lines with a remove box, one empty line, and years from this year back 70', async () => {
    const { client, id } = await signedIn();
    await setContent(id, SAVED);
    const html = (await client.get(`${PAGE}?edit=education`).expect(200)).text;
    assert.match(html, /name="education_count" value="2"/);
    assert.match(html, /value="Columbia University"/);
    assert.match(html, /<label for="education-0-remove">Remove this line<\/label>/);
    assert.match(html, /<legend>Add education<\/legend>/);
    assert.doesNotMatch(html, /education-1-remove/);
    const select = /<select id="education-1-completion"[\s\S]*?<\/select>/.exec(html)![0];
    const years = [...select.matchAll(/<option value="(\d+)"/g)].map((m) => Number(m[1]));
    assert.equal(years.length, 70);
    assert.equal(years[0], YEAR);
    assert.equal(years[69], YEAR - 69);
    assert.doesNotMatch(html, /name="employment_count"/, 'one section open at a time');
  });

  it('?edit=employment: end year offers Present; position is optional', async () => {
    const { client } = await signedIn();
    const html = (await client.get(`${PAGE}?edit=employment`).expect(200)).text;
    assert.match(
      html,
      /<select id="employment-0-end"[^>]*>.*?<option value=""[^>]*>Select a year<\/option><option value="Present">Present<\/option><option value="\d{4}">/,
    );
    assert.match(html, /<label for="employment-0-position">Position \(optional\)<\/label>/);
  });

  it('saves education lines and the graduate degree year (303 + flash), ignoring the blank line, keeping other content', async () => {
    const { client, id } = await signedIn();
    await setContent(id, { tagline: 'kept' });
    const response = await post(client, 'education', {
      year_earned_grad_degree: '2012',
      education_count: '2',
      education_new: '1',
      'education-0-institution': ' Columbia University ',
      'education-0-degree': 'MSW',
      'education-0-completion': '2012',
      'education-1-institution': '',
      'education-1-degree': '',
      'education-1-completion': '',
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `${PAGE}#education`);
    const saved = await content(id);
    assert.deepEqual(saved.education_v2, [{ institution: 'Columbia University', degree: 'MSW', completion: '2012' }]);
    assert.equal(saved.year_earned_grad_degree, 2012);
    assert.equal(saved.tagline, 'kept');
    assert.match(textOf((await client.get(PAGE)).text), /Education saved\./);
  });

  it('saves employment with an optional position and Present; removes a line marked for removal', async () => {
    const { client, id } = await signedIn();
    await setContent(id, SAVED);
    const response = await post(client, 'employment', {
      employment_count: '3',
      employment_new: '2',
      'employment-0-employer': 'Rivera Counseling',
      'employment-0-position': 'Psychotherapist',
      'employment-0-start': '2018',
      'employment-0-end': 'Present',
      'employment-0-remove': '1',
      'employment-1-employer': 'Mount Sinai',
      'employment-1-position': '',
      'employment-1-start': '2012',
      'employment-1-end': '2018',
      'employment-2-employer': 'New Clinic',
      'employment-2-position': 'Director',
      'employment-2-start': String(YEAR),
      'employment-2-end': 'Present',
    });
    assert.equal(response.status, 303);
    assert.deepEqual((await content(id)).employment_v2, [
      { employer: 'Mount Sinai', position: '', when: { start: '2012', end: '2018' } },
      { employer: 'New Clinic', position: 'Director', when: { start: String(YEAR), end: 'Present' } },
    ]);
    assert.deepEqual((await content(id)).education_v2, SAVED.education_v2, 'the other section is untouched');
  });
});

describe('education-employment: "{header} required" and "You must have at least one line item."', () => {
  it('education: every field of a started line, and the graduate degree year — 422, typed values kept, nothing saved', async () => {
    const { client, id } = await signedIn();
    await setContent(id, SAVED);
    const response = await post(client, 'education', {
      year_earned_grad_degree: '',
      education_count: '3',
      'education-0-institution': 'Columbia University',
      'education-0-degree': 'MSW',
      'education-0-completion': '2012',
      'education-1-institution': 'Half typed',
      'education-1-degree': '',
      'education-1-completion': '',
      'education-2-institution': '',
      'education-2-degree': 'PhD',
      'education-2-completion': '',
    });
    assert.equal(response.status, 422);
    const text = textOf(response.text);
    assert.match(text, /Degree required/);
    assert.match(text, /Completion Year required/);
    assert.match(text, /Institution required/);
    assert.match(text, /Year Earned Graduate Degree required/);
    assert.match(response.text, /id="education-1-institution"[^>]*value="Half typed"/);
    assert.match(response.text, /id="education-2-degree"[^>]*value="PhD"/);
    assert.deepEqual(await content(id), SAVED, 'one transaction: nothing half-saved');
  });

  it('employment: employer, start and end required; position not', async () => {
    const { client } = await signedIn();
    const response = await post(client, 'employment', {
      employment_count: '1',
      'employment-0-employer': '',
      'employment-0-position': 'Therapist',
      'employment-0-start': '',
      'employment-0-end': '',
    });
    assert.equal(response.status, 422);
    const text = textOf(response.text);
    assert.match(text, /Employer required/);
    assert.match(text, /Start Year required/);
    assert.match(text, /End Year required/);
    assert.doesNotMatch(text, /Position required/);
  });

  it('no line left (only the blank line, or every line removed) → "You must have at least one line item."', async () => {
    const { client, id } = await signedIn();
    await setContent(id, SAVED);
    const blank = await post(client, 'education', {
      year_earned_grad_degree: '2012',
      education_count: '1',
      'education-0-institution': '',
      'education-0-degree': '',
      'education-0-completion': '',
    });
    assert.equal(blank.status, 422);
    assert.match(textOf(blank.text), /You must have at least one line item\./);
    const removed = await post(client, 'employment', {
      employment_count: '1',
      'employment-0-employer': 'Rivera Counseling',
      'employment-0-start': '2018',
      'employment-0-end': 'Present',
      'employment-0-remove': '1',
    });
    assert.equal(removed.status, 422);
    assert.match(textOf(removed.text), /You must have at least one line item\./);
    assert.match(removed.text, /id="employment-0-remove"[^>]*checked=""/, 'the remove box stays as it was ticked');
    assert.deepEqual(await content(id), SAVED);
  });
});

describe('education-employment: years (current year back 70; end not before start)', () => {
  it('a year outside the list is refused; an end before the start too', async () => {
    const { client } = await signedIn();
    const old = await post(client, 'education', {
      year_earned_grad_degree: String(YEAR - 70),
      education_count: '1',
      'education-0-institution': 'A',
      'education-0-degree': 'B',
      'education-0-completion': String(YEAR + 1),
    });
    assert.equal(old.status, 422);
    assert.equal([...old.text.matchAll(/>Please choose a year from the list\.<\/p>/g)].length, 2, 'beside each field');
    const backwards = await post(client, 'employment', {
      employment_count: '1',
      'employment-0-employer': 'A',
      'employment-0-start': '2015',
      'employment-0-end': '2010',
    });
    assert.equal(backwards.status, 422);
    assert.match(textOf(backwards.text), /End Year cannot be before Start Year\./);
  });

  it('the oldest year offered (current − 69) is accepted', async () => {
    const { client, id } = await signedIn();
    const response = await post(client, 'education', {
      year_earned_grad_degree: String(YEAR - 69),
      education_count: '1',
      'education-0-institution': 'A',
      'education-0-degree': 'B',
      'education-0-completion': String(YEAR - 69),
    });
    assert.equal(response.status, 303);
    assert.equal((await content(id)).year_earned_grad_degree, YEAR - 69);
  });
});

describe('education-employment: a failing save (spec 2 §8)', () => {
  it('answers 500 with "There was an error updating your profile." and keeps the typed lines', async () => {
    const { client, id } = await signedIn();
    const { db } = ctx();
    // This run's own database: a trigger makes the update fail, and is dropped again.
    await db.raw(
      `create or replace function test_fail_update() returns trigger language plpgsql as $$ begin raise exception 'disk on fire'; end $$`,
    );
    await db.raw(
      'create trigger test_fail_update before update of custom_content on providers for each row execute function test_fail_update()',
    );
    try {
      const response = await post(client, 'employment', {
        employment_count: '1',
        'employment-0-employer': 'Kept Clinic',
        'employment-0-start': '2019',
        'employment-0-end': 'Present',
      });
      assert.equal(response.status, 500);
      assert.match(textOf(response.text), /There was an error updating your profile\./);
      assert.match(response.text, /id="employment-0-employer"[^>]*value="Kept Clinic"/);
    } finally {
      await db.raw('drop trigger if exists test_fail_update on providers');
      await db.raw('drop function if exists test_fail_update()');
    }
    assert.equal((await content(id)).employment_v2, undefined);
  });
});
