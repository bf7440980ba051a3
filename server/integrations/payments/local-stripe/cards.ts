// Stripe's test cards, as the local server understands them (https://docs.stripe.com/testing):
// 4242… always succeeds; 4000 0000 0000 0002 is declined when it is set up or charged; 4000 0000 0000 0341
// attaches fine and is declined when charged (the "fails later" card). Any other number that passes the
// Luhn check behaves as 4242.
import crypto from 'node:crypto';
import type Stripe from 'stripe';

export type CardBehaviour = 'succeeds' | 'declined' | 'declines-charges';

export class CardError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly declineCode?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

export const DECLINED = 'Your card was declined.';

const BEHAVIOURS: Record<string, CardBehaviour> = {
  '4000000000000002': 'declined',
  '4000000000000341': 'declines-charges',
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const brandOf = (digits: string) =>
  digits.startsWith('4')
    ? 'visa'
    : /^5[1-5]|^2[2-7]/.test(digits)
      ? 'mastercard'
      : /^3[47]/.test(digits)
        ? 'amex'
        : /^6(011|5)/.test(digits)
          ? 'discover'
          : 'unknown';

/** A payment method's `card` as Stripe shows it, and (kept by the server only) how the test card behaves. */
export type CardDetails = Stripe.PaymentMethod.Card & { behaviour: CardBehaviour };

/** Checks a card as Stripe does when a payment method is created: number, expiry and CVC. */
export function readCard(
  input: { number?: unknown; exp_month?: unknown; exp_year?: unknown; cvc?: unknown },
  now: Date,
): CardDetails {
  const digits = String(input.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits))
    throw new CardError('incorrect_number', 'Your card number is incorrect.', undefined, 'card[number]');
  const month = Number(input.exp_month);
  let year = Number(input.exp_year);
  if (year < 100) year += 2000;
  if (!Number.isInteger(month) || month < 1 || month > 12)
    throw new CardError(
      'invalid_expiry_month',
      "Your card's expiration month is invalid.",
      undefined,
      'card[exp_month]',
    );
  if (!Number.isInteger(year) || year < now.getUTCFullYear() || year > now.getUTCFullYear() + 50)
    throw new CardError('invalid_expiry_year', "Your card's expiration year is invalid.", undefined, 'card[exp_year]');
  if (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
    throw new CardError('expired_card', 'Your card has expired.', undefined, 'card[exp_month]');
  if (input.cvc !== undefined && input.cvc !== '' && !/^\d{3,4}$/.test(String(input.cvc)))
    throw new CardError('invalid_cvc', "Your card's security code is invalid.", undefined, 'card[cvc]');
  const brand = brandOf(digits);
  return {
    brand,
    // A card typed in: no checks run yet, no wallet, no 3D Secure, credit, the brand's network only.
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: null },
    display_brand: brand,
    funding: 'credit',
    generated_from: null,
    networks: { available: [brand], preferred: null },
    regulated_status: 'unregulated',
    three_d_secure_usage: { supported: true },
    wallet: null,
    last4: digits.slice(-4),
    exp_month: month,
    exp_year: year,
    country: 'US',
    // Stripe's fingerprint: the same number gives the same value within an account.
    fingerprint: crypto.createHash('sha256').update(`local-stripe:${digits}`).digest('base64url').slice(0, 16),
    behaviour: BEHAVIOURS[digits] ?? 'succeeds',
  };
}
