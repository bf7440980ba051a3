// /plan-management (spec 3 §2 "Plan management page"): memberships by state, payment methods, the
// billing address, billing history and the cancel request. The address and the cancel request are summary
// cards whose forms are pages of their own (PlanManagementForms.tsx). Every action is a plain form post or
// link, so the page works without JavaScript; without it a card is added on the hosted card page.
import { PostForm } from '../../components/PostForm';
import { Island } from '../../components/Island';
import type { CardFieldProps } from '../../../islands/CardField';
import { Icon } from '../../components/Icon';
import { formatCardBrand, formatDay, formatMoney } from '../../components/format';
import { RadioGroup } from '../../components/form/ChoiceGroup';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DataTable } from '../../components/ui/DataTable';
import { EmptyState } from '../../components/ui/EmptyState';
import { Pager } from '../../components/ui/Pager';
import { Notice } from '../../components/ui/Notice';
import { SummaryList } from '../../components/ui/SummaryList';
import { Label, type LabelState } from '../../components/ui/Label';

export const PAGE_PATH = '/plan-management';
export const BILLING_ADDRESS_PATH = `${PAGE_PATH}/billing-address`;
export const CANCEL_REQUEST_PATH = `${PAGE_PATH}/cancel-request`;
/** A live membership's next invoice, a page of its own (a dialog over this page with JavaScript). */
export const upcomingInvoicePath = (subscriptionId: string) => `${PAGE_PATH}/upcoming-invoice/${subscriptionId}`;

export interface MembershipItem {
  id: string;
  label: string;
  tone: LabelState;
  lines: { name: string; quantity: number; amount: number }[];
  monthlyTotal: number;
  providers: string[];
  startedOn: string;
  renewsOn: string | null;
  nextPaymentOn: string | null;
  endedOn: string | null;
  expiredBeforeStart: boolean;
  seatBased: boolean;
  restartProviderId: number | null;
  reactivateProviderId: number | null;
  canSwitchToMonthly: boolean;
  interval: string | null;
  /** A live membership: its next invoice can be looked at. */
  hasUpcomingInvoice: boolean;
  /** Past due or unpaid: a declined renewal's invoice waits for a card. */
  needsNewCard?: boolean;
  /** A failed payment with its open invoice: what is owed, and the "Pay now" form. */
  owed?: OwedPayment | null;
}
export interface OwedPayment {
  invoiceId: string;
  sentence: string;
  amount: string;
  cards: { id: string; brand: string; last4: string }[];
  /** The card offered first ('new' for a new card): never the default that just declined. */
  selected: string;
}
export interface CardItem {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  isDefault: boolean;
}
export interface HistoryItem {
  kind: 'invoice' | 'charge';
  id: string;
  date: string;
  description: string;
  amount: number;
  refunded: number;
  status: string;
}
export interface AddressValues {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
}
export interface AddOnLink {
  label: string;
  href: string;
  hint?: string;
}

export interface PlanManagementProps {
  cardField: CardFieldProps;
  pending: MembershipItem[];
  active: MembershipItem[];
  canceled: MembershipItem[];
  cards: CardItem[];
  address: AddressValues;
  states: { code: string; name: string }[];
  /** A page of the billing history, newest first. */
  history: { entries: HistoryItem[]; page: number; pageCount: number };
  addOns: AddOnLink[];
  /** Whose membership a cancel request is about, when there is one to cancel. */
  cancel: { providerName: string } | null;
  messages: { incomplete: string; expiredBeforeStart: string; invoicesDelay: string };
  /** The Stripe customer's balance in cents: negative is a credit. */
  balance?: number;
}

