// The card field (spec 3 §2 "payment methods: add one"): a card saved without leaving the page. The
// card number goes from the browser straight to the card processor (Stripe.js, or the local card
// server's stand-in for it), never to the portal; the portal only learns which setup succeeded.
// Without JavaScript nothing renders here, and the page's "Add a card" button opens the hosted card page.
import { useEffect, useRef, useState, type FormEvent } from 'react';

export interface CardFieldProps {
  mode: 'stripe' | 'local';
  publishableKey: string;
  /** The local card server's address (local mode). */
  apiBase: string | null;
  /** Where the portal makes a setup intent (POST, JSON answer) and where the finished setup is posted. */
  intentUrl: string;
  confirmUrl: string;
  csrfToken: string;
  /** Where to go once the card is saved (a page of the portal); Plan Management when absent. */
  returnTo?: string | null;
  /**
   * The id of a form on the page whose typed values outlive the save (the payment form's address, terms
   * and coupon): kept in this tab's session storage while the page goes to save the card, and put back
   * when it comes back. The payment method itself is not put back: the server chooses the card just saved.
   */
  keepForm?: string;
}

const keptKey = (formId: string) => `card-field-kept:${formId}:${window.location.pathname}`;

/** What a form holds now: each named field the member types or ticks (hidden fields and the card choice excepted). */
function keepValues(formId: string): void {
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return;
  const values: Record<string, string> = {};
  for (const field of Array.from(form.elements)) {
    if (
      !(field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement)
    )
      continue;
    if (!field.name || field.name === 'source' || field.type === 'hidden' || field.type === 'submit') continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked) values[field.name] = field.value;
      else if (field.type === 'checkbox') values[field.name] ??= '';
    } else values[field.name] = field.value;
  }
  try {
    window.sessionStorage.setItem(keptKey(formId), JSON.stringify(values));
  } catch {
    // No session storage (a private window's quota): the page comes back with what is on file.
  }
}

/** Puts back what `keepValues` kept for this page, once. */
function restoreValues(formId: string): void {
  let values: Record<string, string> | null = null;
  try {
    values = JSON.parse(window.sessionStorage.getItem(keptKey(formId)) ?? 'null');
    window.sessionStorage.removeItem(keptKey(formId));
  } catch {
    return;
  }
  const form = document.getElementById(formId);
  if (!values || !(form instanceof HTMLFormElement)) return;
  for (const field of Array.from(form.elements)) {
    if (
      !(field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement)
    )
      continue;
    if (!field.name || !(field.name in values) || field.name === 'source' || field.type === 'hidden') continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
      field.checked = values[field.name] === field.value;
    else field.value = values[field.name]!;
  }
}

interface StripeCardElement {
  mount(el: HTMLElement): void;
  on(event: string, handler: (e: { error?: { message: string } }) => void): void;
}
interface StripeJs {
  elements(): { create(type: 'card', options?: object): StripeCardElement };
  confirmCardSetup(
    secret: string,
    data: { payment_method: { card: StripeCardElement } },
  ): Promise<{ error?: { message?: string }; setupIntent?: { id: string } }>;
}
declare global {
  interface Window {
    Stripe?: (key: string) => StripeJs;
  }
}

/** Stripe.js is loaded from Stripe, never bundled (PCI rules and Stripe's own advice). */
function loadStripeJs(): Promise<NonNullable<Window['Stripe']>> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3';
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not load')));
    script.onerror = () => reject(new Error('Stripe.js did not load'));
    document.head.appendChild(script);
  });
}

async function newSetupIntent(props: CardFieldProps): Promise<{ id: string; clientSecret: string }> {
  const response = await fetch(props.intentUrl, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': props.csrfToken },
    body: '{}',
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok)
    throw new Error(body.message ?? 'The card form is not available right now. Please use "Add a card" instead.');
  return body;
}

