// Registration of a group practice without JavaScript, as a form round trip (issue 4 item 1): the type is
// chosen by a link, and the form sent with only the company name comes back with the spec's messages.
// axe-core on both pages. The individual's sign-up stays a JavaScript-off browser flow (test/e2e/signup.spec.ts).
import assert from 'node:assert/strict';
import { expectAccessibleHtml } from '../support/accessible-html';
import { agent, mainTextOf, postForm } from '../support/http';

describe('registration without JavaScript: a group practice', function () {
  this.timeout(120_000); // axe-core in jsdom takes seconds a page on a loaded machine
  it('chooses its type by a link, and must say where referrals go', async () => {
    const client = agent();
    const signup = (await client.get('/signup').expect(200)).text;
    const link = /<a\b[^>]*href="([^"]+)"[^>]*>\s*We are a group practice\s*<\/a>/.exec(signup);
    assert.ok(link, 'the "We are a group practice" link');
    const path = link[1]!.replace(/&amp;/g, '&');
    const form = (await client.get(path).expect(200)).text;
    await expectAccessibleHtml(form, 'the group practice sign-up form');

    const response = await postForm(client, path, '/signup', {
      type: 'practice',
      company_name: 'Harbor Light Counseling',
      website: '',
    });
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    assert.match(text, /Please choose where to send referrals/);
    assert.match(text, /Full name required\./);
    await expectAccessibleHtml(response.text, 'the group practice sign-up form with its messages');
  });
});
