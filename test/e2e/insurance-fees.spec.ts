// /profile/insurance-fees in Chromium (issue 5 items 7 and 8): session fees and a sliding scale with
// JavaScript off; adding an insurance after the in-network confirmation, deselecting all its states to
// see the message; requesting an insurance edit. axe on every page shown.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { drainJobs } from '../support/jobs';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInThroughForm, useBrowser, submit } from '../support/browser';

const PAGE = '/profile/insurance-fees';

async function providerWithStates() {
  const user = await createProviderUser(ctx().db, { providers: [{ type: 'individual', status: 'active', firstName: 'Robin', lastName: 'Hale' }] });
  const id = user.providerIds[0]!;
  await ctx().db('locations').insert([{ provider_id: id, state: 'NY', remote_location: true }, { provider_id: id, state: 'NJ', remote_location: true }]);
  return { ...user, id };
}

describe('browser: Insurance & Fees', function () {
  this.timeout(180_000);
  const browser = useBrowser();

  it('sets the session fees and a sliding scale with JavaScript off', async () => {
    const user = await providerWithStates();
    const page = await browser.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await signInThroughForm(page, user.email);
    await page.goto(PAGE);
    await page.getByRole('heading', { name: 'Insurance & Fees', level: 1 }).waitFor();
    await expectAccessible(page);

    await submit(page, page.getByRole('link', { name: 'Edit Session Fees' }));
    await page.locator('#session_fee_ongoing').fill('150');
    await page.locator('#session_length_ongoing').fill('50');
    await page.locator('#session_fee_couples').fill('180');
    await page.getByLabel('Display a sliding scale').check();
    await submit(page, page.getByRole('button', { name: 'Save', exact: true }));
    await page.getByText('To display a sliding scale, please indicate a lower limit.').waitFor();
    await page.getByText('Fee and length required').waitFor();
    assert.equal(await page.locator('#session_fee_ongoing').inputValue(), '150', 'typed values kept');
    await expectAccessible(page);

    await page.locator('#session_length_couples').fill('80');
    await page.getByLabel('Lower limit (dollars)').fill('80');
    await page.getByLabel('Session 1 name').fill('Walk and talk');
    await page.getByLabel('Session 1 fee (dollars)').fill('140');
    await page.getByLabel('Session 1 length (minutes)').fill('60');
    await submit(page, page.getByRole('button', { name: 'Save', exact: true }));
    await page.getByText('Your session fees have been saved.').waitFor();
    await page.getByText('Shown on the profile, from $80.').waitFor();
    await page.getByText('$140 · 60 minutes').waitFor();
    await expectAccessible(page);

    const saved = (await ctx().db('providers').where({ id: user.id }).first('custom_content')).custom_content;
    assert.equal(saved.session_fee_ongoing, 150);
    assert.equal(saved.session_fee_sliding_scale_min, 80);
    assert.deepEqual(saved.custom_sessions, [{ name: 'Walk and talk', fee: 140, length: 60 }]);
  });

  it('adds an insurance after confirming being in-network, then deselecting all its states shows the message', async () => {
    const user = await providerWithStates();
    const page = await browser.newPage();
    page.setDefaultTimeout(60_000);
    await signInThroughForm(page, user.email);
    await page.goto(PAGE);
    await page.getByText('Insurance updates are reflected within 24 business hours.').waitFor();

    await submit(page, page.getByRole('link', { name: 'Add insurances' }));
    await page.getByLabel('Filter insurances').fill('aet');
    await submit(page, page.getByRole('button', { name: 'Filter' }));
    await page.getByLabel('Aetna', { exact: true }).check();
    assert.equal(await page.getByLabel('Cigna', { exact: true }).count(), 0, 'the filter narrowed the list');
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Add insurances' }));
    await page.getByText('Please confirm that you are in-network with the insurances you selected.').waitFor();
    await expectAccessible(page);
    await page.getByLabel('I confirm that I am in-network with the insurances I selected.').check();
    await submit(page, page.getByRole('button', { name: 'Add insurances' }));
    await page.getByText('Your insurances have been added.', { exact: false }).waitFor();
    await page.getByText('Accepted in New Jersey, New York').waitFor();
    await expectAccessible(page);

    const aetna = Number((await ctx().db('tags').where({ type: 'insurances', name: 'Aetna' }).first('id')).id);
    await submit(page, page.getByRole('link', { name: 'Edit Insurance' }));
    const alerts: string[] = [];
    page.on('dialog', (dialog) => { alerts.push(dialog.message()); void dialog.dismiss(); });
    await page.locator(`#states_${aetna}-NY`).uncheck();
    assert.deepEqual(alerts, [], 'one state is still selected');
    await page.locator(`#states_${aetna}-NJ`).uncheck();
    assert.deepEqual(alerts, ['Ensure at least one state is selected for each active insurance.'], 'the last state deselected: an alert at once');
    await submit(page, page.getByRole('button', { name: 'Save', exact: true }));
    await page.getByRole('alert').filter({ hasText: 'Ensure at least one state is selected for each active insurance.' }).waitFor();
    await expectAccessible(page);
    assert.equal(Number((await ctx().db('insurance_opt_outs').where({ provider_id: user.id }).count({ n: '*' }).first())!.n), 0, 'nothing saved');

    await page.locator(`#states_${aetna}-NY`).check();
    await submit(page, page.getByRole('button', { name: 'Save', exact: true }));
    await page.getByText('Accepted in New York').waitFor();
    const outs = await ctx().db('insurance_opt_outs').where({ provider_id: user.id }).select('state');
    assert.deepEqual(outs.map((r) => r.state), ['NJ']);
  });

  it('chooses, per insurance, whether it shows the provider in directory searches, with JavaScript off (spec 2 §7)', async () => {
    const user = await providerWithStates();
    const aetna = Number((await ctx().db('tags').where({ type: 'insurances', name: 'Aetna' }).first('id')).id);
    await ctx().db('taggings').insert({ provider_id: user.id, tag_id: aetna });
    const page = await browser.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInThroughForm(page, user.email);
    await page.goto(`${PAGE}#insurance-by-state`);
    await page.getByText('Shown in directory searches', { exact: true }).waitFor();
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Hide me from searches for Aetna' }));
    await page.getByText('You will no longer appear in directory searches for Aetna', { exact: false }).waitFor();
    await page.getByText('Not shown in directory searches', { exact: true }).waitFor();
    await expectAccessible(page);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll at 375 px');
    assert.equal((await ctx().db('taggings').where({ provider_id: user.id, tag_id: aetna }).first('search_enabled')).search_enabled, false);
    await submit(page, page.getByRole('button', { name: 'Show me in searches for Aetna' }));
    await page.getByText('Clients searching the directory for Aetna will now find you.', { exact: false }).waitFor();
    assert.equal((await ctx().db('taggings').where({ provider_id: user.id, tag_id: aetna }).first('search_enabled')).search_enabled, true);
  });

  it('requests an insurance edit from support', async () => {
    const user = await providerWithStates();
    const page = await browser.newPage();
    page.setDefaultTimeout(60_000);
    await signInThroughForm(page, user.email);
    await page.goto(PAGE);
    await page.getByLabel('What should our team change?').fill('Please add Oscar Health in New York.');
    await submit(page, page.getByRole('button', { name: 'Request an insurance edit' }));
    await page.getByText("Support request submitted, we'll contact you shortly!").waitFor();
    assert.equal(new URL(page.url()).pathname, PAGE);
    await expectAccessible(page);
    const [request] = await ctx().db('support_requests').select('template', 'locals');
    assert.deepEqual(request, { template: 'insurance-edit', locals: { edits: 'Please add Oscar Health in New York.' } });
    await drainJobs(); // the e-mail to support is a job
    const mail = await ctx().db('sent_messages').where({ recipient: ctx().config.supportEmail }).first('subject', 'body');
    assert.match(mail.subject, /^Insurance edit request: Robin Hale/);
    assert.match(mail.body, /Please add Oscar Health in New York\./);
  });
});
