// The local card server's hosted pages, standing in for Stripe's: Checkout (pay, subscribe or save a
// card), the hosted invoice and the receipt. Plain HTML forms, so they work without JavaScript, as the
// portal's own pages do. They are served at the card server's address and, outside production, at the
// portal's under /local-stripe (the address their links use), so each form posts back to where it was shown.
import crypto from 'node:crypto';
import express, { type Response, type Router } from 'express';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { CardError, readCard } from './cards';
import { createLocalSubscription, need, type ApiContext } from './api';
import { sessionView } from './api/checkout';
import { newCustomer } from './api/customers';
import { previewDiscount, seconds, totalsOf, type Obj } from './billing';
import { newId, type StoredCheckoutSession } from './store';

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1b1f24}main{max-width:30rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d0d7de;border-radius:8px}
label{display:block;font-weight:600;margin-top:1rem}input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #6e7781;border-radius:6px}
button{font:inherit;margin-top:1.25rem;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#0a5cc2;color:#fff;cursor:pointer}.error{color:#a40e26;font-weight:600}
.row{display:flex;gap:1rem}.row>div{flex:1}table{width:100%;border-collapse:collapse}td,th{padding:.4rem 0;text-align:left;border-bottom:1px solid #d0d7de}.num{text-align:right}
.note{color:#57606a;font-size:.9rem}a{color:#0a5cc2}@media (max-width:480px){main{margin:0;border:0;border-radius:0}.row{display:block}}`;

/**
 * The pages' own policy (the portal's, under whose address they are also shown, allows no inline style):
 * their one style by its hash, no script, and forms that post here and are redirected to `formTargets`.
 */
const STYLE_HASH = `'sha256-${crypto.createHash('sha256').update(STYLE).digest('base64')}'`;
function setPolicy(res: Response, formTargets: (string | null | undefined)[] = []): void {
  const origins = formTargets.flatMap((url) => {
    try {
      return url ? [new URL(url).origin] : [];
    } catch {
      return [];
    }
  });
  const formAction = formTargets.length ? ["'self'", ...new Set(origins)].join(' ') : "'none'";
  res.setHeader(
    'Content-Security-Policy',
    `default-src 'none';style-src ${STYLE_HASH};img-src data:;form-action ${formAction};frame-ancestors 'none';base-uri 'none'`,
  );
}

const page = (title: string, body: ReactNode) =>
  `<!doctype html>${renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="icon" href="data:," />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant, allowed by its hash (setPolicy) */}
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>
        <main>
          <h1>{title}</h1>
          {body}
        </main>
      </body>
    </html>,
  )}`;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const date = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

interface CheckoutLine {
  name: string;
  amount: number;
  quantity: number;
  recurring: boolean;
  product: string;
  /** The line's own tax rates (`line_items[][tax_rates]`). */
  taxRates: Obj[];
}

/**
 * What the session's coupon and tax rates change in today's total, as its first invoice will charge it: the
 * coupon's discount first (shown whenever there is one, with or without tax), then each rate's tax on the rest.
 */
async function adjustmentsOf(
  ctx: ApiContext,
  session: StoredCheckoutSession,
  lines: CheckoutLine[],
): Promise<{ name: string; amount: number }[]> {
  const discounted = session.discounts?.[0]?.coupon;
  const couponId = typeof discounted === 'string' ? discounted : discounted?.id;
  const lineRates = lines.some((line) => line.taxRates.length);
  if (!session.tax_rates_data?.length && !lineRates && !couponId) return [];
  const rates = await Promise.all((session.tax_rates_data ?? []).map((id: string) => need(ctx, id, 'tax_rate')));
  const coupon = couponId ? ((await ctx.store.get(couponId, 'coupon')) as unknown as Obj | null) : null;
  const { discount, totalTaxes } = totalsOf(
    lines.map((line) => ({
      description: line.name,
      amount: line.amount,
      quantity: line.quantity,
      price: { id: line.product, object: 'price', product: line.product } as Obj,
      period: { start: 0, end: 0 },
      taxRates: line.taxRates,
    })),
    coupon ? [previewDiscount(coupon)] : [],
    rates,
  );
  const rateNamed = new Map<string, Obj>(
    [...rates, ...lines.flatMap((line) => line.taxRates)].map((rate) => [rate.id, rate]),
  );
  return [
    ...(discount ? [{ name: 'Discount', amount: -discount }] : []),
    ...totalTaxes.map((tax) => {
      const rate = rateNamed.get(String(tax.tax_rate_details?.tax_rate))!;
      return { name: `${rate.display_name} (${rate.percentage} %)`, amount: Number(tax.amount) };
    }),
  ];
}

async function linesOf(ctx: ApiContext, session: StoredCheckoutSession): Promise<CheckoutLine[]> {
  return Promise.all(
    session.line_items_data.map(async (item: { price: string; quantity: number; tax_rates?: string[] }) => {
      const price = await need(ctx, item.price, 'price');
      const product = await ctx.store.get<Obj>(price.product, 'product');
      return {
        taxRates: await Promise.all((item.tax_rates ?? []).map((id) => need(ctx, id, 'tax_rate'))),
        name: product?.name ?? price.product,
        amount: price.unit_amount * item.quantity,
        quantity: item.quantity,
        recurring: Boolean(price.recurring),
        product: String(price.product),
      };
    }),
  );
}

async function checkoutLines(ctx: ApiContext, session: StoredCheckoutSession) {
  const lines = await linesOf(ctx, session);
  return { lines, adjustments: await adjustmentsOf(ctx, session, lines) };
}

/** What was typed on a checkout form that is shown again (never the card number or CVC). */
interface Typed {
  name?: string;
  email?: string;
  expiry?: string;
}

/**
 * Whether the page asks for an e-mail: a session with neither a customer nor `customer_email`, for
 * "If not provided, customers will be asked to enter their email address" (Stripe's API reference,
 * docs.stripe.com/api/checkout/sessions/object#checkout_session_object-customer_email).
 */
const asksEmail = (session: StoredCheckoutSession) => !session.customer && !session.customer_email;

/** The e-mail typed on a guest's form, or why it cannot be used (null for a session that asks none). */
function emailOf(session: StoredCheckoutSession, typed: unknown): { email: string | null; error?: string } {
  if (!asksEmail(session)) return { email: session.customer_email ?? null };
  const email = String(typed ?? '').trim();
  if (!email) return { email: null, error: 'Enter your email address.' };
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || email.length > 512)
    return { email: null, error: 'Enter a valid email address, like name@example.com.' };
  return { email };
}

function CheckoutForm({
  session,
  action,
  lines,
  adjustments = [],
  error,
  emailError,
  typed = {},
}: {
  session: StoredCheckoutSession;
  /** Where the form posts: the address the page was shown at. */
  action: string;
  lines: CheckoutLine[];
  adjustments?: { name: string; amount: number }[];
  error?: string;
  emailError?: string;
  typed?: Typed;
}) {
  const total =
    lines.reduce((sum, line) => sum + line.amount, 0) + adjustments.reduce((sum, row) => sum + row.amount, 0);
  return (
    <>
      <p className="note">
        Local card server: no money moves. Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined,
        4000 0000 0000 0341 is declined when charged.
      </p>
      {lines.length > 0 && (
        <table>
          <caption className="note">What you are paying for</caption>
          <tbody>
            {lines.map((line) => (
              <tr key={line.name}>
                <th scope="row">{line.quantity > 1 ? `${line.quantity} × ${line.name}` : line.name}</th>
                <td className="num">
                  {dollars(line.amount)}
                  {line.recurring ? ' a month' : ''}
                </td>
              </tr>
            ))}
            {adjustments.map((row) => (
              <tr key={row.name}>
                <th scope="row">{row.name}</th>
                <td className="num">{row.amount < 0 ? `-${dollars(-row.amount)}` : dollars(row.amount)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Total due today</th>
              <td className="num">{dollars(total)}</td>
            </tr>
          </tbody>
        </table>
      )}
      {error && (
        <p className="error" role="alert" id="card-error">
          {error}
        </p>
      )}
      {emailError && (
        <p className="error" role="alert">
          <a href="#email">{emailError}</a>
        </p>
      )}
      <form method="post" action={action}>
        {asksEmail(session) ? (
          <>
            <label htmlFor="email">Email</label>
            {emailError && (
              <p className="error" id="email-error">
                {emailError}
              </p>
            )}
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={typed.email}
              aria-describedby={emailError ? 'email-error' : undefined}
              aria-invalid={emailError ? true : undefined}
              required
            />
          </>
        ) : (
          session.customer_email && <p>{`Email: ${session.customer_email}`}</p>
        )}
        <label htmlFor="name">Name on card</label>
        <input id="name" name="name" autoComplete="cc-name" defaultValue={typed.name} />
        <label htmlFor="number">Card number</label>
        <input
          id="number"
          name="number"
          inputMode="numeric"
          autoComplete="cc-number"
          aria-describedby={error ? 'card-error' : undefined}
          required
        />
        <div className="row">
          <div>
            <label htmlFor="expiry">Expiry (MM / YY)</label>
            <input
              id="expiry"
              name="expiry"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              defaultValue={typed.expiry}
              required
            />
          </div>
          <div>
            <label htmlFor="cvc">CVC</label>
            <input id="cvc" name="cvc" inputMode="numeric" autoComplete="cc-csc" required />
          </div>
        </div>
        <button type="submit">
          {session.mode === 'setup'
            ? 'Save card'
            : session.mode === 'subscription'
              ? 'Subscribe'
              : `Pay ${dollars(total)}`}
        </button>
      </form>
      {session.cancel_url && (
        <p>
          <a href={session.cancel_url}>Cancel and go back</a>
        </p>
      )}
    </>
  );
}

/**
 * Completes an open session with the card (and, for a guest, the e-mail) typed on the page; a declined card
 * throws CardError. The e-mail is the new customer's and the session's `customer_details.email`, as Stripe's.
 */
async function complete(
  ctx: ApiContext,
  session: StoredCheckoutSession,
  card: Record<string, string>,
  email: string | null,
): Promise<void> {
  const details = readCard(card, ctx.now());
  const { behaviour, ...shown } = details;
  let customerId: string | null = typeof session.customer === 'string' ? session.customer : null;
  if (!customerId && session.mode !== 'payment') {
    customerId = (await newCustomer(ctx, { email, name: card.name || null })).id;
  }
  if (behaviour === 'declined') throw new CardError('card_declined', 'Your card was declined.', 'generic_decline');
  const method = await ctx.store.put<Obj>({
    id: newId('pm'),
    object: 'payment_method',
    type: 'card',
    card: shown,
    customer: customerId,
    created: seconds(ctx.now()),
    billing_details: { name: card.name || null, address: null, email, phone: null },
    metadata: {},
    livemode: false,
    _behaviour: behaviour,
  });
  if (customerId) await ctx.emit('payment_method.attached', { ...method, _behaviour: undefined });
  const previous = structuredClone(session);
  const lines = await linesOf(ctx, session);
  if (session.mode === 'payment') {
    // The total the page showed: the lines, less the coupon's discount.
    const total = [...lines, ...(await adjustmentsOf(ctx, session, lines))].reduce((sum, row) => sum + row.amount, 0);
    const { intent } = await ctx.ledger.charge({
      customer: customerId,
      paymentMethod: method,
      amount: total,
      description: lines.map((l) => l.name).join(', '),
      metadata: session.metadata ?? {},
    });
    Object.assign(session, { payment_intent: intent.id, amount_total: total, payment_status: 'paid' });
  } else if (session.mode === 'setup') {
    const intent = await ctx.store.put<Obj>({
      id: newId('seti'),
      object: 'setup_intent',
      customer: customerId,
      payment_method: method.id,
      status: 'succeeded',
      usage: 'off_session',
      created: seconds(ctx.now()),
      metadata: session.metadata,
      last_setup_error: null,
      payment_method_types: ['card'],
      livemode: false,
      client_secret: '',
    });
    await ctx.emit('setup_intent.succeeded', intent);
    session.setup_intent = intent.id;
  } else {
    // The session's `subscription_data[default_tax_rates]` become the subscription's, so its renewals are taxed too.
    // One-time prices in a subscription-mode session go on the first invoice, as Stripe does.
    const prices = await Promise.all(
      session.line_items_data.map((item: { price: string }) => need(ctx, item.price, 'price')),
    );
    const recurring = session.line_items_data.filter((_: unknown, index: number) => prices[index].recurring);
    const once = session.line_items_data.filter((_: unknown, index: number) => !prices[index].recurring);
    const subscription = await createLocalSubscription(ctx, {
      customer: customerId,
      items: recurring,
      ...(once.length ? { add_invoice_items: once } : {}),
      default_payment_method: method.id,
      metadata: session.metadata,
      payment_behavior: 'error_if_incomplete',
      discounts: session.discounts,
      ...(session.tax_rates_data?.length ? { default_tax_rates: session.tax_rates_data } : {}),
    });
    const invoice = subscription.latest_invoice
      ? await ctx.store.get<Obj>(subscription.latest_invoice, 'invoice')
      : null;
    Object.assign(session, {
      subscription: subscription.id,
      invoice: subscription.latest_invoice,
      amount_total: invoice?.total ?? lines.reduce((sum, line) => sum + line.amount, 0),
      payment_status: 'paid',
    });
  }
  const customer = customerId ? await ctx.store.get(customerId, 'customer') : null;
  Object.assign(session, {
    status: 'complete',
    customer: customerId,
    customer_details: {
      address: null,
      business_name: null,
      email: email ?? customer?.email ?? null,
      individual_name: null,
      name: card.name || customer?.name || null,
      phone: null,
      tax_exempt: 'none',
      tax_ids: [],
    },
  });
  await ctx.store.put(session);
  await ctx.emit('checkout.session.completed', sessionView(session), sessionView(previous));
}

function expiryOf(value: string): { exp_month: string; exp_year: string } {
  const [month = '', year = ''] = value.split(/\s*\/\s*|\s+/);
  return { exp_month: month, exp_year: year };
}

export function hostedRouter(ctx: ApiContext, run: <T>(work: () => Promise<T>) => Promise<T>): Router {
  const router = express.Router();
  router.use('/pay', express.urlencoded({ extended: false, limit: '10kb' }));

  // Each form posts back to the address it was shown at: the card server's own, or the portal's prefix.
  const here = (req: express.Request) => req.originalUrl.split('?')[0]!;
  const notFound = (res: Response) => {
    setPolicy(res);
    res
      .status(404)
      .type('html')
      .send(page('This checkout link is not valid', <p>Ask for a new link.</p>));
  };
  const titleOf = (session: StoredCheckoutSession) => (session.mode === 'setup' ? 'Save a card' : 'Checkout');

  router.get('/pay/:id', async (req, res, next) => {
    try {
      const session = await ctx.store.get(String(req.params.id), 'checkout.session');
      if (!session) return notFound(res);
      if (session.status === 'complete') {
        res.redirect(303, (session.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', session.id));
        return;
      }
      setPolicy(res, [session.success_url]);
      res
        .type('html')
        .send(
          page(
            titleOf(session),
            <CheckoutForm session={session} action={here(req)} {...(await checkoutLines(ctx, session))} />,
          ),
        );
    } catch (error) {
      next(error);
    }
  });

  router.post('/pay/:id', async (req, res, next) => {
    try {
      const typed: Typed = {
        name: String(req.body.name ?? ''),
        email: String(req.body.email ?? ''),
        expiry: String(req.body.expiry ?? ''),
      };
      const outcome = await run(async () => {
        const session = await ctx.store.get(String(req.params.id), 'checkout.session');
        if (!session) return { status: 404 as const };
        if (session.status === 'complete') return { status: 303 as const, session };
        const { email, error: emailError } = emailOf(session, req.body.email);
        // Nothing is recorded for a form without its e-mail: it is shown again, as typed.
        if (emailError) return { status: 422 as const, session, emailError };
        try {
          await complete(
            ctx,
            session,
            { number: req.body.number, cvc: req.body.cvc, name: req.body.name, ...expiryOf(typed.expiry ?? '') },
            email,
          );
        } catch (error) {
          // A declined card is an answer, and what it recorded (the failed charge) is kept.
          if (!(error instanceof CardError)) throw error;
          return {
            status: 402 as const,
            session: (await ctx.store.get(session.id, 'checkout.session'))!,
            error: error.message,
          };
        }
        return { status: 303 as const, session };
      });
      if (outcome.status === 404) return notFound(res);
      if (outcome.status === 303) {
        res.redirect(303, (outcome.session.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', outcome.session.id));
        return;
      }
      setPolicy(res, [outcome.session.success_url]);
      res
        .status(outcome.status)
        .type('html')
        .send(
          page(
            titleOf(outcome.session),
            <CheckoutForm
              session={outcome.session}
              action={here(req)}
              {...(await checkoutLines(ctx, outcome.session))}
              {...(outcome.status === 402 ? { error: outcome.error } : { emailError: outcome.emailError })}
              typed={typed}
            />,
          ),
        );
    } catch (error) {
      next(error);
    }
  });

  router.get('/invoices/:id', async (req, res, next) => {
    try {
      const invoice = await ctx.store.get<Obj>(String(req.params.id), 'invoice');
      setPolicy(res);
      if (!invoice) {
        res
          .status(404)
          .type('html')
          .send(page('Invoice not found', <p>This invoice link is not valid.</p>));
        return;
      }
      res.type('html').send(
        page(
          `Invoice ${invoice.number}`,
          <>
            <p>
              {invoice.status === 'paid'
                ? `Paid on ${date(invoice.status_transitions.paid_at)}`
                : `Status: ${invoice.status}`}
              {invoice.customer_name ? ` · ${invoice.customer_name}` : ''}
            </p>
            <table>
              <caption className="note">Invoice lines</caption>
              <thead>
                <tr>
                  <th scope="col">Description</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoice.lines.data.map((line: Obj) => (
                  <tr key={line.id}>
                    <td>{line.description}</td>
                    <td className="num">{dollars(line.amount)}</td>
                  </tr>
                ))}
                {invoice.total_discount_amounts?.map((d: { amount: number; discount: string }) => (
                  <tr key={d.discount}>
                    <td>Discount</td>
                    <td className="num">-{dollars(d.amount)}</td>
                  </tr>
                ))}
                {(invoice.default_tax_rates ?? []).map((rate: Obj, index: number) => (
                  <tr key={rate.id}>
                    <td>{`${rate.display_name} (${rate.percentage} %)`}</td>
                    <td className="num">{dollars(invoice.total_taxes?.[index]?.amount ?? 0)}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row">Total</th>
                  <td className="num">{dollars(invoice.total)}</td>
                </tr>
              </tbody>
            </table>
          </>,
        ),
      );
    } catch (error) {
      next(error);
    }
  });

  router.get('/receipts/:id', async (req, res, next) => {
    try {
      const charge = await ctx.store.get<Obj>(String(req.params.id), 'charge');
      setPolicy(res);
      if (!charge?.paid) {
        res
          .status(404)
          .type('html')
          .send(page('Receipt not found', <p>This receipt link is not valid.</p>));
        return;
      }
      res.type('html').send(
        page(
          'Receipt',
          <>
            <p>{charge.description}</p>
            <p>{`${dollars(charge.amount)} paid on ${date(charge.created)} with ${charge.payment_method_details.card.brand} ending ${charge.payment_method_details.card.last4}.`}</p>
            {charge.amount_refunded > 0 && <p>{`${dollars(charge.amount_refunded)} refunded.`}</p>}
          </>,
        ),
      );
    } catch (error) {
      next(error);
    }
  });
  return router;
}