function Membership({ membership, declined }: { membership: MembershipItem; declined?: string }) {
  return (
    <article className="membership" aria-labelledby={`${membership.id}-title`}>
      <h3 id={`${membership.id}-title`} className="membership__title">
        {membership.seatBased ? 'Seat-based membership' : 'Membership'}{' '}
        <Label state={membership.tone}>{membership.label}</Label>
      </h3>
      <SummaryList
        rows={[
          { label: 'Profiles', value: membership.providers.join(', ') },
          ...membership.lines.map((line) => ({
            label: line.quantity > 1 ? `${line.name} × ${line.quantity}` : line.name,
            value: `${formatMoney(line.amount)} a ${membership.interval === 'year' ? 'year' : 'month'}`,
          })),
          { label: 'Started', value: formatDay(membership.startedOn) },
          ...(membership.nextPaymentOn ? [{ label: 'Next payment', value: formatDay(membership.nextPaymentOn) }] : []),
          ...(membership.renewsOn ? [{ label: 'Renewal date', value: formatDay(membership.renewsOn) }] : []),
          ...(membership.endedOn
            ? [{ label: membership.expiredBeforeStart ? 'Expired' : 'Ended', value: formatDay(membership.endedOn) }]
            : []),
        ]}
      />
      {membership.needsNewCard && declined && !membership.owed && (
        <Notice tone="warning">
          {declined} <a href="#payment-methods">Update your payment method</a>
        </Notice>
      )}
      {membership.restartProviderId !== null && (
        <p className="actions">
          <ButtonLink
            variant="primary"
            href={`/profiles/pay-for/${membership.restartProviderId}?prior_subscription_was_incomplete_expired=1&return_to_plan_management=1`}
          >
            Start this membership again
          </ButtonLink>
        </p>
      )}
      {membership.reactivateProviderId !== null && (
        <p className="actions">
          <ButtonLink
            variant="primary"
            href={`/profiles/pay-for/${membership.reactivateProviderId}?reactivate=${membership.id}&return_to_plan_management=1`}
          >
            Reactivate this membership
          </ButtonLink>
        </p>
      )}
      {membership.canSwitchToMonthly && (
        <p className="actions">
          <ButtonLink href={`/membership/switch-to-monthly/${membership.id}`}>Switch to monthly payments</ButtonLink>
        </p>
      )}
      {membership.hasUpcomingInvoice && (
        <p className="actions">
          <ButtonLink href={upcomingInvoicePath(membership.id)} data-dialog="">
            View upcoming invoice
            <span className="visually-hidden">{` for ${membership.providers.join(', ') || 'this membership'}`}</span>
          </ButtonLink>
        </p>
      )}
    </article>
  );
}

/** A membership's failed payment: what is owed and when the card is tried again, then "Pay now". */
function PayNow({ membership, owed }: { membership: MembershipItem; owed: OwedPayment }) {
  const who = membership.providers.join(', ');
  return (
    <section className="owed-payment" id={`pay-${membership.id}`} aria-labelledby={`pay-${membership.id}-title`}>
      <h3 id={`pay-${membership.id}-title`}>
        {membership.seatBased ? 'Seat-based membership' : 'Membership'}
        {who ? `: ${who}` : ''}
      </h3>
      <Notice tone="warning">{owed.sentence}</Notice>
      <PostForm action={`${PAGE_PATH}/invoices/${owed.invoiceId}/pay`}>
        <RadioGroup
          idPrefix={`pay-${membership.id}-with`}
          name="payment_method"
          legend="Pay with"
          value={owed.selected}
          stacked
          options={[
            ...owed.cards.map((c) => ({ value: c.id, label: `${formatCardBrand(c.brand)} ending ${c.last4}` })),
            { value: 'new', label: 'A new card', hint: 'entered on our card processor’s secure page' },
          ]}
        />
        <div className="actions">
          <Button variant="primary">{`Pay ${owed.amount} now`}</Button>
        </div>
      </PostForm>
    </section>
  );
}

