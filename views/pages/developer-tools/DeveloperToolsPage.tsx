// /developer-tools (spec 3 §2, §3 "Developer tools hold", §7 developer-only calls): for one of the user's
// accounts, its ids, the Private Pay Booster upgrade's preview at a chosen proration date and (for whoever
// manages the account's billing) its perform, the developer-only reads; then facts about this running
// portal and a preview of its islands.
import { Island } from '../../components/Island';
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { SelectField } from '../../components/form/SelectField';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DataTable } from '../../components/ui/DataTable';
import { Notice } from '../../components/ui/Notice';
import { SummaryList } from '../../components/ui/SummaryList';
import { FormError } from '../../components/form/FieldError';

export interface DeveloperToolsAccountView {
  id: number;
  canPerform: boolean;
  customers: { id: string; primary: boolean }[];
  subscriptions: {
    id: string;
    customerId: string;
    status: string;
    seatBased: boolean;
    reimbursifyTier: string | null;
  }[];
  standaloneAccountId: number | null;
  standalonePrivatePayBooster: { providerId: number; providerName: string; answer: 'yes' | 'no' | 'unknown' }[];
  conversations: {
    id: number;
    clientName: string;
    providerName: string;
    lastMessageAt: string | null;
    unread: boolean;
  }[];
  appointments: {
    id: number;
    date: string;
    time: string;
    clientName: string;
    providerName: string;
    canceled: boolean;
  }[];
  clients: {
    key: string;
    contactDate: string;
    name: string;
    email: string | null;
    providerName: string;
    type: string;
  }[];
  clientTotal: number;
  upgrade: {
    values: { customer_id: string; subscription_id: string; new_tier: string; coupon: string; proration_date: string };
    errors: Record<string, string>;
    /** The preview, when one was asked for and worked; with what the perform form carries. */
    preview: {
      lines: { description: string; amount: number }[];
      subtotal: number;
      discount: number;
      tax: number;
      total: number;
      prorationAt: number;
      prorationLabel: string;
      attempt: string;
    } | null;
    failure: string | null;
  };
}

export interface DeveloperToolsView {
  facts: [string, string][];
  accounts: { id: number; label: string }[];
  account: DeveloperToolsAccountView | null;
}

const money = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;
const ANSWERS = { yes: 'Yes', no: 'No', unknown: 'Unknown (the tool did not answer)' } as const;

function AccountChooser({ accounts, current }: { accounts: DeveloperToolsView['accounts']; current: number }) {
  if (accounts.length < 2) return null;
  return (
    <form method="get" action="/developer-tools" className="actions">
      <SelectField
        name="account_id"
        id="account-chooser"
        label="Account"
        value={String(current)}
        options={accounts.map((a) => ({ value: String(a.id), label: a.label }))}
      />
      <Button variant="secondary">Show account</Button>
    </form>
  );
}

function Ids({ account }: { account: DeveloperToolsAccountView }) {
  return (
    <Card id="ids" title={`Ids of account ${account.id}`}>
      <SummaryList
        rows={[
          {
            label: 'Customer ids',
            value: account.customers.length
              ? account.customers.map((c) => (
                  <div key={c.id}>
                    <code>{c.id}</code>
                    {c.primary ? ' (primary)' : ''}
                  </div>
                ))
              : 'None',
          },
          {
            label: 'Subscription ids',
            value: account.subscriptions.length
              ? account.subscriptions.map((s) => (
                  <div key={s.id}>
                    <code>{s.id}</code>
                    {` ${s.status}, ${s.seatBased ? 'seat-based' : 'legacy'}, customer `}
                    <code>{s.customerId}</code>
                    {s.reimbursifyTier ? `, Private Pay Booster ${s.reimbursifyTier}` : ''}
                  </div>
                ))
              : 'None',
          },
          {
            label: 'Standalone account id',
            value:
              account.standaloneAccountId === null ? (
                'None (not a standalone practice-management account)'
              ) : (
                <code>{account.standaloneAccountId}</code>
              ),
          },
          {
            label: 'Standalone Private Pay Booster account',
            value: account.standalonePrivatePayBooster.length
              ? account.standalonePrivatePayBooster.map((p) => (
                  <div key={p.providerId}>{`${p.providerName} (provider ${p.providerId}): ${ANSWERS[p.answer]}`}</div>
                ))
              : 'No profiles',
          },
        ]}
      />
    </Card>
  );
}

