// General Information's licences as a provider with JavaScript off goes through them (issue 5 item 2): a new
// licence with two fields left out comes back with both messages beside its fields and what was typed, then
// is saved; axe-core on each page answered. Deleting through the confirmation page stays a browser flow with
// JavaScript off (test/e2e/general-information.spec.ts).
import assert from 'node:assert/strict';
import { expectAccessibleHtml } from '../support/accessible-html';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, signIn } from '../support/http';
import { open, redirected, rerendered, type ServedPage } from '../support/served-form';

const PAGE = '/profile/general-information';
const YEAR = new Date().getUTCFullYear();

/** The fieldset of one licence row, by its legend (as getByRole('group', { name })). */
function row(page: ServedPage, legend: string): HTMLFieldSetElement {
  const found = [...page.document.querySelectorAll('fieldset')].find(
    (f) => f.querySelector('legend')?.textContent?.trim() === legend,
  );
  assert.ok(found, `a group "${legend}" on ${page.path}`);
  return found;
}

describe('general information without JavaScript: a licence form with two errors', () => {
  it('comes back with "License Type is required" and "License Expiration Year is required" beside the fields, typed values kept; fixed, it saves', async () => {
    const user = await createProviderUser(ctx().db, {
      paid: true,
      providers: [{ type: 'individual', firstName: 'Robin', lastName: 'Hale' }],
    });
    const id = user.providerIds[0]!;
    await ctx()
      .db('licenses')
      .insert({
        provider_id: id,
        state: 'NJ',
        number: '44SC0612',
        license_type: 'LCSW',
        expiration: YEAR + 1,
        verification: 'Verified',
      });
    const client = agent();
    await signIn(client, user.email);
    const page = await open(client, PAGE);
    assert.equal(page.document.querySelector('h1')?.textContent, 'General Information');
    await expectAccessibleHtml(page.html, PAGE);

    const form = await page.follow(client, 'Edit Licensure');
    await expectAccessibleHtml(form.html, 'the licensure form');
    form.fill('License State', 'NY', row(form, 'New license 1'));
    form.fill('License Number', '084312', row(form, 'New license 1'));
    assert.equal(
      row(form, 'New license 1').form!.getAttribute('action'),
      `${PAGE}/licenses`,
      'the form posts to the licences',
    );
    const failed = rerendered(await form.submit(client, 'Save', { within: row(form, 'New license 1').form! }));
    const newRow = row(failed, 'New license 1');
    assert.match(newRow.textContent ?? '', /License Type is required/);
    assert.match(newRow.textContent ?? '', /License Expiration Year is required/);
    assert.equal(failed.field('License Number', newRow).value, '084312', 'what was typed is kept');
    assert.equal(failed.field('License State', newRow).value, 'NY');
    await expectAccessibleHtml(failed.html, 'the licensure form with its errors');

    failed.fill('License Type', 'LCSW', newRow);
    failed.fill('License Expiration Year', String(YEAR + 3), newRow);
    const saved = redirected(await failed.submit(client, 'Save', { within: newRow.form! }), PAGE);
    assert.ok(saved.text.includes('Your licenses have been updated!'));
    assert.match(
      saved.document.querySelector('#licensure')?.textContent ?? '',
      /Unverified[\s\S]*The team is checking this license/,
    );
    await expectAccessibleHtml(saved.html, 'General Information after saving the licences');
    const stored = await ctx().db('licenses').where({ provider_id: id, state: 'NY' }).first();
    assert.deepEqual(
      [stored!.number, stored!.license_type, stored!.expiration, stored!.verification],
      ['084312', 'LCSW', YEAR + 3, 'Unverified'],
    );
  });
});
