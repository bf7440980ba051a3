// /developer-tools (spec 3 §2, §3 "Developer tools hold", §7 developer-only calls): the ids of the user's
// account, the developer-only reads, the Private Pay Booster upgrade's preview at a proration date and
// its perform (own account with billing permission only, idempotent), and other accounts' ids (404).
import assert from 'node:assert/strict';
import { membershipOf } from '../support/billing';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, formBody, mainTextOf, signIn, tokenFor, type Agent } from '../support/http';

const db = () => ctx().db;
const TOOLS = '/developer-tools';
const PERFORM = '/developer-tools/reimbursify-upgrade';

async function signedIn(email: string): Promise<Agent> {
  const client = agent();
  await signIn(client, email);
  return client;
}

async function seatBasedOwner() {
  const setup = await membershipOf({ items: [['membership_monthly_v3', 1]] });
  return { ...setup, client: await signedIn(setup.user.email) };
}

const previewPath = (accountId: number, values: Record<string, string>) =>
  `${TOOLS}?${new URLSearchParams({ account_id: String(accountId), preview: '1', ...values }).toString()}`;

/** The perform form's hidden fields, as the preview rendered them. */
function performFields(html: string): Record<string, string> {
  const form = /<form[^>]*action="\/developer-tools\/reimbursify-upgrade"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  assert.ok(form, 'the perform form');
  return Object.fromEntries(
    [...form[1]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&amp;/g, '&'),
    ]),
  );
}

const reimbursifyItems = async (subscriptionId: string) =>
  db()('billing_subscription_items')
    .where({ subscription_id: subscriptionId })
    .where('lookup_key', 'like', 'private_pay_booster%');

describe('developer tools: the ids of the account (spec 3 §3)', () => {
  it('shows the customer id, the subscription id and the standalone account ids', async () => {
    const { user, customerId, subscriptionId, client } = await seatBasedOwner();
    const page = mainTextOf((await client.get(TOOLS).expect(200)).text);
    assert.match(page, new RegExp(`Ids of account ${user.accountId}`));
    assert.match(page, new RegExp(`Customer ids ${customerId} \\(primary\\)`));
    assert.match(page, new RegExp(`${subscriptionId} active, seat-based`));
    assert.match(page, /Standalone account id None/);
    assert.match(page, /Standalone Private Pay Booster account .*: No/);
    await db()('accounts').where({ id: user.accountId }).update({ standalone_practice_management: true });
    await db()('local_benefits_tool.accounts').insert({
      provider_id: user.providerIds[0],
      email: user.email,
      tier: 'pro',
      standalone: true,
    });
    const after = mainTextOf((await client.get(TOOLS).expect(200)).text);
    assert.match(after, new RegExp(`Standalone account id ${user.accountId}`));
    assert.match(after, /Standalone Private Pay Booster account .*: Yes/);
  });

  it("another account's id is not found (404), as is a malformed one; a user with no account sees no ids", async () => {
    const { client } = await seatBasedOwner();
    const other = await createProviderUser(db());
    await client.get(`${TOOLS}?account_id=${other.accountId}`).expect(404);
    await client.get(`${TOOLS}?account_id=abc`).expect(404);
    await client.get(previewPath(other.accountId, { new_tier: 'professional' })).expect(404);
    const loner = await createProviderUser(db(), { roles: [] });
    const page = mainTextOf((await (await signedIn(loner.email)).get(TOOLS).expect(200)).text);
    assert.match(page, /You hold no role on an account/);
  });
});

describe('developer tools: the developer-only reads (spec 3 §7)', () => {
  it("lists the account's conversations, upcoming appointments and clients", async () => {
    const { user, client } = await seatBasedOwner();
    const [client1] = await db()('users')
      .insert({
        email: `devtools-client-${Date.now()}@example.test`,
        first_name: 'Morgan',
        last_name: 'Reader',
        scopes: ['client'],
      })
      .returning('id');
    const [conversation] = await db()('conversations')
      .insert({ provider_id: user.providerIds[0], client_user_id: client1.id, last_message_at: new Date() })
      .returning('id');
    await db()('messages').insert({
      conversation_id: conversation.id,
      provider_id: user.providerIds[0],
      client_user_id: client1.id,
      sender: 'client',
      type: 'message',
      message_content: 'Hello there',
    });
    const soon = Date.now() + 2 * 86_400_000;
    await db()('appointments').insert({
      provider_id: user.providerIds[0],
      client_user_id: client1.id,
      start_time: new Date(soon),
      end_time: new Date(soon + 900_000),
    });
    const page = mainTextOf((await client.get(TOOLS).expect(200)).text);
    assert.match(page, /Conversations \(1\) .*Morgan Reader/);
    assert.match(page, /Upcoming appointments \(1\) .*Morgan Reader/);
    assert.match(page, /Clients \([1-9]\d*\) .*Morgan/);
  });
});

