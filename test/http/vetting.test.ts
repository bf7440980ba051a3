// /vetting/quiz (spec 2 §2, §4 "Vetting", §5 "Vetting quiz", §7): one describe per rule, the spec's
// messages in the assertions.
import assert from 'node:assert/strict';
import { VETTING_QUESTIONS } from '../../seeds/reference';
import { passMarkFor } from '../../server/features/vetting/validation';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, csrfFrom, mainTextOf, signIn, type Agent } from '../support/http';

const PAGE = '/vetting/quiz';

async function signedIn(vettingStatus: string | null = 'pre-vetting', options: { paid?: boolean } = {}) {
  const user = await createProviderUser(ctx().db, { paid: options.paid ?? true });
  const providerId = user.providerIds[0]!;
  if (vettingStatus)
    await ctx()
      .db('providers')
      .where({ id: providerId })
      .update({ custom_content: JSON.stringify({ vetting_status: vettingStatus }) });
  const client = agent();
  await signIn(client, user.email);
  return { client, providerId, user };
}

/** Question ids in position order, with their texts, choices and right answers. */
async function bank() {
  const rows: { id: number; text: string; choices: string[]; correct_choice: string }[] = await ctx()
    .db('vetting_questions')
    .orderBy('position')
    .select('id', 'text', 'choices', 'correct_choice');
  return rows;
}

/** The answers: the right one for the first `correct` questions, a wrong one for the rest, none for `skip`. */
async function answers(correct: number, skip: number[] = []) {
  const fields: Record<string, string> = {};
  (await bank()).forEach((q, index) => {
    if (skip.includes(index)) return;
    fields[`question_${q.id}`] = index < correct ? q.correct_choice : q.choices.find((c) => c !== q.correct_choice)!;
  });
  return fields;
}

async function submit(client: Agent, fields: Record<string, string>) {
  const _csrf = csrfFrom((await client.get(PAGE)).text);
  return client
    .post(PAGE)
    .type('form')
    .send({ _csrf, ...fields });
}

const statusOf = async (providerId: number) =>
  (await ctx()
    .db('providers')
    .where({ id: providerId })
    .first<{ s: string | null }>(ctx().db.raw(`custom_content->>'vetting_status' as s`)))!.s;
const attempts = (providerId: number) => ctx().db('vetting_attempts').where({ provider_id: providerId }).orderBy('id');

describe('vetting quiz: the seeded question bank (spec 2 §7 "Vetting")', () => {
  it('has the seeded clinical-practice questions, each with its choices and one right answer among them', async () => {
    const rows = await bank();
    assert.equal(rows.length, VETTING_QUESTIONS.length);
    assert.ok(rows.length >= 10);
    for (const row of rows) {
      assert.ok(row.choices.length >= 3);
      assert.ok(row.choices.includes(row.correct_choice));
    }
  });

  it('the pass mark is 80 % rounded up: 8 of 10', () => {
    assert.equal(passMarkFor(10), 8);
    assert.equal(passMarkFor(12), 10);
  });
});

