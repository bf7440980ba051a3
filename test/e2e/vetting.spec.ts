// In Chromium (issue 6 items 6 and 7): the Clinical Vetting quiz with JavaScript off (one question left
// unanswered first, its message, then the result); the web badge page; a photo & video shoot option
// with its embedded scheduling page; the Contact Us form. axe on every page shown.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, useBrowser, submit } from '../support/browser';

async function paidProvider(vettingStatus?: string) {
  const user = await createProviderUser(ctx().db, {
    paid: true,
    providers: [{ firstName: 'Robin', lastName: 'Hale' }],
  });
  if (vettingStatus) {
    await ctx()
      .db('providers')
      .where({ id: user.providerIds[0] })
      .update({ custom_content: JSON.stringify({ vetting_status: vettingStatus }) });
  }
  return user;
}

/** A stand-in for an outside embedded page, so the test needs no internet. */
const FAKE_EMBED =
  '<!DOCTYPE html><html lang="en"><head><title>Scheduling</title></head><body><main><h1>Pick a time</h1><p>Tuesday 10:00</p></main></body></html>';

describe('browser: Clinical Vetting, benefits and Contact Us', function () {
  this.timeout(180_000);
  const browser = useBrowser();

  it('takes the vetting quiz with JavaScript off: an unanswered question, its message, then the result', async () => {
    const user = await paidProvider('pre-vetting');
    const questions: { text: string; correct_choice: string }[] = await ctx()
      .db('vetting_questions')
      .orderBy('position')
      .select('text', 'correct_choice');
    const page = await browser.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/vetting/quiz');
    await page.getByRole('heading', { name: 'Clinical Vetting', level: 1 }).waitFor();
    await expectAccessible(page);

    // Every question but the third.
    for (const [index, q] of questions.entries()) {
      if (index === 2) continue;
      await page.getByRole('group', { name: q.text }).getByLabel(q.correct_choice, { exact: true }).check();
    }
    await submit(page, page.getByRole('button', { name: 'Submit' }));
    const third = page.getByRole('group', { name: questions[2]!.text });
    await third.getByText('Question required').waitFor();
    assert.equal(await page.locator('.field-error', { hasText: 'Question required' }).count(), 1);
    assert.ok(
      await page
        .getByRole('group', { name: questions[0]!.text })
        .getByLabel(questions[0]!.correct_choice, { exact: true })
        .isChecked(),
      'answers kept',
    );
    await expectAccessible(page);

    await third.getByLabel(questions[2]!.correct_choice, { exact: true }).check();
    await submit(page, page.getByRole('button', { name: 'Submit' }));
    await page.getByRole('heading', { name: 'Result: passed' }).waitFor();
    await page.getByText('You passed the Clinical Vetting quiz.').waitFor();
    await expectAccessible(page);

    await page.goto('/vetting/quiz');
    await page.getByRole('heading', { name: "You've already been vetted!" }).waitFor();
    await expectAccessible(page);
    const [attempt] = await ctx().db('vetting_attempts').where({ provider_id: user.providerIds[0] });
    assert.equal(attempt.passed, true);
  });

  it('opens the web badge page and a photo & video shoot option with its scheduling page', async () => {
    const user = await paidProvider();
    const page = await browser.newPage();
    page.setDefaultTimeout(60_000);
    await page
      .context()
      .route('https://scheduling.example.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: FAKE_EMBED }),
      );
    await signInAs(page, user.userId);

    await page.goto('/benefits/web-badge');
    await page.getByRole('heading', { name: 'Your member badge' }).waitFor();
    const badge = page.getByRole('img', { name: 'Member of Members Portal' });
    await badge.waitFor();
    const size = await badge.evaluate((img: HTMLImageElement) => ({
      w: img.naturalWidth,
      h: img.naturalHeight,
      complete: img.complete,
    }));
    assert.deepEqual(size, { w: 250, h: 86, complete: true }, 'the badge loads at 250x86');
    const code = await page.getByLabel('Badge code').inputValue();
    assert.match(code, /^<a href="https:\/\/directory\.example\.com\/therapists\/[^"]+" target="_blank"/);
    await expectAccessible(page);

    await page.goto('/benefits/photo-videoshoot');
    await expectAccessible(page);
    await submit(page, page.getByRole('link', { name: 'Book a reshoot' }));
    assert.match(page.url(), /\/benefits\/photo-videoshoot\/reshoot$/);
    const frame = page.frameLocator('iframe[title="Book a reshoot scheduling"]');
    await frame.getByRole('heading', { name: 'Pick a time' }).waitFor();
    await expectAccessible(page);
  });

  it('sends the Contact Us form', async () => {
    const user = await paidProvider();
    const page = await browser.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto('/contact');
    await page.getByRole('heading', { name: 'Send us a message' }).waitFor();
    await expectAccessible(page);

    await page.getByLabel('Message', { exact: true }).fill('');
    await submit(page, page.getByRole('button', { name: 'Send message' }));
    await page.locator('.field-error', { hasText: 'Enter your message.' }).waitFor();
    await expectAccessible(page);

    await page.getByLabel('Message', { exact: true }).fill('Could you help me add a video to my profile?');
    await submit(page, page.getByRole('button', { name: 'Send message' }));
    await page.getByText('Thank you! Your message has been sent.').waitFor();
    await expectAccessible(page);
    const [row] = await ctx().db('contact_requests').where({ user_id: user.userId });
    assert.equal(row.message, 'Could you help me add a video to my profile?');
    assert.equal(row.provider_id, user.providerIds[0]);
  });
});
