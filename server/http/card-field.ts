// The card field island's setup on a page that shows it (Plan Management, the payment form): its props,
// and this page's CSP opened to the card processor (Stripe.js and Stripe's frames, or the local card
// server), plus form-action for forms that are redirected to the processor's hosted pages.
import type { Request, Response } from 'express';
import type { Payments } from '../integrations/payments';
import { extendPolicy } from './security';
import type { CardFieldProps } from '../../islands/CardField';

/** Where the card field asks for a setup intent and posts the finished setup (Plan Management's routes). */
const INTENT_URL = '/plan-management/payment-methods/setup-intent';
const CONFIRM_URL = '/plan-management/payment-methods/confirm';

export async function cardFieldFor(
  req: Request,
  res: Response,
  payments: Payments,
  returnTo: string | null = null,
): Promise<CardFieldProps> {
  const local = await payments.local();
  if (local) extendPolicy(res, { 'connect-src': [local.url], 'form-action': [local.url] });
  else
    extendPolicy(res, {
      'script-src': ['https://js.stripe.com'],
      'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
      'connect-src': ['https://api.stripe.com'],
      'form-action': ['https://checkout.stripe.com'],
    });
  return {
    mode: payments.mode,
    publishableKey: payments.publishableKey,
    apiBase: local?.url ?? null,
    intentUrl: INTENT_URL,
    confirmUrl: CONFIRM_URL,
    csrfToken: typeof req.csrfToken === 'function' ? req.csrfToken() : '',
    returnTo,
  };
}