describe('vetting quiz: shown while vetting_status is pre-vetting (spec 2 §4)', () => {
  it('lists every question with its choices as radio buttons in one plain form', async () => {
    const { client } = await signedIn();
    const html = (await client.get(PAGE).expect(200)).text;
    const text = mainTextOf(html);
    assert.match(text, /Clinical Vetting/);
    for (const q of VETTING_QUESTIONS) {
      assert.ok(text.includes(q.text.replace(/\u2019/g, '\u2019')), `shows: ${q.text}`);
      for (const choice of q.choices) assert.ok(text.includes(choice), `choice: ${choice}`);
    }
    assert.equal(
      (html.match(/type="radio"/g) ?? []).length,
      VETTING_QUESTIONS.reduce((n, q) => n + q.choices.length, 0),
    );
    assert.match(html, /<form [^>]*action="\/vetting\/quiz" method="post"/);
    assert.match(text, /at least 8 correct answers out of 10/);
    assert.doesNotMatch(html, /<script(?![^>]*src=)[^>]*>/, 'no inline script');
  });

  for (const status of ['vetted', 'vetting-failed', 'something-else']) {
    it(`vetting_status ${status}: "You've already been vetted!" and no quiz`, async () => {
      const { client } = await signedIn(status);
      const html = (await client.get(PAGE).expect(200)).text;
      assert.match(mainTextOf(html), /You've already been vetted!/);
      assert.doesNotMatch(html, /type="radio"/);
    });
  }

  it('a profile that was never vetted (no vetting_status) may take the quiz', async () => {
    const { client } = await signedIn(null);
    const html = (await client.get(PAGE).expect(200)).text;
    assert.doesNotMatch(mainTextOf(html), /You've already been vetted!/);
    assert.match(html, /type="radio"/);
  });

  it('a submission when not pre-vetting changes nothing and says "You\'ve already been vetted!"', async () => {
    const { client, providerId } = await signedIn('vetted');
    const response = await submit(client, await answers(10));
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, PAGE);
    assert.match(mainTextOf((await client.get(PAGE)).text), /You've already been vetted!/);
    assert.equal((await attempts(providerId)).length, 0);
    assert.equal(await statusOf(providerId), 'vetted');
  });

  it('signed-out visitors go to /login', async () => {
    const response = await agent().get(PAGE).expect(303);
    assert.equal(response.headers.location, `/login?next=${encodeURIComponent(PAGE)}`);
  });

  it('is not a paid benefit: a profile without a paid plan takes it too', async () => {
    const { client } = await signedIn('pre-vetting', { paid: false });
    const html = (await client.get(PAGE).expect(200)).text;
    assert.match(html, /type="radio"/);
  });
});

describe('vetting quiz: every question must be answered (spec 2 §5 "Question required")', () => {
  it('an unanswered question gets "Question required" beside it; the other answers stay chosen; nothing is saved', async () => {
    const { client, providerId } = await signedIn();
    const questions = await bank();
    const fields = await answers(10, [2]);
    const response = await submit(client, fields);
    assert.equal(response.status, 422);
    const html = response.text;
    assert.equal((html.match(/>Question required<\/p>/g) ?? []).length, 1);
    const missing = questions[2]!;
    assert.match(html, new RegExp(`<p class="field-error" id="question_${missing.id}-error">Question required</p>`));
    assert.match(html, new RegExp(`aria-describedby="question_${missing.id}-error"`));
    // The first question's answer is still checked.
    const first = questions[0]!;
    const checked = (html.match(/<input type="radio"[^>]*>/g) ?? []).filter(
      (tag) => tag.includes(`name="question_${first.id}"`) && tag.includes('checked=""'),
    );
    assert.equal(checked.length, 1, 'the chosen answer of question 1 is kept');
    assert.ok(checked[0]!.includes(`value="${first.correct_choice}"`));
    assert.equal((await attempts(providerId)).length, 0);
    assert.equal(await statusOf(providerId), 'pre-vetting');
  });

  it('every unanswered question gets its own message', async () => {
    const { client } = await signedIn();
    const response = await submit(client, {});
    assert.equal(response.status, 422);
    assert.equal((response.text.match(/>Question required<\/p>/g) ?? []).length, VETTING_QUESTIONS.length);
  });

  it("an answer that is not one of the question's choices counts as unanswered", async () => {
    const { client, providerId } = await signedIn();
    const questions = await bank();
    const fields = await answers(10);
    fields[`question_${questions[0]!.id}`] = 'Something I made up';
    const response = await submit(client, fields);
    assert.equal(response.status, 422);
    assert.equal((response.text.match(/>Question required<\/p>/g) ?? []).length, 1);
    assert.equal((await attempts(providerId)).length, 0);
  });
});

describe('vetting quiz: the result (spec 2 §4 "passed true or false")', () => {
  it('all right: passed, recorded as question text → chosen answer, status vetted, result page', async () => {
    const { client, providerId } = await signedIn();
    const response = await submit(client, await answers(10));
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, '/vetting/quiz/result');
    const [attempt, ...more] = await attempts(providerId);
    assert.equal(more.length, 0);
    assert.equal(attempt.passed, true);
    const questions = await bank();
    assert.deepEqual(attempt.answers, Object.fromEntries(questions.map((q) => [q.text, q.correct_choice])));
    assert.equal(await statusOf(providerId), 'vetted');
    const text = mainTextOf((await client.get('/vetting/quiz/result').expect(200)).text);
    assert.match(text, /You passed the Clinical Vetting quiz/);
    assert.match(text, /10 of 10/);
    // Afterwards the quiz is not offered again.
    assert.match(mainTextOf((await client.get(PAGE)).text), /You've already been vetted!.*You passed/);
  });

  it('exactly the pass mark (8 of 10) passes', async () => {
    const { client, providerId } = await signedIn();
    await submit(client, await answers(8)).then((r) => assert.equal(r.status, 303));
    assert.equal((await attempts(providerId))[0].passed, true);
  });

  it('below the pass mark (7 of 10) fails, with a polite notice that the badge will not be added', async () => {
    const { client, providerId } = await signedIn();
    await submit(client, await answers(7)).then((r) => assert.equal(r.status, 303));
    assert.equal((await attempts(providerId))[0].passed, false);
    assert.equal(await statusOf(providerId), 'vetting-failed');
    const text = mainTextOf((await client.get('/vetting/quiz/result').expect(200)).text);
    assert.match(text, /Thank you for taking the Clinical Vetting quiz/);
    assert.match(text, /the vetted badge will not be added to your profile/);
    assert.match(text, /7 correctly/);
    assert.doesNotMatch(text, /You passed/);
  });

  it('a second submission after the first is refused: one attempt only', async () => {
    const { client, providerId } = await signedIn();
    await submit(client, await answers(7));
    const again = await submit(client, await answers(10));
    assert.equal(again.status, 303);
    assert.equal(again.headers.location, PAGE);
    const rows = await attempts(providerId);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].passed, false);
  });

  it('the result page without an attempt goes back to the quiz', async () => {
    const { client } = await signedIn();
    const response = await client.get('/vetting/quiz/result').expect(303);
    assert.equal(response.headers.location, PAGE);
  });
});

