// Choose a Profile and switching (spec 1 §2 Choose a Profile, §4 Switching profiles, §9 sort order).
import assert from 'node:assert/strict';
import { cardTarget, sortProfiles, statusLabel } from '../../server/features/profiles/routes';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, tokenFor } from '../support/http';

describe('Choose a Profile', () => {
  it('sorts by status order (active, reviewing, incomplete, others, inactive) with the spec labels', () => {
    const list = ['inactive', 'pending', 'incomplete', 'active', 'reviewing'].map((status) => ({
      status,
      displayName: status,
    }));
    assert.deepEqual(
      sortProfiles(list).map((p) => p.status),
      ['active', 'reviewing', 'incomplete', 'pending', 'inactive'],
    );
    assert.equal(statusLabel('active'), 'Profile Live');
    assert.equal(statusLabel('reviewing'), 'Reviewing');
  });

  it('card links: messages when live, home when incomplete, the editor otherwise', () => {
    assert.equal(cardTarget('active').next, '/messages');
    assert.equal(cardTarget('incomplete').next, '/');
    assert.equal(cardTarget('reviewing').next, '/profile/general-information');
  });

  it('with exactly one profile it redirects home', async () => {
    const user = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    assert.equal((await client.get('/profiles').expect(303)).headers.location, '/');
  });

  it('lists only profiles with clinician access, inactive ones in their own group', async () => {
    const user = await createProviderUser(ctx().db, {
      providers: [
        { firstName: 'Ann', status: 'inactive' },
        { firstName: 'Ben', status: 'active' },
        { firstName: 'Cy', status: 'incomplete' },
      ],
    });
    const other = await createProviderUser(ctx().db, { providers: [{ firstName: 'Zed' }] });
    // Another profile of the same account without clinician access stays out of the list.
    await ctx().db('providers').insert({
      account_id: user.accountId,
      type: 'individual',
      status: 'active',
      first_name: 'Hidden',
      last_name: 'Person',
    });
    const client = agent();
    await signIn(client, user.email);
    const text = mainTextOf((await client.get('/profiles').expect(200)).text);
    assert.ok(text.indexOf('Ben Test1') < text.indexOf('Cy Test2'), 'active before incomplete');
    assert.match(text, /Inactive providers \(1\).*Ann Test/);
    assert.doesNotMatch(text, /Zed|Hidden Person/);
    void other;
  });

  it('searches by name and says so when nothing matches', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{ firstName: 'Ann' }, { firstName: 'Ben' }] });
    const client = agent();
    await signIn(client, user.email);
    const found = mainTextOf((await client.get('/profiles?q=ben').expect(200)).text);
    assert.match(found, /Ben Test1/);
    assert.doesNotMatch(found, /Ann Test/);
    assert.match(
      mainTextOf((await client.get('/profiles?q=nobody').expect(200)).text),
      /No results! Please search again\.\.\./,
    );
  });

  it("switching flashes You've switched to {name}'s profile, goes to the card's page and is remembered", async () => {
    const user = await createProviderUser(ctx().db, {
      providers: [{ firstName: 'Ann' }, { firstName: 'Ben', status: 'reviewing' }],
    });
    const client = agent();
    await signIn(client, user.email);
    const _csrf = await tokenFor(client, '/profiles');
    const response = await client
      .post(`/profiles/${user.providerIds[1]}/selection`)
      .type('form')
      .send({ _csrf, next: '/profile/general-information' })
      .expect(303);
    assert.equal(response.headers.location, '/profile/general-information');
    const home = mainTextOf((await client.get('/').expect(200)).text);
    assert.match(home, /You've switched to Ben Test1's profile/);
    assert.match(home, /, Ben!/);
    const fresh = agent();
    await signIn(fresh, user.email);
    assert.match(mainTextOf((await fresh.get('/').expect(200)).text), /, Ben!/, 'remembered for the next sign-in');
  });

  it('cannot switch to a profile of another account (404) and ignores outside targets', async () => {
    const user = await createProviderUser(ctx().db, { providers: [{}, {}] });
    const other = await createProviderUser(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    const _csrf = await tokenFor(client, '/profiles');
    await client.post(`/profiles/${other.providerIds[0]}/selection`).type('form').send({ _csrf }).expect(404);
    const response = await client
      .post(`/profiles/${user.providerIds[1]}/selection`)
      .type('form')
      .send({ _csrf, next: 'https://evil.example' })
      .expect(303);
    assert.equal(response.headers.location, '/');
  });

  it('shows 20 profiles a page, the search kept in the page links', async () => {
    const user = await createProviderUser(ctx().db, {
      providers: Array.from({ length: 23 }, (_, i) => ({ firstName: `P${String(i + 1).padStart(2, '0')}` })),
    });
    const client = agent();
    await signIn(client, user.email);
    const first = (await client.get('/profiles').expect(200)).text;
    assert.equal((first.match(/\/selection"/g) ?? []).length, 20);
    assert.match(mainTextOf(first), /Page 1 of 2/);
    assert.match(first, /href="\/profiles\?page=2" rel="next"/);
    const second = (await client.get('/profiles?page=2').expect(200)).text;
    assert.equal((second.match(/\/selection"/g) ?? []).length, 3);
    assert.match(mainTextOf(second), /P21 Test20.*P23 Test22/);
    // Out-of-range pages show the nearest page; a search narrows the pages and stays in their links.
    assert.match(mainTextOf((await client.get('/profiles?page=9').expect(200)).text), /Page 2 of 2/);
    assert.match(mainTextOf((await client.get('/profiles?q=P0&page=abc').expect(200)).text), /P09 Test8/);
    const searched = (await client.get('/profiles?q=P').expect(200)).text;
    assert.match(searched, /href="\/profiles\?q=P&amp;page=2"/);
  });
});
