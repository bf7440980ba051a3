// /account-preferences/notifications: texts about bookings (issue [11]). They go to the contact phone; without
// one there is nothing to turn on (unless texts are on already, or were just refused, so they can be turned off).
import { Checkbox } from '../../components/form/Checkbox';
import { formatPhone } from '../../components/format';
import { SETTING_PATHS, type AccountSettingsView } from './AccountPreferencesPage';
import type { FormState } from './PasswordChangeForm';
import { BackToSettings, SettingsForm } from './SettingsForm';

export function NotificationsPage({ settings, state }: { settings: AccountSettingsView; state?: FormState }) {
  const phone = formatPhone(settings.phone);
  const on = state?.values ? state.values.sms_notifications !== '' : settings.smsNotifications;
  const error = state?.errors?.sms_notifications;
  if (!phone && !settings.smsNotifications && !error)
    return (
      <section className="card">
        <p>
          We can text you when a client books or cancels a phone consultation.{' '}
          <a href={SETTING_PATHS.phone}>Add a phone number</a> to get text messages.
        </p>
        <BackToSettings />
      </section>
    );
  return (
    <section className="card">
      <SettingsForm action="/account-preferences/notifications" submitLabel="Save notifications">
        <Checkbox
          id="sms_notifications"
          name="sms_notifications"
          label="Text me when a client books or cancels a phone consultation"
          checked={on}
          error={error}
          aria-describedby={['sms_notifications-hint', error && 'sms_notifications-error'].filter(Boolean).join(' ')}
        />
        <p className="hint" id="sms_notifications-hint">
          {phone ? (
            <>
              Texts go to <strong>{phone}</strong>, your phone number, for the profiles whose booking e-mails you
              receive.
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