describe('vetting quiz: one transaction per submission', () => {
  it('when setting the status fails, the attempt is not kept either, and the form comes back with its answers', async () => {
    const { client, providerId } = await signedIn();
    const db = ctx().db;
    await db.raw(
      `CREATE FUNCTION vetting_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by test'; END $$`,
    );
    await db.raw(
      `CREATE TRIGGER vetting_test_fail BEFORE UPDATE ON providers FOR EACH ROW WHEN (NEW.custom_content->>'vetting_status' = 'vetted') EXECUTE FUNCTION vetting_test_fail()`,
    );
    try {
      const response = await submit(client, await answers(10));
      assert.equal(response.status, 500);
      assert.match(response.text, /There was an error submitting your quiz/);
      assert.match(response.text, /checked=""/);
    } finally {
      await db.raw('DROP TRIGGER vetting_test_fail ON providers');
      await db.raw('DROP FUNCTION vetting_test_fail()');
    }
    assert.equal((await attempts(providerId)).length, 0);
    assert.equal(await statusOf(providerId), 'pre-vetting');
  });
});

describe('vetting quiz: only the selected profile of the signed-in user', () => {
  it('?current_provider_id= of another account does not switch to it, and its status is untouched', async () => {
    const other = await signedIn();
    const { client, providerId } = await signedIn('vetted');
    await client.get(`${PAGE}?current_provider_id=${other.providerId}`).expect(200);
    const response = await submit(client, await answers(10));
    assert.equal(response.headers.location, PAGE);
    assert.equal((await attempts(other.providerId)).length, 0);
    assert.equal(await statusOf(other.providerId), 'pre-vetting');
    assert.equal((await attempts(providerId)).length, 0);
  });
});
