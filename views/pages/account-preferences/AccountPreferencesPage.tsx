// /account-preferences: four parts (spec 1 §2 Account Settings screen): e-mail, name, phone and
// two-factor, password; and notifications (texts about bookings, issue [11]; notices of clients'
// messages, issue [12]). Each part is its own form; a failed one comes back with its values and messages.
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { Checkbox } from '../../components/form/Checkbox';
import { PasswordChangeForm, type FormState } from './PasswordChangeForm';
import { formatPhone } from '../../components/format';
import { Button } from '../../components/ui/Button';

export interface AccountSettingsView {
  email: string;
  emailConfirmed: boolean;
  name: { first_name: string; middle_name: string; last_name: string; company_name: string };
  phone: string | null;
  twoFactor: { enrolled: boolean; phoneLastFour: string | null };
  twoFactorOffered: boolean;
  smsNotifications: boolean;
  messageNotifications: { email: boolean; sms: boolean };
}

export interface AccountSettingsForms {
  email?: FormState;
  name?: FormState;
  phone?: FormState;
  twoFactor?: FormState;
  twoFactorOff?: FormState;
  password?: FormState;
  notifications?: FormState;
  messageNotifications?: FormState;
}

export function AccountPreferencesPage({
  settings,
  forms = {},
}: {
  settings: AccountSettingsView;
  forms?: AccountSettingsForms;
}) {
  const name = { ...settings.name, ...forms.name?.values };
  return (
    <div className="settings">
      <section className="card" aria-labelledby="email-heading">
        <h2 id="email-heading">Email address</h2>
        <p>
          You log in with <strong>{settings.email}</strong>
          {settings.emailConfirmed ? '' : ' (not confirmed yet)'}.
        </p>
        <PostForm action="/account-preferences/email" noValidate>
          <FormField
            name="newEmail"
            label="New email"
            type="email"
            autoComplete="email"
            defaultValue={forms.email?.values?.newEmail ?? ''}
            error={forms.email?.errors?.newEmail}
          />
          <FormField
            id="email-password"
            name="password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={forms.email?.errors?.password}
          />
          <div className="actions">
            <Button>Change email</Button>
          </div>
        </PostForm>
      </section>

      <section className="card" aria-labelledby="name-heading">
        <h2 id="name-heading">Name</h2>
        <p className="hint">Enter your first and last name, or a company name.</p>
        <PostForm action="/account-preferences/name" noValidate>
          <FormField
            name="first_name"
            label="First name"
            autoComplete="given-name"
            defaultValue={name.first_name}
            error={forms.name?.errors?.first_name}
          />
          <FormField
            name="middle_name"
            label="Middle name (optional)"
            autoComplete="additional-name"
            defaultValue={name.middle_name}
            error={forms.name?.errors?.middle_name}
          />
          <FormField
            name="last_name"
            label="Last name"
            autoComplete="family-name"
            defaultValue={name.last_name}
            error={forms.name?.errors?.last_name}
          />
          <FormField
            name="company_name"
            label="Company name"
            autoComplete="organization"
            defaultValue={name.company_name}
            error={forms.name?.errors?.company_name}
          />
          <div className="actions">
            <Button>Save name</Button>
          </div>
        </PostForm>
      </section>

      <section className="card" aria-labelledby="phone-heading">
        <h2 id="phone-heading">Phone and two-factor authentication</h2>
        <PostForm action="/account-preferences/phone" noValidate>
          <FormField
            name="phone"
            label="Phone number"
            type="tel"
            autoComplete="tel"
            hint="US numbers only. We do not share your phone number with anyone."
            defaultValue={forms.phone?.values?.phone ?? formatPhone(settings.phone)}
            error={forms.phone?.errors?.phone}
          />
          <FormField
            id="phone-password"
            name="password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={forms.phone?.errors?.password}
          />
          <div className="actions">
            <Button>Change phone number</Button>
          </div>
        </PostForm>
        <TwoFactorSection settings={settings} forms={forms} />
      </section>

      <NotificationsSection
        settings={settings}
        state={forms.notifications}
        messagesState={forms.messageNotifications}
      />

      <section className="card" aria-labelledby="password-heading">
        <h2 id="password-heading">Password</h2>
        <PasswordChangeForm state={forms.password} from="account-preferences" />
      </section>
    </div>
  );
}

