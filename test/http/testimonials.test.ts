// /testimonials, Testimonials & Feedback (spec 2 §2, §3, §4 "Testimonial display", §8), one describe per rule.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, tokenFor, type Agent } from '../support/http';

async function signedIn() {
  const user = await createProviderUser(ctx().db, { paid: true });
  const client = agent();
  await signIn(client, user.email);
  return { client, providerId: user.providerIds[0]! };
}

async function seed(providerId: number) {
  const rows = await ctx()
    .db('feedback')
    .insert([
      {
        provider_id: providerId,
        kind: 'testimonial',
        body: 'Kind, patient and practical.',
        author: 'J.M.',
        submitted_at: '2026-03-01T12:00:00Z',
        display_testimonial: true,
      },
      {
        provider_id: providerId,
        kind: 'testimonial',
        body: 'Helped me through a hard year.',
        author: null,
        submitted_at: '2026-05-02T12:00:00Z',
        display_testimonial: false,
      },
      {
        provider_id: providerId,
        kind: 'feedback',
        body: 'More evening times would help.',
        submitted_at: '2026-06-03T12:00:00Z',
      },
    ])
    .returning('id');
  return rows.map((r) => Number(r.id));
}

async function toggle(client: Agent, id: number, value: string) {
  const _csrf = await tokenFor(client, '/testimonials');
  return client.post(`/testimonials/${id}/display`).type('form').send({ _csrf, display_testimonial: value });
}

const displayOf = async (id: number) => (await ctx().db('feedback').where({ id }).first())!.display_testimonial;

describe('testimonials: the page (spec 2 §2, §3)', () => {
  it('lists testimonials with author and date, and private feedback separately', async () => {
    const { client, providerId } = await signedIn();
    await seed(providerId);
    const html = (await client.get('/testimonials').expect(200)).text;
    const text = mainTextOf(html);
    assert.match(html, /<title>Testimonials &amp; Feedback \|/);
    assert.match(
      text,
      /Testimonials .*Helped me through a hard year\. — Anonymous ?, 2026-05-02 Hidden Display .*Kind, patient and practical\. — J\.M\. ?, 2026-03-01 Displayed Hide/,
    );
    assert.match(text, /Provider Feedback .*More evening times would help\. 2026-06-03/);
    // The private feedback is not in the testimonials list.
    assert.doesNotMatch(text.split('Provider Feedback')[0]!, /More evening times/);
  });

  it('empty states', async () => {
    const { client } = await signedIn();
    const text = mainTextOf((await client.get('/testimonials').expect(200)).text);
    assert.match(text, /You have no testimonials yet\./);
    assert.match(text, /You have no feedback yet\./);
  });

  it('signed-out visitors go to /login', async () => {
    assert.equal(
      (await agent().get('/testimonials').expect(303)).headers.location,
      `/login?next=${encodeURIComponent('/testimonials')}`,
    );
  });
});

describe('testimonials: Display (1) / Hide (0), toggled at once (spec 2 §4)', () => {
  it('one post per row switches the display setting', async () => {
    const { client, providerId } = await signedIn();
    const [shown, hidden] = await seed(providerId);
    const hide = await toggle(client, shown!, '0');
    assert.equal(hide.status, 303);
    assert.equal(hide.headers.location, `/testimonials#testimonial-${shown}`);
    assert.equal(await displayOf(shown!), false);
    const display = await toggle(client, hidden!, '1');
    assert.equal(display.status, 303);
    assert.equal(await displayOf(hidden!), true);
    assert.match(
      mainTextOf((await client.get('/testimonials')).text),
      /The testimonial is now displayed on your profile\./,
    );
  });

  it('an unknown value: "There was an error changing the display setting for the testimonial."', async () => {
    const { client, providerId } = await signedIn();
    const [shown] = await seed(providerId);
    const response = await toggle(client, shown!, 'maybe');
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /There was an error changing the display setting for the testimonial\./);
    assert.equal(await displayOf(shown!), true);
  });

  it('a failure: "There was an error changing the display setting for the testimonial."', async () => {
    const { client, providerId } = await signedIn();
    const [shown] = await seed(providerId);
    await ctx().db.raw(
      `CREATE OR REPLACE FUNCTION refuse_feedback_update() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`,
    );
    await ctx().db.raw(
      'CREATE TRIGGER refuse_feedback_update BEFORE UPDATE ON feedback FOR EACH ROW EXECUTE FUNCTION refuse_feedback_update()',
    );
    try {
      const response = await toggle(client, shown!, '0');
      assert.equal(response.status, 500);
      assert.match(mainTextOf(response.text), /There was an error changing the display setting for the testimonial\./);
    } finally {
      await ctx().db.raw('DROP TRIGGER refuse_feedback_update ON feedback');
      await ctx().db.raw('DROP FUNCTION refuse_feedback_update()');
    }
    assert.equal(await displayOf(shown!), true);
  });

  it("another account's testimonial (or a private feedback) is not found (404)", async () => {
    const other = await createProviderUser(ctx().db);
    const [theirs] = await seed(other.providerIds[0]!);
    const { client, providerId } = await signedIn();
    const [, , feedback] = await seed(providerId);
    assert.equal((await toggle(client, theirs!, '0')).status, 404);
    assert.equal(await displayOf(theirs!), true);
    assert.equal((await toggle(client, feedback!, '1')).status, 404);
    assert.doesNotMatch(mainTextOf((await client.get('/testimonials')).text), /— J\.M\., .*— J\.M\./);
  });
});
