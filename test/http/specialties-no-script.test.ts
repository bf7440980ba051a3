// Specialties and Clientele & Approach with JavaScript off, as form round trips (issue 5 item 5): the
// general expertise filter box (a GET form) and deleting a custom approach through its confirmation page,
// with axe-core on the pages a person sees. Picking past the maximum stays a JavaScript-off browser flow
// and the confirm dialog a JavaScript one (test/e2e/specialties.spec.ts).
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessibleHtml } from '../support/accessible-html';
import { agent, mainTextOf, postForm, signIn } from '../support/http';

async function signedIn() {
  const user = await createProviderUser(ctx().db, { paid: true });
  const client = agent();
  await signIn(client, user.email);
  return { client, id: user.providerIds[0]! };
}

const customApproaches = async (id: number) =>
  (jsonObject((await ctx().db('providers').where({ id }).first('custom_content'))!.custom_content).custom_approaches ??
    []) as {
    name: string;
  }[];

/** Whether the page offers a checkbox labelled exactly `name`. */
const offers = (html: string, name: string) => new RegExp(`<label for="[^"]+">${name}</label>`).test(html);

describe('specialties without JavaScript: the filter box', function () {
  this.timeout(120_000); // axe-core in jsdom takes seconds a page on a loaded machine
  it('narrows the list, and says so when nothing matches', async () => {
    const { client } = await signedIn();
    const narrowed = (await client.get('/profile/specialties?edit=general-expertise&q=anx').expect(200)).text;
    assert.ok(offers(narrowed, 'Social Anxiety'), 'Social Anxiety is offered');
    assert.ok(!offers(narrowed, 'Depression'), 'Depression is filtered out');
    assert.match(mainTextOf(narrowed), /Filter general expertise/);

    const none = (
      await client
        .get(`/profile/specialties?edit=general-expertise&q=${encodeURIComponent('no such specialty')}`)
        .expect(200)
    ).text;
    assert.match(mainTextOf(none), /No results! Please search again\.\.\./);
    await expectAccessibleHtml(none, 'the general expertise filter with no results');
  });
});

describe('clientele & approach without JavaScript: deleting a custom approach', function () {
  this.timeout(120_000); // axe-core in jsdom takes seconds a page on a loaded machine
  it('asks on a confirmation page, then deletes with the flash', async () => {
    const { client, id } = await signedIn();
    await ctx()
      .db('providers')
      .where({ id })
      .update({
        custom_content: JSON.stringify({
          custom_approaches: [{ id: 'aaaaaaaaaaaa', name: 'Nature-based', description: 'Ecotherapy in local parks.' }],
        }),
      });
    const page = (await client.get('/profile/clientele-approach').expect(200)).text;
    assert.match(mainTextOf(page), /Delete Nature-based/, 'the delete button names its entry');

    const ask = await postForm(
      client,
      '/profile/clientele-approach',
      '/profile/clientele-approach/custom-approaches/aaaaaaaaaaaa/delete',
      {},
    );
    assert.match(mainTextOf(ask.text), /Are you sure you'd like to delete this custom approach\?/);
    await expectAccessibleHtml(ask.text, 'the delete confirmation page');
    assert.equal((await customApproaches(id)).length, 1);

    const done = await postForm(
      client,
      '/profile/clientele-approach',
      '/profile/clientele-approach/custom-approaches/aaaaaaaaaaaa/delete',
      { confirmed: '1' },
    );
    assert.equal(done.status, 303);
    assert.match(
      mainTextOf((await client.get(done.headers.location!).expect(200)).text),
      /Your custom approach has been deleted!/,
    );
    assert.deepEqual(await customApproaches(id), []);
  });
});
