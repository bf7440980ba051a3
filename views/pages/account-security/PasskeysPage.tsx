// /account-preferences/passkeys: the user's passkeys (issue [25] item 2), each with when it was added and
// last used, renamed on a page of its own and removed (asked first); and adding one, which needs JavaScript
// (the Passkey island; without it, a note says so).
import { Island } from '../../components/Island';
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { FormError } from '../../components/form/FieldError';
import { Button, ButtonLink } from '../../components/ui/Button';
import { DataTable } from '../../components/ui/DataTable';
import { BackToSettings, SETTINGS_PATH } from '../account-preferences/SettingsForm';
import { formatSeen } from './SessionsPage';

export interface PasskeyRowView {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export const PASSKEY_PATHS = {
  list: `${SETTINGS_PATH}/passkeys`,
  options: `${SETTINGS_PATH}/passkeys/options`,
  one: (id: number) => `${SETTINGS_PATH}/passkeys/${id}`,
  removal: (id: number) => `${SETTINGS_PATH}/passkeys/${id}/removal`,
} as const;

export const removeQuestion = (name: string) => `Remove the passkey “${name}”?`;

export function PasskeysPage({
  passkeys,
  timeZone,
  defaultName,
  form,
}: {
  passkeys: PasskeyRowView[];
  timeZone: string;
  /** What a new passkey is called when its name is left empty (the browser and system). */
  defaultName: string;
  /** A refused addition: what was typed and the messages. */
  form?: { name: string; errors: Record<string, string> };
}) {
  return (
    <section className="card passkeys-page">
      <p>
        A passkey signs you in with your device’s screen lock, fingerprint or face instead of your password, and counts
        as both steps of two-factor sign-in. Your password keeps working, with your second factor.
      </p>
      {passkeys.length > 0 ? (
        <DataTable
          caption="Your passkeys"
          rows={passkeys}
          rowKey={(p) => p.id}
          columns={[
            { heading: 'Name', cell: (p) => p.name },
            { heading: 'Added', cell: (p) => <time dateTime={p.createdAt}>{formatSeen(p.createdAt, timeZone)}</time> },
            {
              heading: 'Last used',
              cell: (p) =>
                p.lastUsedAt ? <time dateTime={p.lastUsedAt}>{formatSeen(p.lastUsedAt, timeZone)}</time> : 'Not yet',
            },
            {
              heading: 'Actions',
              hidden: true,
              cell: (p) => (
                <div className="row-actions">
                  <a href={PASSKEY_PATHS.one(p.id)}>
                    Rename<span className="visually-hidden">{` ${p.name}`}</span>
                  </a>
                  <PostForm
                    action={PASSKEY_PATHS.removal(p.id)}
                    className="inline-form"
                    data-confirm={removeQuestion(p.name)}
                  >
                    <Button variant="danger-outline">
                      Remove<span className="visually-hidden">{` ${p.name}`}</span>
                    </Button>
                  </PostForm>
                </div>
              ),
            },
          ]}
        />
      ) : (
        <p className="hint">You have no passkeys yet.</p>
      )}
      <h2>Add a passkey</h2>
      {/* Shown here too for the name: the island's field appears only once its script runs. */}
      <FormError id="passkey-form" message={form?.errors.form ?? form?.errors.name} />
      <Island
        name="Passkey"
        props={{
          mode: 'register',
          optionsUrl: PASSKEY_PATHS.options,
          action: PASSKEY_PATHS.list,
          defaultName,
          ...(form ? { name: form.name } : {}),
          ...(form?.errors.name ? { nameError: form.errors.name } : {}),
        }}
      />
      <BackToSettings />
    </section>
  );
}

export function RenamePasskeyPage({
  passkey,
  value,
  error,
}: {
  passkey: PasskeyRowView;
  value?: string;
  error?: string;
}) {
  const field = `name-${passkey.id}`;
  return (
    <section className="card passkeys-page">
      <PostForm action={PASSKEY_PATHS.one(passkey.id)} noValidate>
        <FormField
          name="name"
          id={field}
          label="Passkey name"
          hint="A name that tells you which device or account it is on."
          maxLength={60}
          autoComplete="off"
          defaultValue={value ?? passkey.name}
          error={error}
        />
        <div className="actions">
          <Button>Save name</Button>
          <ButtonLink href={PASSKEY_PATHS.list}>Cancel</ButtonLink>
        </div>
      </PostForm>
    </section>
  );
}
