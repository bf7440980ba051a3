// /profile/insurance-fees as a provider with JavaScript off goes through it (issue 5 items 7 and 8): the plain
// form round trips of the session fees and sliding scale, and the request for an insurance edit, each page
// answered checked with axe-core. The per-insurance search choice stays a browser flow (JavaScript off, 375 px).
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { drainJobs } from '../support/jobs';
import { createProviderUser } from '../support/factories';
import { agent, signIn } from '../support/http';
import { open, redirected, rerendered } from '../support/served-form';
import { expectAccessibleHtml } from '../support/accessible-html';

const PAGE = '/profile/insurance-fees';

async function providerWithStates() {
  const user = await createProviderUser(ctx().db, {
    providers: [{ type: 'individual', status: 'active', firstName: 'Robin', lastName: 'Hale' }],
  });
  const id = user.providerIds[0]!;
  await ctx()
    .db('locations')
    .insert([
      { provider_id: id, state: 'NY', remote_location: true },
      { provider_id: id, state: 'NJ', remote_location: true },
    ]);
  const client = agent();
  await signIn(client, user.email);
  return { ...user, id, client };
}

describe('insurance-fees without JavaScript: session fees and a sliding scale', () => {
  it('a form with a missing length and no lower limit comes back with both messages and the typed values; fixed, it saves', async () => {
    const { id, client } = await providerWithStates();
    const page = await open(client, PAGE);
    assert.equal(page.document.querySelector('h1')?.textContent, 'Insurance & Fees');
    await expectAccessibleHtml(page.html, PAGE);

    const form = await page.follow(client, 'Edit Session Fees');
    form.byName('session_fee_ongoing').value = '150';
    form.byName('session_length_ongoing').value = '50';
    form.byName('session_fee_couples').value = '180';
    form.check('Display a sliding scale');
    const failed = rerendered(await form.submit(client, 'Save'));
    assert.match(failed.mainText, /To display a sliding scale, please indicate a lower limit\./);
    assert.match(failed.mainText, /Fee and length required/);
    assert.equal(failed.byName('session_fee_ongoing').value, '150', 'typed values kept');
    await expectAccessibleHtml(failed.html, 'the session fees form with its errors');

    failed.byName('session_length_couples').value = '80';
    failed.fill('Lower limit (dollars)', '80');
    failed.fill('Session 1 name', 'Walk and talk');
    failed.fill('Session 1 fee (dollars)', '140');
    failed.fill('Session 1 length (minutes)', '60');
    const saved = redirected(await failed.submit(client, 'Save'), PAGE);
    assert.match(saved.text, /Your session fees have been saved\./);
    assert.match(saved.mainText, /Shown on the profile, from \$80\./);
    assert.match(saved.mainText, /\$140 · 60 minutes/);
    await expectAccessibleHtml(saved.html, 'Insurance & Fees after saving the session fees');

    const content = jsonObject((await ctx().db('providers').where({ id }).first('custom_content'))!.custom_content);
    assert.equal(content.session_fee_ongoing, 150);
    assert.equal(content.session_fee_sliding_scale_min, 80);
    assert.deepEqual(content.custom_sessions, [{ name: 'Walk and talk', fee: 140, length: 60 }]);
  });
});

describe('insurance-fees: requesting an insurance edit from support', () => {
  it('"Support request submitted, we\'ll contact you shortly!" back on the page; the request is stored and mailed to support', async () => {
    const { client } = await providerWithStates();
    const page = await open(client, PAGE);
    page.fill('What should our team change?', 'Please add Oscar Health in New York.');
    const back = redirected(await page.submit(client, 'Request an insurance edit'), PAGE);
    assert.match(back.text, /Support request submitted, we'll contact you shortly!/);
    await expectAccessibleHtml(back.html, 'Insurance & Fees after requesting an edit');
    const [request] = await ctx().db('support_requests').select('template', 'locals');
    assert.deepEqual(request, {
      template: 'insurance-edit',
      locals: { edits: 'Please add Oscar Health in New York.' },
    });
    await drainJobs(); // the e-mail to support is a job
    const mail = (await ctx()
      .db('sent_messages')
      .where({ recipient: ctx().config.supportEmail })
      .first('subject', 'body'))!;
    assert.match(mail.subject ?? '', /^Insurance edit request: Robin Hale/);
    assert.match(mail.body, /Please add Oscar Health in New York\./);
  });
});