/** The local stand-in for confirmCardSetup: the same call Stripe.js makes, to the local card server. */
async function confirmLocally(
  props: CardFieldProps,
  intent: { id: string; clientSecret: string },
  card: { number: string; expiry: string; cvc: string },
): Promise<string> {
  const [month = '', year = ''] = card.expiry.split(/\s*\/\s*|\s+/);
  const form = new URLSearchParams({
    client_secret: intent.clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': card.number,
    'payment_method_data[card][exp_month]': month,
    'payment_method_data[card][exp_year]': year,
    'payment_method_data[card][cvc]': card.cvc,
  });
  const response = await fetch(`${props.apiBase}/v1/setup_intents/${intent.id}/confirm`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${props.publishableKey}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  const body = await response.json();
  if (!response.ok) throw new Error(body.error?.message ?? 'Your card could not be saved.');
  return intent.id;
}

export default function CardField(props: CardFieldProps) {
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mountPoint = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; card: StripeCardElement } | null>(null);
  const finish = useRef<HTMLFormElement>(null);
  const [setupIntent, setSetupIntent] = useState('');

  useEffect(() => {
    setReady(true);
    if (props.keepForm) restoreValues(props.keepForm);
  }, [props.keepForm]);
  useEffect(() => {
    if (!ready || props.mode !== 'stripe' || !mountPoint.current) return;
    loadStripeJs()
      .then((StripeJs) => {
        const js = StripeJs(props.publishableKey);
        const card = js.elements().create('card', { hidePostalCode: true });
        card.mount(mountPoint.current!);
        card.on('change', (event) => setError(event.error?.message ?? null));
        stripe.current = { js, card };
      })
      .catch((e: Error) => setError(e.message));
  }, [ready, props.mode, props.publishableKey]);
  useEffect(() => {
    if (!setupIntent) return;
    if (props.keepForm) keepValues(props.keepForm);
    finish.current?.submit();
  }, [setupIntent, props.keepForm]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget; // React clears currentTarget once the handler awaits
    setBusy(true);
    setError(null);
    try {
      const intent = await newSetupIntent(props);
      if (props.mode === 'stripe') {
        if (!stripe.current) throw new Error('The card form is still loading.');
        const result = await stripe.current.js.confirmCardSetup(intent.clientSecret, {
          payment_method: { card: stripe.current.card },
        });
        if (result.error) throw new Error(result.error.message ?? 'Your card could not be saved.');
        setSetupIntent(result.setupIntent!.id);
      } else {
        const data = new FormData(form);
        setSetupIntent(
          await confirmLocally(props, intent, {
            number: String(data.get('number') ?? ''),
            expiry: String(data.get('expiry') ?? ''),
            cvc: String(data.get('cvc') ?? ''),
          }),
        );
      }
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  }

  if (!ready) return null;
  return (
    <div className="card-field">
      <h3 className="card-field__title">Add a card here</h3>
      <form onSubmit={save} noValidate aria-describedby={error ? 'card-field-error' : undefined}>
        {props.mode === 'stripe' ? (
          <div className="field">
            <label htmlFor="card-element">Card</label>
            <div id="card-element" className="card-field__element" ref={mountPoint} />
          </div>
        ) : (
          <>
            <div className="field">
              <label htmlFor="card-number">Card number</label>
              <input
                id="card-number"
                name="number"
                className="input--20ch"
                inputMode="numeric"
                autoComplete="cc-number"
                required
              />
            </div>
            <div className="card-field__row">
              <div className="field">
                <label htmlFor="card-expiry">Expiry (MM / YY)</label>
                <input
                  id="card-expiry"
                  name="expiry"
                  className="input--7ch"
                  autoComplete="cc-exp"
                  placeholder="MM / YY"
                  required
                />
              </div>
              <div className="field">
                <label htmlFor="card-cvc">CVC</label>
                <input
                  id="card-cvc"
                  name="cvc"
                  className="input--5ch"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  required
                />
              </div>
            </div>
          </>
        )}
        {error && (
          <p className="field-error" id="card-field-error" role="alert">
            {error}
          </p>
        )}
        <div className="actions">
          {/* Secondary: the form around it has the one main action (Pay, or the page's own). */}
          <button type="submit" className="button button--secondary" disabled={busy}>
            {busy ? 'Saving…' : 'Save card'}
          </button>
        </div>
      </form>
      <form method="post" action={props.confirmUrl} ref={finish} hidden>
        <input type="hidden" name="_csrf" value={props.csrfToken} />
        <input type="hidden" name="setup_intent" value={setupIntent} />
        {props.returnTo && <input type="hidden" name="return_to" value={props.returnTo} />}
      </form>
    </div>
  );
}
