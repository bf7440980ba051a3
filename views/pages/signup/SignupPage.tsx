// The registration form (spec 1 §2 Registration page, §5 Registration form) for the three ways in:
// a new account, an invitation, and a client adding a provider account. The profile type is chosen
// with links (so the form shows only the fields of that type without JavaScript).
import { CaptchaWidget, type CaptchaWidgetProps } from '../../components/CaptchaWidget';
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/form/Checkbox';
import { FieldError, FormError } from '../../components/form/FieldError';

export type SignupMode = 'new' | 'invite' | 'from-client';
export type ProfileType = 'individual' | 'practice';

export interface OfferView {
  kind: 'partner' | 'referral';
  text: string;
  partnerName?: string;
  code?: string;
}

export interface SignupPageProps {
  mode: SignupMode;
  action: string;
  type: ProfileType;
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
  offer: OfferView | null;
  /** Hidden fields that carry the offer through the post (partner / referral). */
  carry: Record<string, string>;
  /** The href of each profile-type choice (new and from-client only). */
  typeLinks?: Record<ProfileType, string>;
  passwordHint: string;
  /** from-client: the visitor proves who they are with the client login. */
  askClientLogin?: boolean;
  /** The invited profile's name, or for a team invitation the account's (with inviteRoleLabel). */
  invitedTo?: string;
  inviteRoleLabel?: string | null;
  referralChoices: Record<string, string>;
  honeypotField: string;
  /** The bot-check provider's widget (null: the local check, the honeypot alone). */
  captcha?: CaptchaWidgetProps | null;
}

export const WIZARD_STEPS = ['Create Account', 'Locations', 'About You', 'Your Practice', 'Photos', 'Go Live'] as const;

export function WizardProgress({ current }: { current: number }) {
  return (
    <ol className="steps wizard-steps" aria-label="Signup steps">
      {WIZARD_STEPS.map((step, index) => (
        <li key={step} aria-current={index === current ? 'step' : undefined}>
          {step}
        </li>
      ))}
    </ol>
  );
}

export function OfferBanner({ offer }: { offer: OfferView }) {
  if (offer.kind === 'partner') {
    return (
      <div className="offer-banner" role="note" aria-label="Partner offer">
        <strong>Welcome, {offer.partnerName} member!</strong> You get <strong>{offer.text}</strong> of your membership;
        the offer is applied when you choose your plan.
      </div>
    );
  }
  return (
    <div className="offer-banner" role="note" aria-label="Referral offer">
      <strong>A colleague referred you.</strong> You both get <strong>$49 off</strong> ({offer.text}) when you start
      your membership.
    </div>
  );
}