function Memberships({ props }: { props: PlanManagementProps }) {
  const { pending, active, canceled, messages } = props;
  const none = !pending.length && !active.length && !canceled.length;
  const owed = [...pending, ...active].filter((m) => m.owed);
  return (
    <>
      {owed.length > 0 && (
        <Card id="owed-payments" title="Payment due">
          {owed.map((m) => (
            <PayNow key={m.id} membership={m} owed={m.owed!} />
          ))}
        </Card>
      )}
      {pending.length > 0 && (
        <Card id="pending-memberships" title="Pending memberships">
          <Notice tone="warning">
            {messages.incomplete} <a href="#payment-methods">Update your payment method</a>
          </Notice>
          {pending.map((m) => (
            <Membership key={m.id} membership={m} />
          ))}
        </Card>
      )}
      <Card id="active-memberships" title="Active memberships">
        {active.length ? (
          active.map((m) => <Membership key={m.id} membership={m} declined={messages.incomplete} />)
        ) : (
          <EmptyState title={none ? 'You have no membership yet.' : 'You have no active membership.'}>
            Start a membership from your profile to go live in the directory.
          </EmptyState>
        )}
        {props.addOns.length > 0 && (
          <div className="actions">
            {props.addOns.map((addOn) => (
              <ButtonLink key={addOn.href + addOn.label} href={addOn.href}>
                {addOn.label}
              </ButtonLink>
            ))}
          </div>
        )}
      </Card>
      {canceled.length > 0 && (
        <Card id="canceled-memberships" title="Canceled memberships">
          {canceled.some((m) => m.expiredBeforeStart) && <Notice tone="info">{messages.expiredBeforeStart}</Notice>}
          {canceled.map((m) => (
            <Membership key={m.id} membership={m} />
          ))}
        </Card>
      )}
    </>
  );
}

function PaymentMethods({ cards, cardField }: { cards: CardItem[]; cardField: CardFieldProps }) {
  return (
    <Card id="payment-methods" title="Payment methods">
      {cards.length === 0 ? (
        <EmptyState title="No card on file." />
      ) : (
        <DataTable
          caption="Your cards"
          rows={cards}
          rowKey={(c) => c.id}
          columns={[
            {
              heading: 'Card',
              cell: (c) => (
                <>
                  {`${formatCardBrand(c.brand)} ending ${c.last4}`} {c.isDefault && <Label state="info">Default</Label>}
                </>
              ),
            },
            { heading: 'Expires', cell: (c) => `${String(c.expMonth).padStart(2, '0')}/${c.expYear}` },
            {
              heading: 'Actions',
              hidden: true,
              cell: (c) => (
                <div className="actions actions--inline">
                  {!c.isDefault && (
                    <PostForm action={`${PAGE_PATH}/payment-methods/${c.id}/default`}>
                      <Button variant="secondary">
                        Make default
                        <span className="visually-hidden">{` ${formatCardBrand(c.brand)} ending ${c.last4}`}</span>
                      </Button>
                    </PostForm>
                  )}
                  <PostForm action={`${PAGE_PATH}/payment-methods/${c.id}/replace`}>
                    <Button variant="link">
                      Replace<span className="visually-hidden">{` ${formatCardBrand(c.brand)} ending ${c.last4}`}</span>
                    </Button>
                  </PostForm>
                </div>
              ),
            },
          ]}
        />
      )}
      {/* Closed until asked for. With JavaScript the card field adds the card here; without it, the card
          processor's secure page does (one way each: the page's CSS hides the other). */}
      <details className="add-card">
        <summary className="button button--secondary">
          <Icon name="plus" /> Add a card
        </summary>
        <Island name="CardField" props={cardField} />
        <PostForm action={`${PAGE_PATH}/payment-methods/new`} className="add-card__hosted">
          <p>You enter the card on our card processor's secure page, then come back here.</p>
          <Button variant="secondary">Continue to the secure card page</Button>
        </PostForm>
      </details>
      <p className="hint">Cards are kept by our card processor, Stripe; we never see or store the card number.</p>
    </Card>
  );
}

