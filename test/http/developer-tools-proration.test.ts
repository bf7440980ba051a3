// Developer tools' Private Pay Booster upgrade (issue [17], "proration_date is ignored: in developer tools
// the preview said $19.51, then $29.00 was charged"): the preview at a proration date later in the period
// and the invoice the perform makes are the same cents, as Stripe charges a change with the previewed
// proration_date exactly as previewed (https://docs.stripe.com/billing/subscriptions/prorations#preview-proration).
import assert from 'node:assert/strict';
import { gateway, membershipOf } from '../support/billing';
import { ctx } from '../support/context';
import { agent, formBody, mainTextOf, signIn, tokenFor } from '../support/http';

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

describe('developer tools: the upgrade is charged as previewed at its proration date', () => {
  it('a preview ten days ahead shows less than a whole month, and the invoice is that amount', async () => {
    const { user, customerId, subscriptionId } = await membershipOf({ items: [['membership_monthly_v3', 1]] });
    const client = agent();
    await signIn(client, user.email);
    const date = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const path = `/developer-tools?${new URLSearchParams({
      account_id: String(user.accountId),
      preview: '1',
      customer_id: customerId,
      subscription_id: subscriptionId,
      new_tier: 'professional',
      proration_date: date,
    })}`;
    const html = (await client.get(path).expect(200)).text;
    const shown = /Total today \$(\d+)\.(\d{2})/.exec(mainTextOf(html));
    assert.ok(shown, 'the preview shows a total');
    const previewed = Number(shown[1]) * 100 + Number(shown[2]);
    // Ten days into a period of 28 to 31 days, the rest of a $29.00 month is well under $29.00.
    assert.ok(previewed > 0 && previewed < 2900, `previewed ${previewed}`);
    const performed = await client
      .post('/developer-tools/reimbursify-upgrade')
      .type('form')
      .send(formBody({ ...performFields(html), _csrf: await tokenFor(client, '/developer-tools') }));
    assert.equal(performed.status, 303);
    const invoices = await gateway().invoicesOf(customerId);
    const upgrade = invoices.find((invoice) => invoice.billing_reason === 'subscription_update');
    assert.ok(upgrade, 'the upgrade made an invoice');
    assert.deepEqual([upgrade.total, upgrade.amount_paid, upgrade.status], [previewed, previewed, 'paid']);
    assert.equal(
      (await ctx().db('billing_subscriptions').where({ id: subscriptionId }).first('status'))!.status,
      'active',
    );
  });
});
