// Create a new profile (spec 1 §2, §5 Create profile, §6): choose the type (for you, your practice or
// your provider), then that type's form. The type is chosen with links, so the form shows only the
// fields of that type without JavaScript.
import { PostForm } from '../../components/PostForm';
import { RadioGroup } from '../../components/form/ChoiceGroup';
import { FormField } from '../../components/form/FormField';
import { Button } from '../../components/ui/Button';
import { FormError } from '../../components/form/FieldError';

export type CreationType = 'individual' | 'practice' | 'new-user';

export interface TypeChoice {
  type: CreationType;
  label: string;
  description: string;
  href: string;
}

export interface CreateProfilePageProps {
  /** Null until a type is chosen: the page then only offers the choice. */
  type: CreationType | null;
  choices: TypeChoice[];
  /** The owned accounts a profile can go into; a choice only when there are several. */
  accounts: { id: number; name: string }[];
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
}

export function CreateProfilePage({ type, choices, accounts, values, errors, formError }: CreateProfilePageProps) {
  const v = (name: string) => values[name] ?? '';
  const chosen = choices.find((c) => c.type === type);
  return (
    <>
      <FormError id="profile-error" message={formError} />
      <nav className="type-choice" aria-label="Choose a profile type">
        {choices.map((choice) => (
          <a key={choice.type} href={choice.href} aria-current={choice.type === type ? 'page' : undefined}>
            {choice.label}
          </a>
        ))}
      </nav>
      <FormError id="type-error" message={errors.type} />
      {!chosen ? (
        <>
          <h2>Choose a profile type</h2>
          <ul className="type-descriptions">
            {choices.map((choice) => (
              <li key={choice.type}>
                <a href={choice.href}>{choice.label}</a>: {choice.description}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <h2>{chosen.label}</h2>
          <p>{chosen.description}</p>
          <PostForm action="/profiles/create" noValidate className="create-profile-form">
            <input type="hidden" name="type" value={chosen.type} />
            {accounts.length > 1 ? (
              <div className={errors.account_id ? 'field field--error' : 'field'}>
                <label htmlFor="account_id">Account</label>
                <select id="account_id" name="account_id" defaultValue={v('account_id') || String(accounts[0]!.id)}>
                  {accounts.map((account) => (
                    <option key={account.id} value={account.id}>
                      {account.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              accounts[0] && <input type="hidden" name="account_id" value={accounts[0].id} />
            )}

            {chosen.type === 'practice' ? (
              <>
                <FormField
                  name="company_name"
                  label="Company name"
                  autoComplete="organization"
                  defaultValue={v('company_name')}
                  error={errors.company_name}
                />
                <FormField
                  name="full_name"
                  label="Full name"
                  hint="The head of the practice."
                  autoComplete="name"
                  defaultValue={v('full_name')}
                  error={errors.full_name}
                />
                <RadioGroup
                  stacked
                  idPrefix="practice_owner"
                  name="practice_owner"
                  legend="Whose practice is this?"
                  value={v('practice_owner') || 'me'}
                  options={[
                    { value: 'me', label: 'My own practice' },
                    { value: 'someone-else', label: "Someone else's practice" },
                  ]}
                  error={errors.practice_owner}
                />
                <fieldset className="fieldset" aria-describedby="practice-owner-hint">
                  <legend>The practice owner</legend>
                  <p className="hint" id="practice-owner-hint">
                    Only for someone else&apos;s practice: we invite its owner by email to manage the profile.
                  </p>
                  <FormField
                    name="owner_first_name"
                    label="Owner first name"
                    autoComplete="off"
                    defaultValue={v('owner_first_name')}
                    error={errors.owner_first_name}
                  />
                  <FormField
                    name="owner_last_name"
                    label="Owner last name"
                    autoComplete="off"
                    defaultValue={v('owner_last_name')}
                    error={errors.owner_last_name}
                  />
                  <FormField
                    name="owner_email"
                    label="Owner email"
                    type="email"
                    autoComplete="off"
                    defaultValue={v('owner_email')}
                    error={errors.owner_email}
                  />
                  <FormField
                    name="owner_phone_number"
                    className="input--15ch"
                    label="Owner phone number"
                    type="tel"
                    autoComplete="off"
                    hint="US numbers only."
                    defaultValue={v('owner_phone_number')}
                    error={errors.owner_phone_number}
                  />
                </fieldset>
              </>
            ) : (
              <>
                <FormField
                  name="first_name"
                  label="First name"
                  autoComplete={chosen.type === 'individual' ? 'given-name' : 'off'}
                  defaultValue={v('first_name')}
                  error={errors.first_name}
                />
                <FormField
                  name="last_name"
                  label="Last name"
                  autoComplete={chosen.type === 'individual' ? 'family-name' : 'off'}
                  defaultValue={v('last_name')}
                  error={errors.last_name}
                />
              </>
            )}

            {chosen.type === 'new-user' && (
              <>
                <FormField
                  name="email"
                  label="Provider email"
                  type="email"
                  autoComplete="off"
                  hint="We send your provider an invitation to create their login and take over the profile."
                  defaultValue={v('email')}
                  error={errors.email}
                />
                <RadioGroup
                  stacked
                  idPrefix="contact_email_choice"
                  name="contact_email_choice"
                  legend="Where should client emails go?"
                  value={v('contact_email_choice') || 'provider-email'}
                  options={[
                    { value: 'provider-email', label: "To your provider's email" },
                    { value: 'other-email', label: 'To another email' },
                    { value: 'owner-email', label: 'To my email' },
                  ]}
                  error={errors.contact_email_choice}
                />
                <FormField
                  name="other_email_value"
                  label="Other email"
                  type="email"
                  autoComplete="off"
                  hint="Only when client emails go to another email."
                  defaultValue={v('other_email_value')}
                  error={errors.other_email_value}
                />
                <RadioGroup
                  stacked
                  idPrefix="ownerHasClinicianPermission"
                  name="ownerHasClinicianPermission"
                  legend="Do you want to keep access to this profile?"
                  hint="With access you can edit the profile and receive its notifications."
                  value={v('ownerHasClinicianPermission')}
                  options={[
                    { value: 'yes', label: 'Yes, I keep edit access and notifications' },
                    { value: 'no', label: 'No, only my provider manages it' },
                  ]}
                  error={errors.ownerHasClinicianPermission}
                />
              </>
            )}

            <FormField
              name="phone_number"
              className="input--15ch"
              label={chosen.type === 'new-user' ? 'Phone number (optional)' : 'Phone number'}
              type="tel"
              autoComplete={chosen.type === 'new-user' ? 'off' : 'tel'}
              hint="US numbers only. We do not share your phone number with anyone."
              defaultValue={v('phone_number')}
              error={errors.phone_number}
            />
            <div className="actions">
              <Button>Create profile</Button>
              <a href="/profiles">Cancel</a>
            </div>
          </PostForm>
        </>
      )}
    </>
  );
}