describe('developer tools: the Private Pay Booster upgrade (spec 3 §7)', () => {
  it('previews the upgrade at a proration date, then performs it once (idempotent)', async () => {
    const { user, customerId, subscriptionId, client } = await seatBasedOwner();
    const response = await client
      .get(
        previewPath(user.accountId, {
          customer_id: customerId,
          subscription_id: subscriptionId,
          new_tier: 'professional',
        }),
      )
      .expect(200);
    const page = mainTextOf(response.text);
    assert.match(page, /Proration date preview: \d{4}-\d{2}-\d{2}T/);
    assert.match(page, /Private Pay Booster Pro/);
    assert.match(page, /Total today \$\d+\.\d\d/);
    assert.equal((await reimbursifyItems(subscriptionId)).length, 0, 'a preview changes nothing');
    const fields = performFields(response.text);
    assert.equal(fields.new_tier, 'professional');
    assert.match(fields.attempt!, /^[0-9a-f-]{36}$/);
    // A double submit: both posts carry the preview's attempt, so the payments port gets one idempotency key and changes the subscription once.
    const invoicesBefore = Number(
      (await db()('billing_invoices').where({ customer_id: customerId }).count({ n: '*' }).first())?.n,
    );
    const [performed, twin] = await Promise.all(
      [1, 2].map(() => client.post(PERFORM).type('form').send(formBody(fields))),
    );
    assert.equal(performed!.status, 303, mainTextOf(performed!.text));
    assert.ok(
      twin!.status === 303 ||
        (twin!.status === 422 && /already has that Private Pay Booster tier/.test(mainTextOf(twin!.text))),
      `the twin: ${twin!.status}`,
    );
    assert.equal(performed!.headers.location, `${TOOLS}?account_id=${user.accountId}`);
    assert.match(
      mainTextOf((await client.get(performed!.headers.location!).expect(200)).text),
      /Successful payment! Thank you for upgrading Private Pay Booster!/,
    );
    assert.deepEqual(
      (await reimbursifyItems(subscriptionId)).map((i) => [i.lookup_key, i.quantity]),
      [['private_pay_booster_pro_monthly_v3', 1]],
    );
    const invoicesAfter = Number(
      (await db()('billing_invoices').where({ customer_id: customerId }).count({ n: '*' }).first())?.n,
    );
    assert.equal(invoicesAfter, invoicesBefore + 1, 'one proration invoice');
    // Later, the same form again: the subscription has Pro now, so nothing more is bought.
    const again = await client.post(PERFORM).type('form').send(formBody(fields));
    assert.equal(again.status, 422);
    assert.match(mainTextOf(again.text), /This subscription already has that Private Pay Booster tier\./);
  });

  it('bad fields come back next to their inputs; a perform without a preview is refused', async () => {
    const { user, customerId, subscriptionId, client } = await seatBasedOwner();
    const page = mainTextOf(
      (
        await client
          .get(
            previewPath(user.accountId, {
              customer_id: 'cus_nothere',
              subscription_id: subscriptionId,
              new_tier: 'gold',
              coupon: 'NOPE',
              proration_date: '2026-13-45',
            }),
          )
          .expect(200)
      ).text,
    );
    assert.match(page, /Choose one of this account's customers\./);
    assert.match(page, /Choose a live subscription of that customer\./);
    assert.match(page, /Choose professional or premium\./);
    assert.match(page, /Sorry this coupon is not valid or has expired\./);
    assert.match(page, /Enter the proration date as YYYY-MM-DD\./);
    const _csrf = await tokenFor(client, TOOLS);
    const refused = await client
      .post(PERFORM)
      .type('form')
      .send(
        formBody({
          _csrf,
          account_id: user.accountId,
          customer_id: customerId,
          subscription_id: subscriptionId,
          new_tier: 'professional',
        }),
      );
    assert.equal(refused.status, 422);
    assert.match(mainTextOf(refused.text), /Preview the upgrade again before performing it\./);
    assert.equal((await reimbursifyItems(subscriptionId)).length, 0);
  });

  it("is read-only on an account where the user may not manage billing: no perform button, and a perform is refused (403); another account's: 404", async () => {
    const { user, customerId, subscriptionId, client: ownerClient } = await seatBasedOwner();
    const coordinator = await createProviderUser(db());
    await db()('account_roles').insert({
      user_id: coordinator.userId,
      account_id: user.accountId,
      role: 'intake-coordinator',
    });
    const client = await signedIn(coordinator.email);
    const response = await client
      .get(
        previewPath(user.accountId, {
          customer_id: customerId,
          subscription_id: subscriptionId,
          new_tier: 'professional',
        }),
      )
      .expect(200);
    assert.match(
      mainTextOf(response.text),
      /Read-only: only the account's owner or billing manager may perform the upgrade\./,
    );
    assert.doesNotMatch(response.text, /action="\/developer-tools\/reimbursify-upgrade"/);
    // The owner's own preview, replayed by the coordinator: refused.
    const fields = performFields(
      (
        await ownerClient
          .get(
            previewPath(user.accountId, {
              customer_id: customerId,
              subscription_id: subscriptionId,
              new_tier: 'professional',
            }),
          )
          .expect(200)
      ).text,
    );
    const _csrf = await tokenFor(client, TOOLS);
    assert.equal(
      (
        await client
          .post(PERFORM)
          .type('form')
          .send(formBody({ ...fields, _csrf }))
      ).status,
      403,
    );
    const stranger = await createProviderUser(db());
    const strangerClient = await signedIn(stranger.email);
    assert.equal(
      (
        await strangerClient
          .post(PERFORM)
          .type('form')
          .send(formBody({ ...fields, _csrf: await tokenFor(strangerClient, TOOLS) }))
      ).status,
      404,
    );
    assert.equal((await reimbursifyItems(subscriptionId)).length, 0, 'nothing was bought');
  });

  it("the proration date is bounded to the subscription's current period, typed or carried from the preview", async () => {
    const { user, customerId, subscriptionId, client } = await seatBasedOwner();
    const period = /\((\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})\)/;
    const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    for (const date of [dayFromNow(200), dayFromNow(-30)]) {
      const page = mainTextOf(
        (
          await client
            .get(
              previewPath(user.accountId, {
                customer_id: customerId,
                subscription_id: subscriptionId,
                new_tier: 'professional',
                proration_date: date,
              }),
            )
            .expect(200)
        ).text,
      );
      assert.match(page, /Choose a proration date within the subscription's current billing period/, date);
      assert.doesNotMatch(page, /Proration date preview/, date);
    }
    // A preview's carried instant moved outside the period (the hidden field is the browser's to change): refused, nothing bought.
    const fields = performFields(
      (
        await client
          .get(
            previewPath(user.accountId, {
              customer_id: customerId,
              subscription_id: subscriptionId,
              new_tier: 'professional',
            }),
          )
          .expect(200)
      ).text,
    );
    const _csrf = await tokenFor(client, TOOLS);
    for (const days of [300, -60]) {
      const forged = { ...fields, _csrf, proration_at: String(Math.floor(Date.now() / 1000) + days * 86_400) };
      const refused = await client.post(PERFORM).type('form').send(formBody(forged));
      assert.equal(refused.status, 422, `${days} days`);
      assert.match(mainTextOf(refused.text), period);
    }
    assert.equal((await reimbursifyItems(subscriptionId)).length, 0, 'nothing was bought');
    // The preview's own instant is inside the period: performed.
    assert.equal(
      (
        await client
          .post(PERFORM)
          .type('form')
          .send(formBody({ ...fields, _csrf }))
      ).status,
      303,
    );
  });

  it('the standalone-account check applies to the perform too', async () => {
    const { user, customerId, subscriptionId, client } = await seatBasedOwner();
    const fields = performFields(
      (
        await client
          .get(
            previewPath(user.accountId, {
              customer_id: customerId,
              subscription_id: subscriptionId,
              new_tier: 'premium',
            }),
          )
          .expect(200)
      ).text,
    );
    await db()('local_benefits_tool.accounts').insert({
      provider_id: user.providerIds[0],
      email: user.email,
      tier: 'pro',
      standalone: true,
    });
    const refused = await client
      .post(PERFORM)
      .type('form')
      .send(formBody({ ...fields, _csrf: await tokenFor(client, TOOLS) }));
    assert.equal(refused.status, 422);
    assert.match(mainTextOf(refused.text), /You already have a Private Pay Booster account of your own/);
    assert.equal((await reimbursifyItems(subscriptionId)).length, 0);
  });
});
