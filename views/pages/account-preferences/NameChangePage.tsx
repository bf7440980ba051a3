// /account-preferences/name: the name change form (spec 1 §5 Account settings: first and last name, or a company name).
import { FormField } from '../../components/form/FormField';
import type { AccountSettingsView } from './AccountPreferencesPage';
import type { FormState } from './PasswordChangeForm';
import { SettingsForm } from './SettingsForm';

export function NameChangePage({ settings, state = {} }: { settings: AccountSettingsView; state?: FormState }) {
  const name = { ...settings.name, ...state.values };
  const errors = state.errors ?? {};
  return (
    <section className="card">
      <p className="hint">Enter your first and last name, or a company name.</p>
      <SettingsForm action="/account-preferences/name" submitLabel="Save name">
        <FormField
          name="first_name"
          label="First name"
          autoComplete="given-name"
          defaultValue={name.first_name}
          error={errors.first_name}
        />
        <FormField
          name="middle_name"
          label="Middle name (optional)"
          autoComplete="additional-name"
          defaultValue={name.middle_name}
          error={errors.middle_name}
        />
        <FormField
          name="last_name"
          label="Last name"
          autoComplete="family-name"
          defaultValue={name.last_name}
          error={errors.last_name}
        />
        <FormField
          name="company_name"
          label="Company name"
          autoComplete="organization"
          defaultValue={name.company_name}
          error={errors.company_name}
        />
      </SettingsForm>
    </section>
  );
}
