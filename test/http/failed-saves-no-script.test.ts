// A failed save of a profile section without JavaScript, as a form round trip (issue [14] item 1, spec 2
// §8): PostgreSQL refuses the write (a trigger made by the test), and the section comes back with the
// pronouns typed, "Other" still chosen, the spec's flash, and no accessibility violation on that page.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessibleHtml } from '../support/accessible-html';
import { agent, postForm, signIn, textOf } from '../support/http';

/** Makes PostgreSQL refuse every update of `table` until the returned function is called. */
async function refuseUpdates(table: string): Promise<() => Promise<void>> {
  const db = ctx().db;
  await db.raw(
    `CREATE OR REPLACE FUNCTION failed_saves_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the failed-saves test'; END $$`,
  );
  await db.raw(
    `CREATE TRIGGER failed_saves_refuse BEFORE UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION failed_saves_refuse()`,
  );
  return async () => {
    await db.raw(`DROP TRIGGER IF EXISTS failed_saves_refuse ON ${table}`);
  };
}

describe('a failed save without JavaScript keeps what was typed', function () {
  this.timeout(120_000); // axe-core in jsdom takes seconds a page on a loaded machine
  it('a profile section: the pronouns typed are kept with "There was an error updating your profile."', async () => {
    const user = await createProviderUser(ctx().db, { paid: true, providers: [{ type: 'individual' }] });
    const client = agent();
    await signIn(client, user.email);
    const form = '/profile/general-information?edit=pronouns';
    assert.match((await client.get(form).expect(200)).text, /name="pronouns_other"/, 'the pronouns form is open');

    const release = await refuseUpdates('providers');
    let html: string;
    try {
      html = (
        await postForm(client, form, '/profile/general-information/pronouns', {
          pronouns: 'Other',
          pronouns_other: 'ze/zir',
        })
      ).text;
    } finally {
      await release();
    }
    const flash = /class="flash flash--error"[^>]*>([\s\S]*?)<\/(?:div|p|li)>/.exec(html);
    assert.ok(
      flash && textOf(flash[1]!).includes('There was an error updating your profile.'),
      'the error flash is shown',
    );
    const input = (name: string, value?: string) =>
      [...html.matchAll(/<input\b[^>]*>/g)]
        .map((m) => m[0])
        .find((tag) => tag.includes(`name="${name}"`) && (value === undefined || tag.includes(`value="${value}"`)));
    assert.match(input('pronouns_other') ?? '', /value="ze\/zir"/, 'the typed pronouns are kept');
    assert.match(input('pronouns', 'Other') ?? '', /checked=""/, '"Other" stays chosen');
    await expectAccessibleHtml(html, 'the pronouns section after the failed save');
  });
});
