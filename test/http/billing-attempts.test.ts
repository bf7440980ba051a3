// Payment attempts (server/domain/billing/attempts.ts): one payment per attempt, however many posts
// arrive, and no database lock or transaction held while the card processor is asked (issue [18] item 12).
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { ATTEMPT_LEASE_SECONDS, openAttempt, settleAttempt, type AttemptOwner } from '../../server/domain/billing';

async function owner(): Promise<AttemptOwner> {
  const user = await createProviderUser(ctx().db);
  return { accountId: user.accountId, mode: 'subscribe', providerId: user.providerIds[0]!, subscriptionId: null };
}

/** A promise and the function that settles it, to hold a payment "at the card processor" while the test looks. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('payment attempts: one payment per attempt, nothing locked while paying', () => {
  it('holds no row lock while the card processor is asked: another session can lock the attempt at once', async () => {
    const { db } = ctx();
    const form = await owner();
    const attempt = await openAttempt(db, form);
    const outcome = await settleAttempt(db, form, attempt.id, async () => {
      // The old settle held `select … for update` in a transaction around this call: NOWAIT failed here.
      await db.transaction(async (trx) => {
        const row = (await trx('billing_attempts').where({ id: attempt.id }).forUpdate().noWait().first('id'))!;
        assert.equal(row?.id, attempt.id);
      });
      return { redirect: '/done', flash: 'Paid', done: true };
    });
    assert.deepEqual(outcome, { redirect: '/done', flash: 'Paid' });
  });

  it('a second post while the first is paying waits for it, then replays its outcome without paying again', async () => {
    const { db } = ctx();
    const form = await owner();
    const attempt = await openAttempt(db, form);
    let payments = 0;
    const paying = gate();
    const started = gate();
    const first = settleAttempt(db, form, attempt.id, async () => {
      payments += 1;
      started.open();
      await paying.opened;
      return { redirect: '/first', flash: 'Once', done: true };
    });
    await started.opened;
    let secondDone = false;
    const second = settleAttempt(db, form, attempt.id, async () => {
      payments += 1;
      return { redirect: '/second', done: true };
    }).then((outcome) => {
      secondDone = true;
      return outcome;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.equal(secondDone, false, 'the second post waits while the first is at the card processor');
    paying.open();
    assert.deepEqual(await first, { redirect: '/first', flash: 'Once' });
    assert.deepEqual(await second, { redirect: '/first', flash: 'Once' });
    assert.equal(payments, 1);
  });

  it('a post that failed or went to a hosted page lets go: the next post runs again', async () => {
    const { db } = ctx();
    const form = await owner();
    const attempt = await openAttempt(db, form);
    await assert.rejects(
      settleAttempt(db, form, attempt.id, async () => {
        throw new Error('card declined');
      }),
      /card declined/,
    );
    assert.deepEqual(
      await settleAttempt(db, form, attempt.id, async () => ({ redirect: 'https://hosted.example/pay', done: false })),
      { redirect: 'https://hosted.example/pay', flash: null },
    );
    assert.deepEqual(await settleAttempt(db, form, attempt.id, async () => ({ redirect: '/paid', done: true })), {
      redirect: '/paid',
      flash: null,
    });
    const row = (await db('billing_attempts').where({ id: attempt.id }).first())!;
    assert.ok(row.completed_at);
    assert.equal(row.outcome_path, '/paid');
  });

  it('a claim whose post died is taken over after its lease (the idempotency keys replay what it did)', async () => {
    const { db } = ctx();
    const form = await owner();
    const attempt = await openAttempt(db, form);
    await db('billing_attempts')
      .where({ id: attempt.id })
      .update({
        claim: '00000000-0000-4000-8000-000000000000',
        claimed_at: db.raw('now() - make_interval(secs => ?)', [ATTEMPT_LEASE_SECONDS + 5]),
      });
    assert.deepEqual(await settleAttempt(db, form, attempt.id, async () => ({ redirect: '/retried', done: true })), {
      redirect: '/retried',
      flash: null,
    });
  });

  it("another form's attempt, or none, is expired and pays nothing", async () => {
    const { db } = ctx();
    const form = await owner();
    const attempt = await openAttempt(db, form);
    const refuse = async () => {
      throw new Error('must not pay');
    };
    assert.equal(await settleAttempt(db, { ...form, mode: 'add-seat' }, attempt.id, refuse), 'expired');
    assert.equal(
      await settleAttempt(db, { ...form, accountId: form.accountId + 100000 }, attempt.id, refuse),
      'expired',
    );
    assert.equal(await settleAttempt(db, form, 'not-a-uuid', refuse), 'expired');
  });
});
