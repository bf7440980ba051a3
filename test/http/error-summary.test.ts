// The error summary of issue [21] item 1, the GOV.UK way, across different forms: a refused post answers
// with "There is a problem" above the page's heading, a link to each message (to the field's control, or
// to the form's own message), the title starting "Error: ", each message after its field's label and
// hint, and the spec's message texts unchanged. The page renders the summary by itself (render()), so a
// sweep of unlike forms is what shows that every form has it.
import assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessibleHtml } from '../support/accessible-html';
import { agent, csrfFrom, signIn, type Agent } from '../support/http';

async function post(client: Agent, page: string, action: string, body: Record<string, string | string[]>) {
  const form = await client.get(page);
  return client
    .post(action)
    .type('form')
    .send({ _csrf: csrfFrom(form.text), ...body });
}

async function signedIn() {
  const user = await createProviderUser(ctx().db, { paid: true });
  const client = agent();
  await signIn(client, user.email);
  return { client, user };
}

interface SummaryLink {
  text: string;
  href: string;
  /** The tag of the element the link goes to, or null when no element has that id. */
  target: string | null;
}

/**
 * Checks what every refused form shows and returns the summary's links: the summary comes first in <main>
 * before the h1, focusable and autofocused, titled "There is a problem"; the page title starts "Error: ";
 * each field in error has its message after its label and hint and before its control.
 */
function summaryOf(html: string): SummaryLink[] {
  const document = new JSDOM(html).window.document;
  assert.match(document.title, /^Error: /, 'the title starts with "Error: "');
  const summary = document.querySelector('main .error-summary');
  assert.ok(summary, 'an error summary in the main content');
  assert.equal(summary.getAttribute('tabindex'), '-1');
  assert.ok(summary.hasAttribute('autofocus'), 'focused when the page loads, without JavaScript too');
  assert.equal(summary.querySelector('h2')?.textContent, 'There is a problem');
  assert.equal(document.querySelectorAll('.error-summary').length, 1, 'one summary');
  const h1 = document.querySelector('main h1');
  if (h1)
    assert.ok(
      summary.compareDocumentPosition(h1) & document.defaultView!.Node.DOCUMENT_POSITION_FOLLOWING,
      'the summary is above the heading',
    );
  for (const control of document.querySelectorAll('[aria-invalid="true"]')) {
    const message = document.getElementById(`${control.id}-error`);
    if (!message) continue;
    assert.ok(
      message.compareDocumentPosition(control) & document.defaultView!.Node.DOCUMENT_POSITION_FOLLOWING,
      `the message of #${control.id} comes before the control`,
    );
    const label = document.querySelector(`label[for="${control.id}"]`);
    if (label && !control.matches('[type="checkbox"], [type="radio"]'))
      assert.ok(
        label.compareDocumentPosition(message) & document.defaultView!.Node.DOCUMENT_POSITION_FOLLOWING,
        `the message of #${control.id} comes after its label`,
      );
  }
  return [...summary.querySelectorAll('li a')].map((a) => {
    const href = a.getAttribute('href') ?? '';
    const target = href.startsWith('#') ? document.getElementById(href.slice(1)) : null;
    return { text: a.textContent ?? '', href, target: target?.tagName.toLowerCase() ?? null };
  });
}

describe('the error summary of a refused form (issue [21] item 1)', () => {
  it('sign-in: each empty field is listed and linked to its input', async () => {
    const client = agent();
    const response = await post(client, '/login', '/login', { email: '', password: '' });
    assert.equal(response.status, 422);
    const links = summaryOf(response.text);
    assert.deepEqual(links, [
      { text: 'You must enter an email address', href: '#email', target: 'input' },
      { text: 'You must enter a password', href: '#password', target: 'input' },
    ]);
    await expectAccessibleHtml(response.text, 'the refused sign-in');
  });

  it('sign-in: refused credentials are a message of the form, linked to the e-mail field', async () => {
    const { user } = await signedIn();
    const response = await post(agent(), '/login', '/login', { email: user.email, password: 'Not-the-password-9' });
    assert.equal(response.status, 401);
    assert.deepEqual(summaryOf(response.text), [
      {
        text: 'Incorrect email or password. Please try again, or reset your password.',
        href: '#email',
        target: 'input',
      },
    ]);
  });

  it('sign-up: text fields and the terms checkbox, each linked to its control', async () => {
    const response = await post(agent(), '/signup', '/signup', {});
    assert.equal(response.status, 422);
    const links = summaryOf(response.text);
    assert.ok(links.length >= 3, 'several fields are required');
    for (const link of links) assert.equal(link.target, 'input', `${link.text} links to its input`);
    assert.ok(
      links.some((l) => l.href === '#terms'),
      'the terms checkbox is listed',
    );
    await expectAccessibleHtml(response.text, 'the refused sign-up');
  });

  it('the vetting quiz: each unanswered question links to its first choice (a radio group)', async () => {
    const { client, user } = await signedIn();
    await ctx()
      .db('providers')
      .where({ id: user.providerIds[0] })
      .update({ custom_content: JSON.stringify({ vetting_status: 'pre-vetting' }) });
    const response = await post(client, '/vetting/quiz', '/vetting/quiz', {});
    assert.equal(response.status, 422);
    const links = summaryOf(response.text);
    assert.ok(links.length > 1);
    for (const link of links) {
      assert.equal(link.text, 'Question required');
      assert.equal(link.target, 'input');
      assert.match(link.href, /^#question_\d+-0$/);
    }
  });

  it('Contact Us: a text area', async () => {
    const { client } = await signedIn();
    const response = await post(client, '/contact', '/contact', {
      firstname: 'Robin',
      lastname: 'Banks',
      email: 'robin@practice.test',
      message: '',
    });
    assert.equal(response.status, 422);
    const links = summaryOf(response.text);
    assert.deepEqual(
      links.map((l) => [l.href, l.target]),
      [['#message', 'textarea']],
    );
  });

  it('Account Settings: a password change that does not match', async () => {
    const { client } = await signedIn();
    const response = await post(client, '/password/update', '/password/update', {
      from: 'password-update',
      old_password: 'Test-password-1!',
      new_password: 'Another-password-2!',
      new_password_confirmation: 'Something-else-3!',
    });
    assert.equal(response.status, 422);
    assert.deepEqual(summaryOf(response.text), [
      { text: 'New password does not match', href: '#new_password_confirmation', target: 'input' },
    ]);
  });

  it('a page without errors has no summary and no "Error: " in its title', async () => {
    const page = await agent().get('/login').expect(200);
    const document = new JSDOM(page.text).window.document;
    assert.equal(document.querySelector('.error-summary'), null);
    assert.doesNotMatch(document.title, /^Error/);
    assert.doesNotMatch(page.text, /data-error-summary-slot/, 'the slot never reaches the browser');
  });
});
