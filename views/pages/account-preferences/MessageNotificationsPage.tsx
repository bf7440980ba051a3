// /account-preferences/message-notifications: notices of clients' messages and referrals (issue [12]): the
// client's first name and a link, never what they wrote. E-mail is on unless turned off; texts need the
// contact phone, as the texts about bookings do.
import { Checkbox } from '../../components/form/Checkbox';
import { formatPhone } from '../../components/format';
import { SETTING_PATHS, type AccountSettingsView } from './AccountPreferencesPage';
import type { FormState } from './PasswordChangeForm';
import { SettingsForm } from './SettingsForm';

export function MessageNotificationsPage({ settings, state }: { settings: AccountSettingsView; state?: FormState }) {
  const phone = formatPhone(settings.phone);
  const posted = state?.values;
  const email = posted ? posted.email_messages !== '' : settings.messageNotifications.email;
  const sms = posted ? posted.sms_messages !== '' : settings.messageNotifications.sms;
  const error = state?.errors?.sms_messages;
  const smsEditable = Boolean(phone) || settings.messageNotifications.sms || Boolean(error);
  return (
    <section className="card">
      <p className="hint">
        For the profiles whose notifications you receive. We send the client&rsquo;s first name and a link, never what
        they wrote.
      </p>
      <SettingsForm action="/account-preferences/message-notifications" submitLabel="Save message notifications">
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
            <>
              <a href={SETTING_PATHS.phone}>Add a phone number</a> to get text messages.
            </>
          )}
        </p>
      </SettingsForm>
    </section>
  );
}
