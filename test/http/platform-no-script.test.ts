// The portal shell as a browser with JavaScript off uses it: the side menu's toggle is a plain form post,
// and the choice is remembered on the next pages. (That the collapsed menu is hidden by the style sheet is
// seen in the browser test of the same toggle with JavaScript.)
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, signIn } from '../support/http';
import { open, redirected } from '../support/served-form';

const collapsed = (html: string) => /<body\b[^>]*class="[^"]*\bmenu-collapsed\b/.test(html);

describe('the side menu without JavaScript', () => {
  it('collapses through a form post and stays collapsed on the next page', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    const home = await open(client, '/');
    assert.ok(home.has('#side-menu'));
    assert.equal(collapsed(home.html), false, 'shown at first');
    const toggle = home.button('Show or hide the menu');
    assert.equal(toggle.getAttribute('aria-expanded'), 'true');

    const after = redirected(await home.submit(client, 'Show or hide the menu'), '/');
    assert.equal(collapsed(after.html), true);
    assert.equal(after.button('Show or hide the menu').getAttribute('aria-expanded'), 'false');
    assert.equal(collapsed((await open(client, '/profile/specialties')).html), true, 'the choice is remembered');
  });
});
