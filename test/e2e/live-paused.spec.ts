// A live view that cannot be had is said (issue [19] item 12): when every live place of the user is taken
// (other tabs of a shared login), the open thread says "Live updates paused" and polls; Resume connects again
// once a place is free, and new messages then arrive live.
import assert from 'node:assert/strict';
import { receiveClientMessage } from '../../server/domain/messaging';
import { STREAMS_PER_USER } from '../../server/http/event-stream';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, useBrowser } from '../support/browser';

const clientWrites = (providerId: number, content: string) =>
  receiveClientMessage(ctx().db, ctx().integrations.jobs, {
    providerId,
    client: { email: 'casey.paused@example.test', firstName: 'Casey', lastName: 'Client', phone: '+12125550142' },
    content,
    type: 'message',
    now: new Date(),
  });

describe('browser: a paused live view says so', function () {
  this.timeout(120_000);
  const session = useBrowser();

  it('every live place taken: the thread says the live view is paused; Resume brings it back', async () => {
    await ctx().changes.whenLive();
    const user = await createProviderUser(ctx().db, {
      paid: true,
      providers: [{ firstName: 'Dana', lastName: 'Rivera' }],
    });
    const providerId = user.providerIds[0]!;
    const { clientUserId } = await clientWrites(providerId, 'Hello, are you taking new clients?');
    // Other tabs of the same login hold every place.
    const places = await ctx()
      .db('live_streams')
      .insert(
        Array.from({ length: STREAMS_PER_USER }, () => ({
          user_id: user.userId,
          lease_until: new Date(Date.now() + 10 * 60_000),
        })),
      )
      .returning('id');

    const page = await session.newPage();
    page.setDefaultTimeout(30_000);
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page, user.userId);
    await page.goto(`/messages/${clientUserId}`);
    const paused = page.getByRole('status').filter({ hasText: 'Live updates paused' });
    await paused.waitFor();
    assert.match(await paused.innerText(), /checked every 10 seconds/);
    await expectAccessible(page);

    // A tab closes: Resume connects, the notice goes, and a new message arrives well within the 10 s polling.
    await ctx()
      .db('live_streams')
      .whereIn(
        'id',
        places.map((place: { id: number }) => place.id),
      )
      .del();
    await page.getByRole('button', { name: 'Resume live updates' }).click();
    await paused.waitFor({ state: 'detached' });
    await clientWrites(providerId, 'Saturday mornings would suit me.');
    await page.locator('.thread__text', { hasText: 'Saturday mornings would suit me.' }).waitFor({ timeout: 8000 });

    // The refused stream is the browser's one logged error here (the 429 this test set up); any other still fails.
    const refused = /status of 429 \(Too Many Requests\) \S+\/events\?after=\d+$/;
    const errors = session.pageErrors.splice(0);
    assert.ok(errors.some((error) => refused.test(error)));
    session.pageErrors.push(...errors.filter((error) => !refused.test(error)));
  });
});