function TwoFactorSection({ settings, forms }: { settings: AccountSettingsView; forms: AccountSettingsForms }) {
  const { enrolled, phoneLastFour } = settings.twoFactor;
  return (
    <div className="two-factor" id="two-factor">
      <h3>Two-factor authentication</h3>
      {enrolled ? (
        <p>
          <strong>On.</strong> When you log in on a new device we text a code to the phone number ending in{' '}
          <strong>{phoneLastFour}</strong>.
        </p>
      ) : (
        <p>
          Off. With two-factor authentication on, logging in on a new device also needs a code we text to your phone.
        </p>
      )}
      {settings.twoFactorOffered ? (
        <>
          <ol className="steps" aria-label="Two-factor setup steps">
            <li aria-current="step">Enter phone</li>
            <li>Enter code</li>
            <li>Confirmed</li>
          </ol>
          <PostForm action="/account-preferences/two-factor" noValidate>
            <FormField
              id="two-factor-phone"
              name="phone_number"
              label={enrolled ? 'New phone number for codes' : 'Phone number for codes'}
              type="tel"
              autoComplete="tel"
              defaultValue={forms.twoFactor?.values?.phone_number ?? ''}
              error={forms.twoFactor?.errors?.phone_number}
            />
            <FormField
              id="two-factor-password"
              name="password"
              label="Current password"
              type="password"
              autoComplete="current-password"
              error={forms.twoFactor?.errors?.password}
            />
            <div className="actions">
              <Button>Send code</Button>
            </div>
          </PostForm>
        </>
      ) : (
        !enrolled && (
          <p className="hint">
            Two-factor authentication is available with an active membership.{' '}
            <a href="/plan-management">Plan Management</a>
          </p>
        )
      )}
      {enrolled && (
        <PostForm action="/account-preferences/two-factor/removal" noValidate>
          <FormField
            id="two-factor-off-password"
            name="password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={forms.twoFactorOff?.errors?.password}
          />
          <div className="actions">
            <Button variant="secondary">Turn off two-factor authentication</Button>
          </div>
        </PostForm>
      )}
    </div>
  );
}

/**
 * Texts about phone consultations go to the contact phone above; without one the box cannot be ticked
 * (unless it is on already, or was just refused, so it can still be unticked and saved).
 */
function NotificationsSection({
  settings,
  state,
  messagesState,
}: {
  settings: AccountSettingsView;
  state?: FormState;
  messagesState?: FormState;
}) {
  const phone = formatPhone(settings.phone);
  const on = state?.values ? state.values.sms_notifications !== '' : settings.smsNotifications;
  const error = state?.errors?.sms_notifications;
  const editable = Boolean(phone) || settings.smsNotifications || Boolean(error);
  const hint = phone ? (
    <>
      Texts go to <strong>{phone}</strong>, your phone number above, for the profiles whose booking e-mails you receive.
    </>
  ) : (
    'Add a phone number above to get text messages.'
  );
  return (
    <section className="card" id="notifications" aria-labelledby="notifications-heading">
      <h2 id="notifications-heading">Notifications</h2>
      <PostForm action="/account-preferences/notifications" noValidate>
        <Checkbox
          id="sms_notifications"
          name="sms_notifications"
          label="Text me when a client books or cancels a phone consultation"
          checked={on}
          disabled={!editable}
          error={error}
          aria-describedby={['sms_notifications-hint', error && 'sms_notifications-error'].filter(Boolean).join(' ')}
        />
        <p className="hint" id="sms_notifications-hint">
          {hint}
        </p>
        {editable && (
          <div className="actions">
            <Button>Save notifications</Button>
          </div>
        )}
      </PostForm>
      <MessageNotificationsForm settings={settings} state={messagesState} />
    </section>
  );
}

/**
 * Notices of clients' messages and referrals: the client's first name and a link, never what they
 * wrote. E-mail is on unless turned off; texts need the contact phone, as above.
 */
function MessageNotificationsForm({
  settings,
  state,
}: {
  settings: AccountSettingsView;
  state?: FormState | undefined;
}) {
  const phone = formatPhone(settings.phone);
  const posted = state?.values;
  const email = posted ? posted.email_messages !== '' : settings.messageNotifications.email;
  const sms = posted ? posted.sms_messages !== '' : settings.messageNotifications.sms;
  const error = state?.errors?.sms_messages;
  const smsEditable = Boolean(phone) || settings.messageNotifications.sms || Boolean(error);
  return (
    <PostForm
      action="/account-preferences/message-notifications"
      noValidate
      id="message-notifications"
      aria-labelledby="message-notifications-heading"
    >
      <h3 id="message-notifications-heading">Messages and referrals</h3>
      <p className="hint">
        For the profiles whose notifications you receive. We send the client&rsquo;s first name and a link, never what
        they wrote.
      </p>
      <Checkbox
        id="email_messages"
        name="email_messages"
        label="E-mail me when a client writes or a referral arrives"
        checked={email}
      />
      <Checkbox
        id="sms_messages"
        name="sms_messages"
        label="Text me when a client writes or a referral arrives"
        checked={sms}
        disabled={!smsEditable}
        error={error}
        aria-describedby={['sms_messages-hint', error && 'sms_messages-error'].filter(Boolean).join(' ')}
      />
      <p className="hint" id="sms_messages-hint">
        {phone ? (
          <>
            Texts go to <strong>{phone}</strong>.
          </>
        ) : (
          'Add a phone number above to get text messages.'
        )}
      </p>
      <div className="actions">
        <Button>Save message notifications</Button>
      </div>
    </PostForm>
  );
}
