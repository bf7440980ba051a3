// /plan-management (spec 3 §2 "Plan management page"): memberships by state, payment methods, the
// billing address, billing history and the cancel request. Every action is a plain form post or link,
// so the page works without JavaScript; adding a card goes through the hosted card page.
import { PostForm } from '../../components/PostForm';
import { Island } from '../../components/Island';
import type { CardFieldProps } from '../../../islands/CardField';
import { Icon } from '../../components/Icon';
import { formatCardBrand, formatDay, formatMoney } from '../../components/format';
import { RadioGroup } from '../../components/form/ChoiceGroup';
import { FormField } from '../../components/form/FormField';
import { SelectField } from '../../components/form/SelectField';
import { TextAreaField } from '../../components/form/TextAreaField';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DataTable } from '../../components/ui/DataTable';
import { EmptyState } from '../../components/ui/EmptyState';
import { Pager } from '../../components/ui/Pager';
import { Notice } from '../../components/ui/Notice';
import { SummaryList } from '../../components/ui/SummaryList';
import { Tag } from '../../components/ui/Tag';
import { FormError } from '../../components/form/FieldError';

export const PAGE_PATH = '/plan-management';
/** A live membership's next invoice, a page of its own (a dialog over this page with JavaScript). */
export const upcomingInvoicePath = (subscriptionId: string) => `${PAGE_PATH}/upcoming-invoice/${subscriptionId}`;

export interface MembershipItem {
  id: string;
  label: string;
  tone: 'success' | 'warning' | 'neutral';
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
  addressErrors?: Record<string, string>;
  states: { code: string; name: string }[];
  /** A page of the billing history, newest first. */
  history: { entries: HistoryItem[]; page: number; pageCount: number };
  addOns: AddOnLink[];
  cancel: { providerId: number; providerName: string; reason: string; error?: string } | null;
  messages: { incomplete: string; expiredBeforeStart: string; invoicesDelay: string; cancelTerms: string };
  /** The Stripe customer's balance in cents: negative is a credit. */
  balance?: number;
}

function Membership({ membership, declined }: { membership: MembershipItem; declined?: string }) {
  return (
    <article className="membership" aria-labelledby={`${membership.id}-title`}>
      <h3 id={`${membership.id}-title`} className="membership__title">
        {membership.seatBased ? 'Seat-based membership' : 'Membership'}{' '}
        <Tag tone={membership.tone}>{membership.label}</Tag>
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
    <Card
      id="payment-methods"
      title="Payment methods"
      footer={
        <PostForm action={`${PAGE_PATH}/payment-methods/new`}>
          <Button variant="secondary">
            <Icon name="plus" /> Add a card
          </Button>
        </PostForm>
      }
    >
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
                  {`${formatCardBrand(c.brand)} ending ${c.last4}`} {c.isDefault && <Tag tone="info">Default</Tag>}
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
      <Island name="CardField" props={cardField} />
      <p className="hint">Cards are kept by our card processor, Stripe; we never see or store the card number.</p>
    </Card>
  );
}

function BillingAddress({
  address,
  errors = {},
  states,
}: {
  address: AddressValues;
  errors?: Record<string, string>;
  states: { code: string; name: string }[];
}) {
  return (
    <Card id="billing-address" title="Billing address">
      <PostForm action={`${PAGE_PATH}/address`} noValidate data-warn-unsaved="">
        <FormField
          name="line1"
          label="Street address"
          autoComplete="address-line1"
          defaultValue={address.line1}
          error={errors.line1}
        />
        <FormField
          name="line2"
          label="Apartment, suite, etc. (optional)"
          autoComplete="address-line2"
          defaultValue={address.line2}
          error={errors.line2}
        />
        <FormField
          name="city"
          label="City"
          autoComplete="address-level2"
          defaultValue={address.city}
          error={errors.city}
        />
        <SelectField
          name="state"
          label="State"
          value={address.state}
          placeholder="Choose a state"
          options={states.map((s) => ({ value: s.code, label: s.name }))}
          error={errors.state}
          autoComplete="address-level1"
        />
        <FormField
          name="postal_code"
          label="Zip code"
          autoComplete="postal-code"
          inputMode="numeric"
          defaultValue={address.postal_code}
          error={errors.postal_code}
        />
        <div className="actions">
          <Button>Save billing address</Button>
        </div>
      </PostForm>
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
                <Tag tone={h.status === 'paid' ? 'success' : h.status === 'open' ? 'warning' : 'neutral'}>
                  {h.status.charAt(0).toUpperCase() + h.status.slice(1)}
                </Tag>
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

function CancelRequest({ cancel, terms }: { cancel: NonNullable<PlanManagementProps['cancel']>; terms: string }) {
  return (
    <Card id="cancel-request" title="Cancel a membership">
      <p>{terms}</p>
      <FormError id="cancel-request-error" message={cancel.error} />
      <PostForm action={`${PAGE_PATH}/cancel-request`}>
        <input type="hidden" name="provider_id" value={cancel.providerId} />
        <TextAreaField
          name="reason"
          label={`Why do you want to cancel ${cancel.providerName}'s membership? (optional)`}
          value={cancel.reason}
          maxLength={2000}
          rows={3}
        />
        <div className="actions">
          <Button variant="danger-outline">Request cancellation</Button>
        </div>
      </PostForm>
    </Card>
  );
}

export function PlanManagementPage(props: PlanManagementProps) {
  return (
    <div className="plan-management">
      <Memberships props={props} />
      <PaymentMethods cards={props.cards} cardField={props.cardField} />
      <BillingAddress address={props.address} errors={props.addressErrors} states={props.states} />
      <BillingHistory history={props.history} delay={props.messages.invoicesDelay} balance={props.balance ?? 0} />
      {props.cancel && <CancelRequest cancel={props.cancel} terms={props.messages.cancelTerms} />}
    </div>
  );
}
