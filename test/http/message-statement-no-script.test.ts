// Practice Description with JavaScript off (issue 5 item 4): a practice adds a question to its Practice
// Questions in a plain form round trip; each page the person sees is checked by axe in a DOM. The browser
// keeps the short statement's confirmation step without JavaScript (test/e2e/statement.spec.ts).
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessibleHtml } from '../support/accessible-html';
import { agent, signIn, textOf } from '../support/http';
import { open } from '../support/served-form';

describe('without JavaScript: Practice Questions', () => {
  it('a practice adds a question to its Practice Description page', async () => {
    const user = await createProviderUser(ctx().db, {
      paid: true,
      providers: [{ type: 'practice', companyName: 'Harbor Light' }],
    });
    const id = user.providerIds[0]!;
    const client = agent();
    await signIn(client, user.email);
    let page = await open(client, '/profile/message-statement');
    assert.match(page.html, /<h1>Practice Description<\/h1>/);
    await expectAccessibleHtml(page.html, 'Practice Description');
    page = await page.follow(client, 'Edit Practice Questions');
    await expectAccessibleHtml(page.html, 'the Practice Questions form');
    page = await page.submit(client, 'Save', {
      values: {
        'boxes-0-title': 'Do you offer evening sessions?',
        'boxes-0-text': 'Yes, until 8pm on weekdays.',
      },
    });
    assert.match(textOf(page.html), /Practice Questions saved\./);
    assert.deepEqual(jsonObject((await ctx().db('providers').where({ id }).first())!.custom_content).boxes, [
      { title: 'Do you offer evening sessions?', text: 'Yes, until 8pm on weekdays.' },
    ]);
    await expectAccessibleHtml(page.html, 'Practice Description after saving');
  });
});
