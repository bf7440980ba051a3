// The local card server answers each request all or nothing, as Stripe does: a request that fails (or
// whose process dies) half-way leaves none of its writes, and its events are delivered only once kept.
import assert from 'node:assert/strict';
import { LocalStore, newId } from '../../server/integrations/payments/local-stripe/store';
import { ctx } from '../support/context';

describe('local card server: one request, one transaction', () => {
  it("a failure half-way keeps none of the request's writes; a success keeps them all", async () => {
    const store = new LocalStore(ctx().db);
    const charge = { id: newId('ch'), object: 'charge', customer: 'cus_atomic', status: 'succeeded' };
    const subscription = { id: newId('sub'), object: 'subscription', customer: 'cus_atomic', status: 'active' };
    await assert.rejects(
      store.atomically(async () => {
        await store.put(charge);
        throw new Error('the process died before the subscription was written');
      }),
    );
    assert.equal(await store.get(charge.id), null);

    await store.atomically(async () => {
      await store.put(charge);
      await store.put(subscription);
    });
    assert.equal((await store.get(charge.id))?.status, 'succeeded');
    assert.equal((await store.get(subscription.id))?.status, 'active');
  });

  it('what waits for the commit runs after it, and not at all after a rollback', async () => {
    const store = new LocalStore(ctx().db);
    const seen: string[] = [];
    await store.atomically(async () => {
      store.afterCommit(() => seen.push('committed'));
      assert.deepEqual(seen, [], 'not before the commit');
    });
    await assert.rejects(
      store.atomically(async () => {
        store.afterCommit(() => seen.push('rolled back'));
        throw new Error('refused');
      }),
    );
    assert.deepEqual(seen, ['committed']);
  });
});
