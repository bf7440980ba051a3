// /account-preferences: a summary of the account's settings (spec 1 §2 Account Settings screen: e-mail, name,
// phone and two-factor, password; and the notifications of issues [11] and [12]), each row with a Change
// link to a page holding that one form (issue [21]).
import type { ReactNode } from 'react';
import { formatDay, formatPhone } from '../../components/format';
import { Label } from '../../components/ui/Label';
import { SummaryList } from '../../components/ui/SummaryList';
import { SETTINGS_PATH } from './SettingsForm';

export interface AccountSettingsView {
  email: string;
  emailConfirmed: boolean;
  name: { first_name: string; middle_name: string; last_name: string; company_name: string };
  phone: string | null;
  twoFactor: { enrolled: boolean; phoneLastFour: string | null };
  authenticator: { on: boolean; recoveryCodesLeft: number };
  smsNotifications: boolean;
  messageNotifications: { email: boolean; sms: boolean };
  /** When the password was last changed or reset (ISO), if the audit trail knows. */
  passwordChangedAt: string | null;
}

/** The single-purpose page of each setting. */
export const SETTING_PATHS = {
  email: `${SETTINGS_PATH}/email`,
  name: `${SETTINGS_PATH}/name`,
  phone: `${SETTINGS_PATH}/phone`,
  twoFactor: `${SETTINGS_PATH}/two-factor`,
  twoFactorOff: `${SETTINGS_PATH}/two-factor/removal`,
  notifications: `${SETTINGS_PATH}/notifications`,
  messageNotifications: `${SETTINGS_PATH}/message-notifications`,
  password: `${SETTINGS_PATH}/password`,
} as const;

function change(href: string, what: string) {
  return (
    <a href={href}>
      Change<span className="visually-hidden">{` ${what}`}</span>
    </a>
  );
}

const fullName = ({ first_name, middle_name, last_name }: AccountSettingsView['name']) =>
  [first_name, middle_name, last_name].filter(Boolean).join(' ');

function messageChannels({ email, sms }: AccountSettingsView['messageNotifications']): string {
  if (email && sms) return 'By e-mail and text message';
  if (email) return 'By e-mail';
  if (sms) return 'By text message';
  return 'Off';
}

function twoFactorValue(settings: AccountSettingsView): ReactNode {
  const { enrolled, phoneLastFour } = settings.twoFactor;
  if (enrolled)
    return (
      <>
        <Label state="success">On</Label> {`Codes go to the phone number ending in ${phoneLastFour}.`}
      </>
    );
  return <Label>Off</Label>;
}

function authenticatorValue({ on, recoveryCodesLeft }: AccountSettingsView['authenticator']): ReactNode {
  if (!on) return <Label>Off</Label>;
  return (
    <>
      <Label state="success">On</Label>{' '}
      {`${recoveryCodesLeft} recovery code${recoveryCodesLeft === 1 ? '' : 's'} left.`}
    </>
  );
}

export function AccountPreferencesPage({ settings }: { settings: AccountSettingsView }) {
  const name = fullName(settings.name);
  const company = settings.name.company_name;
  const phone = formatPhone(settings.phone);
  return (
    <section className="card settings-summary">
      <SummaryList
        rows={[
          {
            label: 'Email',
            value: `${settings.email}${settings.emailConfirmed ? '' : ' (not confirmed yet)'}`,
            action: change(SETTING_PATHS.email, 'email'),
          },
          {
            label: 'Name',
            value: [name, company].filter(Boolean).join(', '),
            action: change(SETTING_PATHS.name, 'name'),
          },
          { label: 'Phone', value: phone, action: change(SETTING_PATHS.phone, 'phone') },
          {
            label: 'Two-factor authentication',
            value: twoFactorValue(settings),
            action: change(SETTING_PATHS.twoFactor, 'two-factor authentication'),
          },
          {
            label: 'Authenticator app',
            value: authenticatorValue(settings.authenticator),
            action: change(`${SETTINGS_PATH}/authenticator`, 'authenticator app'),
          },
          {
            label: 'Passkeys',
            value: 'Sign in with your device instead of your password',
            action: change(`${SETTINGS_PATH}/passkeys`, 'passkeys'),
          },
          {
            label: 'Signed-in devices',
            value: 'See where your account is signed in',
            action: change(`${SETTINGS_PATH}/sessions`, 'signed-in devices'),
          },
          {
            label: 'Texts about bookings',
            value: settings.smsNotifications ? (phone ? `On: texts go to ${phone}` : 'On') : 'Off',
            action: change(SETTING_PATHS.notifications, 'texts about bookings'),
          },
          {
            label: 'Messages and referrals',
            value: messageChannels(settings.messageNotifications),
            action: change(SETTING_PATHS.messageNotifications, 'notices of messages and referrals'),
          },
          {
            label: 'Password',
            value: settings.passwordChangedAt
              ? `Last changed ${formatDay(settings.passwordChangedAt.slice(0, 10))}`
              : 'Hidden',
            action: change(SETTING_PATHS.password, 'password'),
          },
        ]}
      />
    </section>
  );
}
