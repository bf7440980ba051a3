// Plan Management's billing history a page at a time (issue [18], "any size"): it grows with every
// renewal, so the database pages it, 20 entries a page, newest first, with plain links.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, signIn, textOf } from '../support/http';
import { billedAccount } from '../support/billing';

const DAY_MS = 24 * 3600 * 1000;
const START = Date.UTC(2025, 0, 1);
const dayOf = (n: number) => new Date(START + n * DAY_MS);

/**
 * An account whose mirror holds 30 invoices, one a day from Jan 2 2025 (the 10th void and the 20th a
 * draft, which are never shown), and three charges: one that paid the 5th invoice (shown as the invoice),
 * one refunded in full, one for a photo shoot. 28 invoices + 2 charges = 30 entries: pages of 20 and 10.
 */
async function accountWithLongHistory() {
  const user = await createProviderUser(ctx().db);
  const { customerId } = await billedAccount(user.accountId, user.providerIds, { card: null, membership: null });
  const { db } = ctx();
  await db('billing_invoices').insert(
    Array.from({ length: 30 }, (_, i) => {
      const n = i + 1;
      return {
        id: `in_hist${user.accountId}x${String(n).padStart(2, '0')}`,
        customer_id: customerId,
        number: `H-${n}`,
        status: n === 10 ? 'void' : n === 20 ? 'draft' : 'paid',
        amount_due: 5900 + n,
        total: 5900 + n,
        created_at: dayOf(n),
        paid_at: n === 10 || n === 20 ? null : dayOf(n),
        payment_intents: n === 5 ? [`pi_hist${user.accountId}`] : [],
        description: `Renewal ${n}`,
      };
    }),
  );
  await db('billing_charges').insert([
    {
      id: `ch_hist${user.accountId}a`,
      customer_id: customerId,
      payment_intent: `pi_hist${user.accountId}`,
      amount: 5905,
      status: 'succeeded',
      created_at: dayOf(5),
    },
    {
      id: `ch_hist${user.accountId}b`,
      customer_id: customerId,
      amount: 8000,
      amount_refunded: 8000,
      status: 'succeeded',
      description: 'Remote photo shoot',
      created_at: dayOf(31),
    },
    {
      id: `ch_hist${user.accountId}c`,
      customer_id: customerId,
      amount: 20000,
      status: 'succeeded',
      description: 'In-person photo shoot',
      created_at: dayOf(12),
    },
  ]);
  const client = agent();
  await signIn(client, user.email);
  return { client };
}

/** The history table's descriptions, in order. */
const descriptionsOf = (html: string) => {
  const table = /<table[^>]*>[\s\S]*?Invoices and payments[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
  return [...table.matchAll(/<td[^>]*>(Renewal \d+|[A-Z][a-z-]+ photo shoot)<\/td>/g)].map((m) => m[1]);
};

describe('Plan Management: the billing history, a page at a time', () => {
  it('shows the newest 20 entries, then the next page by a plain link; void, draft and invoice-paying charges are left out', async () => {
    const { client } = await accountWithLongHistory();
    const first = (await client.get('/plan-management').expect(200)).text;
    const firstPage = descriptionsOf(first);
    // Newest first: the refunded shoot (day 31), renewals 30 to 21 but the draft 20, then 19 … 13 and day 12.
    assert.deepEqual(firstPage, [
      'Remote photo shoot',
      ...[30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 19, 18, 17, 16, 15, 14, 13].map((n) => `Renewal ${n}`),
      // Day 12 has an invoice and a charge: the same day is ordered by id, newest-looking first (in_ > ch_).
      'Renewal 12',
      'In-person photo shoot',
    ]);
    assert.match(textOf(first), /Page 1 of 2/);
    assert.match(textOf(first), /Remote photo shoot \$80\.00 \( ?\$80\.00 refunded\) Refunded/);
    assert.match(first, /href="\/plan-management\?history_page=2#billing-history"/);

    const second = (await client.get('/plan-management?history_page=2').expect(200)).text;
    assert.deepEqual(
      descriptionsOf(second),
      [11, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((n) => `Renewal ${n}`),
    );
    assert.match(textOf(second), /Page 2 of 2/);
  });

  it('a page number that is not one shows the nearest page, never an error', async () => {
    const { client } = await accountWithLongHistory();
    assert.match(textOf((await client.get('/plan-management?history_page=abc').expect(200)).text), /Page 1 of 2/);
    assert.match(textOf((await client.get('/plan-management?history_page=99').expect(200)).text), /Page 2 of 2/);
    assert.match(textOf((await client.get('/plan-management?history_page=-3').expect(200)).text), /Page 1 of 2/);
  });
});
