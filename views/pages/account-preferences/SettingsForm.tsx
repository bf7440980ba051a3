// One Account Settings form on a page of its own: its fields, one primary button, and a Cancel link back
// to the summary (nothing is saved by leaving).
import type { FormHTMLAttributes, ReactNode } from 'react';
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { Button, type ButtonVariant } from '../../components/ui/Button';

export const SETTINGS_PATH = '/account-preferences';

export function SettingsForm({
  action,
  submitLabel,
  submitVariant = 'primary',
  children,
  ...rest
}: {
  action: string;
  submitLabel: string;
  submitVariant?: 'primary' | Extract<ButtonVariant, 'danger'>;
  children: ReactNode;
} & Omit<FormHTMLAttributes<HTMLFormElement>, 'action'>) {
  return (
    <PostForm action={action} noValidate {...rest}>
      {children}
      <div className="actions">
        <Button variant={submitVariant}>{submitLabel}</Button>
        <a href={SETTINGS_PATH}>Cancel</a>
      </div>
    </PostForm>
  );
}

/** A setting that cannot be changed right now: why, and the way back. */
export function BackToSettings() {
  return (
    <p>
      <a href={SETTINGS_PATH}>Back to Account Settings</a>
    </p>
  );
}

/** Asked by the e-mail, phone and two-factor forms, so an open session cannot take the account over. */
export function CurrentPasswordField({ error }: { error?: string | undefined }) {
  return (
    <FormField name="password" label="Current password" type="password" autoComplete="current-password" error={error} />
  );
}
