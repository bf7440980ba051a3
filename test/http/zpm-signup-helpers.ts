// A visitor's way through /zpm-signup up to the payment step, for the sign-up, payment throttle and kill tests.
import assert from 'node:assert/strict';
import { billedAccount, PAYMENT_ADDRESS } from '../support/billing';
import { ctx } from '../support/context';
import { type Agent, agent, csrfFrom, formBody } from '../support/http';

export const CLINIC = { clinic_id: 'clinic-abc123', url: 'https://calm-waters.practice.example.com' };

/** Where the EHR's form sends the visitor back with its new clinic. */
export const startQuery = (clinic: Record<string, string> = CLINIC) =>
  `/zpm-signup?${new URLSearchParams(clinic).toString()}`;

/** Posts "Your details" from `client`, with the token of a start page it fetches first. */
export async function createStandaloneAccount(
  client: Agent,
  details: { first_name: string; last_name: string; email: string },
) {
  const start = await client.get(startQuery()).expect(200);
  return client
    .post('/zpm-signup/create-standalone-account')
    .type('form')
    .send(formBody({ _csrf: csrfFrom(start.text), ...CLINIC, variant: 'page', ...details, website: '' }));
}

/** A new browser that made the standalone account: at the payment step, with `card` saved (none if false). */
export async function atPayment(
  details: { first_name: string; last_name: string; email: string },
  card: string | false = 'pm_card_visa',
) {
  const client = agent();
  const made = await createStandaloneAccount(client, details);
  assert.equal(made.status, 303);
  assert.equal(made.headers.location, '/zpm-signup/pay');
  const signup = await ctx().db('zpm_signups').orderBy('created_at', 'desc').first();
  const accountId = Number(signup!.account_id);
  if (card) await billedAccount(accountId, [], { card, membership: null });
  return { client, accountId, signupId: signup!.id as string };
}

/** The payment page for a plan, and the saved card it offers. */
export async function payPage(client: Agent, query = 'zpm_tier=pro&quantity=1') {
  const page = await client.get(`/zpm-signup/pay?${query}`).expect(200);
  return { page, card: /id="source-(pm_[A-Za-z0-9]+)"/.exec(page.text)?.[1] };
}

/** The payment form's fields (without its token). */
export const payBody = (
  card: string,
  plan: Record<string, string> = { zpm_tier: 'pro', quantity: '1', coupon: '' },
) => ({
  ...plan,
  source: card,
  ...PAYMENT_ADDRESS,
  website: '',
});
