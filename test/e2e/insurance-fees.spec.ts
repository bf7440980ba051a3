// /profile/insurance-fees in Chromium (issue 5 items 7 and 8): adding an insurance after the in-network
// confirmation, deselecting all its states to see the message; with JavaScript off on a phone, whether each
// insurance shows the provider in searches. axe on every page shown. The session fees, the sliding scale and
// the request for an insurance edit are plain form round trips: test/http/insurance-fees-no-script.test.ts.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, useBrowser, submit } from '../support/browser';

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
  return { ...user, id };
}

describe('browser: Insurance & Fees', function () {
  this.timeout(180_000);
  const browser = useBrowser();

  it('adds an insurance after confirming being in-network, then deselecting all its states shows the message', async () => {
    const user = await providerWithStates();
    const page = await browser.newPage();
    page.setDefaultTimeout(60_000);
    await signInAs(page, user.userId);
    await page.goto(PAGE);
    await page.getByText('Insurance updates are reflected within 24 business hours.').waitFor();

    await submit(page, page.getByRole('link', { name: 'Add insurances' }));
    await page.getByLabel('Filter insurances').fill('aet');
    await submit(page, page.getByRole('button', { name: 'Filter' }));
    await page.getByLabel('Aetna', { exact: true }).check();
    assert.equal(await page.getByLabel('Cigna', { exact: true }).count(), 0, 'the filter narrowed the list');
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Add insurances' }));
    await page
      .locator('.field-error', { hasText: 'Please confirm that you are in-network with the insurances you selected.' })
      .waitFor();
    await expectAccessible(page);
    await page.getByLabel('I confirm that I am in-network with the insurances I selected.').check();
    await submit(page, page.getByRole('button', { name: 'Add insurances' }));
    await page.getByText('Your insurances have been added.', { exact: false }).waitFor();
    await page.getByText('Accepted in New Jersey, New York').waitFor();
    await expectAccessible(page);

    const aetna = Number((await ctx().db('tags').where({ type: 'insurances', name: 'Aetna' }).first('id'))!.id);
    await submit(page, page.getByRole('link', { name: 'Edit Insurance' }));
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    await page.locator(`#states_${aetna}-NY`).uncheck();
    assert.deepEqual(alerts, [], 'one state is still selected');
    await page.locator(`#states_${aetna}-NJ`).uncheck();
    assert.deepEqual(
      alerts,
      ['Ensure at least one state is selected for each active insurance.'],
      'the last state deselected: an alert at once',
    );
    await submit(page, page.getByRole('button', { name: 'Save', exact: true }));
    await page
      .getByRole('alert')
      .filter({ hasText: 'Ensure at least one state is selected for each active insurance.' })
      .waitFor();
    await expectAccessible(page);
    assert.equal(
      Number((await ctx().db('insurance_opt_outs').where({ provider_id: user.id }).count({ n: '*' }).first())!.n),
      0,
      'nothing saved',
    );

    await page.locator(`#states_${aetna}-NY`).check();
    await submit(page, page.getByRole('button', { name: 'Save', exact: true }));
    await page.getByText('Accepted in New York').waitFor();
    const outs = await ctx().db('insurance_opt_outs').where({ provider_id: user.id }).select('state');
    assert.deepEqual(
      outs.map((r) => r.state),
      ['NJ'],
    );
  });

  it('chooses, per insurance, whether it shows the provider in directory searches, with JavaScript off (spec 2 §7)', async () => {
    const user = await providerWithStates();
    const aetna = Number((await ctx().db('tags').where({ type: 'insurances', name: 'Aetna' }).first('id'))!.id);
    await ctx().db('taggings').insert({ provider_id: user.id, tag_id: aetna });
    const page = await browser.newPage({ javaScript: false });
    page.setDefaultTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto(`${PAGE}#insurance-by-state`);
    await page.getByText('Shown in directory searches', { exact: true }).waitFor();
    await expectAccessible(page);
    await submit(page, page.getByRole('button', { name: 'Hide me from searches for Aetna' }));
    await page.getByText('You will no longer appear in directory searches for Aetna', { exact: false }).waitFor();
    await page.getByText('Not shown in directory searches', { exact: true }).waitFor();
    await expectAccessible(page);
    assert.ok(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll at 375 px',
    );
    assert.equal(
      (await ctx().db('taggings').where({ provider_id: user.id, tag_id: aetna }).first('search_enabled'))!
        .search_enabled,
      false,
    );
    await submit(page, page.getByRole('button', { name: 'Show me in searches for Aetna' }));
    await page.getByText('Clients searching the directory for Aetna will now find you.', { exact: false }).waitFor();
    assert.equal(
      (await ctx().db('taggings').where({ provider_id: user.id, tag_id: aetna }).first('search_enabled'))!
        .search_enabled,
      true,
    );
  });
});