function Upgrade({ account }: { account: DeveloperToolsAccountView }) {
  const { values, errors, preview, failure } = account.upgrade;
  const hidden = { account_id: String(account.id), ...values };
  return (
    <Card id="reimbursify-upgrade" title="Private Pay Booster upgrade">
      <p className="hint">
        The upgrade of a subscription's Private Pay Booster for every seat, previewed as Stripe would prorate it at the
        chosen date. The preview changes nothing.
      </p>
      <form method="get" action="/developer-tools#reimbursify-upgrade" noValidate>
        <input type="hidden" name="account_id" value={String(account.id)} />
        <input type="hidden" name="preview" value="1" />
        <SelectField
          name="customer_id"
          label="Customer id"
          value={values.customer_id}
          error={errors.customer_id}
          placeholder="Choose a customer"
          options={account.customers.map((c) => c.id)}
        />
        <SelectField
          name="subscription_id"
          label="Subscription id"
          value={values.subscription_id}
          error={errors.subscription_id}
          placeholder="Choose a subscription"
          options={account.subscriptions.map((s) => ({ value: s.id, label: `${s.id} (${s.status})` }))}
        />
        <SelectField
          name="new_tier"
          label="New tier"
          value={values.new_tier}
          error={errors.new_tier}
          placeholder="Choose a tier"
          options={[
            { value: 'professional', label: 'professional (Private Pay Booster Pro)' },
            { value: 'premium', label: 'premium (Private Pay Booster Premium)' },
          ]}
        />
        <FormField
          name="coupon"
          label="Coupon (optional)"
          defaultValue={values.coupon}
          error={errors.coupon}
          autoComplete="off"
        />
        <FormField
          name="proration_date"
          label="Proration date"
          hint="YYYY-MM-DD; today prorates from now."
          type="date"
          defaultValue={values.proration_date}
          error={errors.proration_date}
        />
        <div className="actions">
          <Button variant="secondary">Preview the upgrade</Button>
        </div>
      </form>
      <FormError id="upgrade-failure" message={failure} />
      {preview && (
        <section aria-labelledby="upgrade-preview-heading">
          <h3 id="upgrade-preview-heading">Proration date preview: {preview.prorationLabel}</h3>
          <DataTable
            caption="The upgrade's invoice preview"
            rowKey={(line) => `${line.description}-${line.amount}`}
            rows={preview.lines}
            columns={[
              { heading: 'Line', cell: (line) => line.description },
              { heading: 'Amount', cell: (line) => money(line.amount) },
            ]}
          />
          <SummaryList
            rows={[
              { label: 'Subtotal', value: money(preview.subtotal) },
              { label: 'Discount', value: money(preview.discount) },
              { label: 'Tax', value: money(preview.tax) },
              { label: 'Total today', value: money(preview.total) },
            ]}
          />
          {account.canPerform ? (
            <PostForm action="/developer-tools/reimbursify-upgrade" data-progress="Upgrading…">
              {Object.entries(hidden).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <input type="hidden" name="proration_at" value={String(preview.prorationAt)} />
              <input type="hidden" name="attempt" value={preview.attempt} />
              <div className="actions">
                <Button>Perform the upgrade</Button>
              </div>
            </PostForm>
          ) : (
            <Notice>Read-only: only the account's owner or billing manager may perform the upgrade.</Notice>
          )}
        </section>
      )}
    </Card>
  );
}

function Reads({ account }: { account: DeveloperToolsAccountView }) {
  return (
    <>
      <Card id="conversations" title={`Conversations (${account.conversations.length})`}>
        {account.conversations.length ? (
          <DataTable
            caption="The account's conversations"
            rowKey={(c) => c.id}
            rows={account.conversations}
            columns={[
              { heading: 'Client', cell: (c) => c.clientName },
              { heading: 'Provider', cell: (c) => c.providerName },
              { heading: 'Last message', cell: (c) => c.lastMessageAt?.slice(0, 16).replace('T', ' ') ?? '' },
              { heading: 'Unread', cell: (c) => (c.unread ? 'Yes' : 'No') },
            ]}
          />
        ) : (
          <p>No conversations.</p>
        )}
      </Card>
      <Card id="appointments" title={`Upcoming appointments (${account.appointments.length})`}>
        {account.appointments.length ? (
          <DataTable
            caption="The account's upcoming appointments"
            rowKey={(a) => a.id}
            rows={account.appointments}
            columns={[
              { heading: 'Date', cell: (a) => a.date },
              { heading: 'Time', cell: (a) => `${a.time}${a.canceled ? ' (canceled)' : ''}` },
              { heading: 'Client', cell: (a) => a.clientName },
              { heading: 'Provider', cell: (a) => a.providerName },
            ]}
          />
        ) : (
          <p>No upcoming appointments.</p>
        )}
      </Card>
      <Card id="clients" title={`Clients (${account.clientTotal})`}>
        {account.clients.length ? (
          <DataTable
            caption="The account's clients, newest first"
            rowKey={(c) => c.key}
            rows={account.clients}
            columns={[
              { heading: 'Contact date', cell: (c) => c.contactDate },
              { heading: 'Name', cell: (c) => c.name },
              { heading: 'E-mail', cell: (c) => c.email ?? '' },
              { heading: 'Provider', cell: (c) => c.providerName },
              { heading: 'Type', cell: (c) => c.type },
            ]}
          />
        ) : (
          <p>No clients.</p>
        )}
      </Card>
    </>
  );
}

export function DeveloperToolsPage({ view }: { view: DeveloperToolsView }) {
  const { facts, accounts, account } = view;
  return (
    <>
      {account ? (
        <>
          <AccountChooser accounts={accounts} current={account.id} />
          <Ids account={account} />
          <Upgrade account={account} />
          <Reads account={account} />
        </>
      ) : (
        <Notice>You hold no role on an account, so there are no account ids to show.</Notice>
      )}
      {facts.length > 0 && (
        <section className="card" aria-labelledby="facts">
          <h2 id="facts">This portal</h2>
          <table>
            <tbody>
              {facts.map(([k, v]) => (
                <tr key={k}>
                  <th scope="row">{k}</th>
                  <td>{v}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <section className="card" aria-labelledby="cropper">
        <h2 id="cropper">Photo cropper preview</h2>
        <p className="hint">The cropper used for profile photos. Nothing chosen here is uploaded.</p>
        <Island
          name="PhotoCropper"
          props={{ name: 'photo', label: 'Choose a photo', hint: 'JPEG or PNG, at least 100 KB.' }}
        />
      </section>
    </>
  );
}