export function SignupPage(props: SignupPageProps) {
  const { mode, action, type, values, errors, formError, offer, carry, typeLinks } = props;
  const v = (name: string) => values[name] ?? '';
  // An individual's phone is required; invited and group-practice signups may leave it out (spec 1 §5 Phone).
  const phoneOptional = mode === 'invite' || type === 'practice';
  return (
    <>
      <WizardProgress current={0} />
      {offer && <OfferBanner offer={offer} />}
      {mode === 'invite' && props.invitedTo && (
        <p>
          <InvitedTo name={props.invitedTo} roleLabel={props.inviteRoleLabel ?? null} /> Create your login to accept.
        </p>
      )}
      {mode === 'from-client' && (
        <p>
          Add a therapist profile to the login you use as a client: you will keep one e-mail address and one password
          for both.
        </p>
      )}
      <FormError id="signup-error" message={formError} />
      {typeLinks && (
        <nav className="type-choice" aria-label="Profile type">
          <a href={typeLinks.individual} aria-current={type === 'individual' ? 'page' : undefined}>
            I am an individual clinician
          </a>
          <a href={typeLinks.practice} aria-current={type === 'practice' ? 'page' : undefined}>
            We are a group practice
          </a>
        </nav>
      )}
      <PostForm action={action} noValidate className="signup-form">
        {mode !== 'invite' && <input type="hidden" name="type" value={type} />}
        {Object.entries(carry).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}

        {type === 'individual' || mode === 'invite' ? (
          <>
            <FormField
              name="first_name"
              label="First name"
              autoComplete="given-name"
              defaultValue={v('first_name')}
              error={errors.first_name}
            />
            <FormField
              name="last_name"
              label="Last name"
              autoComplete="family-name"
              defaultValue={v('last_name')}
              error={errors.last_name}
            />
          </>
        ) : (
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
            <fieldset
              className={errors.send_referrals_to ? 'field field--error choice' : 'field choice'}
              aria-describedby={errors.send_referrals_to ? 'send_referrals_to-error' : undefined}
            >
              <legend>Where should we send client referrals?</legend>
              <FieldError
                id="send_referrals_to"
                error={errors.send_referrals_to}
                target={`send_referrals_to-${Object.keys(props.referralChoices)[0]}`}
              />
              {Object.entries(props.referralChoices).map(([value, label]) => (
                <div className="field--check" key={value}>
                  <input
                    type="radio"
                    id={`send_referrals_to-${value}`}
                    name="send_referrals_to"
                    value={value}
                    defaultChecked={v('send_referrals_to') === value}
                  />
                  <label htmlFor={`send_referrals_to-${value}`}>{label}</label>
                </div>
              ))}
            </fieldset>
          </>
        )}

        {mode !== 'from-client' || props.askClientLogin ? (
          <FormField
            name="email"
            label="Email"
            type="email"
            autoComplete={mode === 'from-client' ? 'username' : 'email'}
            hint={mode === 'from-client' ? 'The e-mail address of your client login.' : undefined}
            defaultValue={v('email')}
            error={errors.email}
          />
        ) : null}
        <FormField
          name="phone_number"
          className="input--15ch"
          label={phoneOptional ? 'Phone number (optional)' : 'Phone number'}
          type="tel"
          autoComplete="tel"
          hint="US numbers only. We do not share your phone number with anyone."
          defaultValue={v('phone_number')}
          error={errors.phone_number}
        />
        {mode === 'from-client' ? (
          props.askClientLogin && (
            <FormField
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              hint="The password of your client login."
              error={errors.password}
            />
          )
        ) : (
          <>
            <FormField
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
              hint={props.passwordHint}
              error={errors.password}
            />
            <FormField
              name="password_confirmation"
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              error={errors.password_confirmation}
            />
          </>
        )}

        <div className="hp-field" aria-hidden="true">
          <label htmlFor={props.honeypotField}>Leave this field empty</label>
          <input
            id={props.honeypotField}
            name={props.honeypotField}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        {props.captcha && <CaptchaWidget {...props.captcha} />}

        <Checkbox
          id="terms"
          name="terms"
          label="I agree to the terms of service"
          checked={v('terms') === '1'}
          error={errors.terms}
        />

        <div className="actions">
          <Button>{mode === 'from-client' ? 'Add my therapist profile' : 'Create Account'}</Button>
        </div>
      </PostForm>
      {mode !== 'from-client' && (
        <p>
          Already have an account? <a href="/login">Log in</a>
        </p>
      )}
      <blockquote className="callout">
        <p>“Setting up my profile took one evening, and the first referral came the week after.”</p>
        <footer>— a licensed therapist in New York</footer>
      </blockquote>
    </>
  );
}

/** What an invitation offers: work on a profile, or a role on a practice's team. */
export function InvitedTo({ name, roleLabel }: { name: string; roleLabel: string | null }) {
  return roleLabel ? (
    <>
      You have been invited to join the team of <strong>{name}</strong> as {roleLabel.toLowerCase()}.
    </>
  ) : (
    <>
      You have been invited to work on the profile of <strong>{name}</strong>.
    </>
  );
}
