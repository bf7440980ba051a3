// The onboarding wizard as a person with JavaScript off walks it (issue 4, items 3 and 4): Locations →
// About You → Your Practice → insurance with its GET filter → Photos, each a plain form round trip, with
// the spec's messages on the way and axe-core on every page returned. The Photos cropper and Go Live with
// JavaScript, and the whole walk with the keyboard alone, stay browser tests (test/e2e/wizard*.spec.ts).
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { expectAccessibleHtml } from '../support/accessible-html';
import { agent, mainTextOf, postForm, signIn, type Agent, type FormValues } from '../support/http';
import { tagIds, wizardUser } from './onboarding-helpers';

/** Posts a step's form from the step's own page; a 303 is followed, so the page shown next is returned too. */
async function send(client: Agent, path: string, values: FormValues) {
  const response = await postForm(client, path.replace(/\?.*$/, ''), path, values);
  const next = response.status === 303 ? await client.get(response.headers.location!).expect(200) : undefined;
  return {
    status: response.status,
    location: response.headers.location as string | undefined,
    html: next?.text ?? response.text,
  };
}

describe('the onboarding wizard without JavaScript: Locations to Photos', function () {
  this.timeout(120_000); // axe-core in jsdom takes seconds a page on a loaded machine
  it('a new individual fixes each step once and reaches Photos, every page accessible', async () => {
    const user = await wizardUser(ctx().db, { paid: true });
    const id = user.providerId;
    const client = agent();
    await signIn(client, user.email);

    // / sends the new-wizard profile to its first step.
    assert.equal((await client.get('/').expect(303)).headers.location, `/profiles/create/${id}`);
    const first = (await client.get(`/profiles/create/${id}`).expect(200)).text;
    assert.match(mainTextOf(first), /Complete Robin Hale's profile/);
    await expectAccessibleHtml(first, 'Locations');

    const empty = await send(client, `/profiles/create/${id}`, {});
    assert.equal(empty.status, 422);
    assert.match(mainTextOf(empty.html), /Please select at least one state/);
    assert.match(mainTextOf(empty.html), /Address is required\./);
    await expectAccessibleHtml(empty.html, 'Locations with its messages');

    const located = await send(client, `/profiles/create/${id}`, { states: ['CA', 'OR'], no_physical_location: '1' });
    assert.equal(located.location, `/profiles/about-you-for/${id}`);
    await expectAccessibleHtml(located.html, 'About You');

    const [psychologist] = await tagIds(ctx().db, 'professions', ['Psychologist']);
    const [english] = await tagIds(ctx().db, 'languages', ['English']);
    const [phd] = await tagIds(ctx().db, 'degrees', ['PhD']);
    const about = await send(client, `/profiles/about-you-for/${id}`, {
      professions: psychologist,
      languages: english,
      degrees: phd,
    });
    assert.equal(about.location, `/profiles/your-practice-for/${id}`);
    await expectAccessibleHtml(about.html, 'Your Practice');

    const [adults] = await tagIds(ctx().db, 'clientele', ['Adults (25 to 64)']);
    const twoSpecialties = await tagIds(ctx().db, 'specialties', ['Anxiety', 'Depression']);
    const short = await send(client, `/profiles/your-practice-for/${id}`, {
      clientele: adults,
      languages: english,
      specialties: twoSpecialties,
    });
    assert.equal(short.status, 422);
    assert.match(mainTextOf(short.html), /You must have at least 3 selection\(s\)\./);
    assert.match(mainTextOf(short.html), /Fee and length required/);
    await expectAccessibleHtml(short.html, 'Your Practice with its messages');

    // The first approach offered, as the person ticks it.
    const approaches = /id="approaches-fieldset"[\s\S]*?name="approaches"[^>]*?value="(\d+)"/.exec(short.html);
    assert.ok(approaches, 'the approaches are offered');
    const [grief] = await tagIds(ctx().db, 'specialties', ['Grief and Loss']);
    const practice = await send(client, `/profiles/your-practice-for/${id}`, {
      clientele: adults,
      languages: english,
      specialties: [...twoSpecialties, grief!],
      approaches: approaches[1],
      session_fee_ongoing: '160',
      session_length_ongoing: '50',
      takes_insurance: 'yes',
    });
    assert.equal(practice.location, `/profiles/your-practice-for/${id}/insurance`);
    await expectAccessibleHtml(practice.html, 'the insurance step');

    // The filter is a GET form: one insurance matches "aet".
    const filtered = (await client.get(`/profiles/your-practice-for/${id}/insurance?q=aet`).expect(200)).text;
    const fieldset = /id="insurances-fieldset"[\s\S]*?<\/fieldset>/.exec(filtered)![0];
    assert.equal((fieldset.match(/type="checkbox"/g) ?? []).length, 1);
    assert.match(mainTextOf(fieldset), /Aetna/);

    const [aetna] = await tagIds(ctx().db, 'insurances', ['Aetna']);
    const unconfirmed = await send(client, `/profiles/your-practice-for/${id}/insurance?q=aet`, { insurances: aetna });
    assert.equal(unconfirmed.status, 422);
    assert.match(
      mainTextOf(unconfirmed.html),
      /Please confirm that you are in-network with the insurances you selected\./,
    );
    await expectAccessibleHtml(unconfirmed.html, 'the insurance step with its message');

    const insured = await send(client, `/profiles/your-practice-for/${id}/insurance?q=aet`, {
      insurances: aetna,
      confirm_in_network: '1',
    });
    assert.equal(insured.location, `/profiles/photos-for/${id}`);
    await expectAccessibleHtml(insured.html, 'Photos');
  });
});