/** The billing address as it is on file, with a Change link to its own page. */
function BillingAddress({ address, states }: { address: AddressValues; states: { code: string; name: string }[] }) {
  const state = states.find((s) => s.code === address.state)?.name ?? address.state;
  const lines = [address.line1, address.line2, [address.city, state, address.postal_code].filter(Boolean).join(', ')]
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <Card id="billing-address" title="Billing address">
      <SummaryList
        rows={[
          {
            label: 'Address',
            value: lines.length ? (
              <span className="address-lines">
                {lines.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </span>
            ) : (
              <span className="muted">None on file</span>
            ),
            action: (
              <a href={BILLING_ADDRESS_PATH}>
                Change<span className="visually-hidden"> the billing address</span>
              </a>
            ),
          },
        ]}
      />
    </Card>
  );
}

function BillingHistory({
  history,
  delay,
  balance,
}: {
  history: PlanManagementProps['history'];
  delay: string;
  balance: number;
}) {
  return (
    <Card id="billing-history" title="Billing history">
      {balance < 0 && <p>{`Credit balance: ${formatMoney(-balance)}, used on your next invoices`}</p>}
      {balance > 0 && <p>{`Balance owed: ${formatMoney(balance)}, added to your next invoice`}</p>}
      <p className="hint">{delay}</p>
      {history.entries.length === 0 ? (
        <EmptyState title="No invoices yet." />
      ) : (
        <DataTable
          density="compact"
          caption={history.pageCount > 1 ? `Invoices and payments, page ${history.page}` : 'Invoices and payments'}
          rows={history.entries}
          rowKey={(h) => h.id}
          columns={[
            { heading: 'Date', cell: (h) => formatDay(h.date) },
            { heading: 'Description', cell: (h) => h.description },
            {
              heading: 'Amount',
              cell: (h) =>
                h.refunded ? (
                  <>
                    {formatMoney(h.amount)} <span className="muted">({formatMoney(h.refunded)} refunded)</span>
                  </>
                ) : (
                  formatMoney(h.amount)
                ),
            },
            {
              heading: 'Status',
              cell: (h) => (
                <Label state={h.status === 'paid' ? 'success' : h.status === 'open' ? 'attention' : 'neutral'}>
                  {h.status.charAt(0).toUpperCase() + h.status.slice(1)}
                </Label>
              ),
            },
            {
              heading: 'Document',
              cell: (h) => (
                <a
                  href={h.kind === 'invoice' ? `${PAGE_PATH}/invoices/${h.id}` : `${PAGE_PATH}/charges/${h.id}/receipt`}
                >
                  {h.kind === 'invoice' ? 'View invoice' : 'View receipt'}
                  <span className="visually-hidden">{` of ${formatDay(h.date)}`}</span>
                </a>
              ),
            },
          ]}
        />
      )}
      <Pager
        page={history.page}
        pageCount={history.pageCount}
        href={(page) => `${PAGE_PATH}?history_page=${page}#billing-history`}
        label="Billing history pages"
      />
    </Card>
  );
}

/** Cancelling is asked on a page of its own (CancelRequestPage), reached from here. */
function CancelRequest({ cancel }: { cancel: NonNullable<PlanManagementProps['cancel']> }) {
  return (
    <Card id="cancel-request" title="Cancel a membership">
      <p className="link-row">
        <a href={CANCEL_REQUEST_PATH}>{`Request the cancellation of ${cancel.providerName}'s membership`}</a>
      </p>
    </Card>
  );
}

export function PlanManagementPage(props: PlanManagementProps) {
  return (
    <div className="plan-management">
      <Memberships props={props} />
      <PaymentMethods cards={props.cards} cardField={props.cardField} />
      <BillingAddress address={props.address} states={props.states} />
      <BillingHistory history={props.history} delay={props.messages.invoicesDelay} balance={props.balance ?? 0} />
      {props.cancel && <CancelRequest cancel={props.cancel} />}
    </div>
  );
}
