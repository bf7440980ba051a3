// /account-preferences/phone: the contact phone (spec 1 §5 Phone), asking for the current password. The
// two-factor phone is separate: it is only ever set through a code sent to it.
import { FormField } from '../../components/form/FormField';
import { formatPhone } from '../../components/format';
import type { AccountSettingsView } from './AccountPreferencesPage';
import type { FormState } from './PasswordChangeForm';
import { CurrentPasswordField, SettingsForm } from './SettingsForm';

export function PhoneChangePage({ settings, state = {} }: { settings: AccountSettingsView; state?: FormState }) {
  return (
    <section className="card">
      <SettingsForm action="/account-preferences/phone" submitLabel="Change phone number">
        <FormField
          name="phone"
          className="input--15ch"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          hint="US numbers only. We do not share your phone number with anyone."
          defaultValue={state.values?.phone ?? formatPhone(settings.phone)}
          error={state.errors?.phone}
        />
        <CurrentPasswordField error={state.errors?.password} />
      </SettingsForm>
    </section>
  );
}
