// /contact, "Contact Us" (spec 1 §2, §7): first name, last name, e-mail and the message, handed to the
// marketing form provider with the sender's ids (added by the server, never part of the form).
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/form/FieldError';

export interface ContactValues {
  firstname: string;
  lastname: string;
  email: string;
  message: string;
}

export function ContactPage({
  action,
  values,
  errors,
  supportEmail,
  maxMessage,
}: {
  action: string;
  values: ContactValues;
  errors: Record<string, string>;
  supportEmail: string;
  maxMessage: number;
}) {
  return (
    <div className="contact-page">
      <section className="card" aria-labelledby="contact-heading">
        <h2 id="contact-heading">Send us a message</h2>
        <p>
          Questions about your profile, your membership, billing or a benefit? Write to us and our team answers within
          one business day. You can also e-mail <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or look for an
          answer in the <a href="/help-desk">Help Desk</a>.
        </p>
        <PostForm action={action} className="contact-form" noValidate data-warn-unsaved="">
          <div className="field-row">
            <FormField
              name="firstname"
              label="First name"
              autoComplete="given-name"
              defaultValue={values.firstname}
              error={errors.firstname}
              required
            />
            <FormField
              name="lastname"
              label="Last name"
              autoComplete="family-name"
              defaultValue={values.lastname}
              error={errors.lastname}
              required
            />
          </div>
          <FormField
            name="email"
            type="email"
            label="Email"
            autoComplete="email"
            defaultValue={values.email}
            error={errors.email}
            required
          />
          <div className={errors.message ? 'field field--error' : 'field'}>
            <label htmlFor="message">Message</label>
            <p className="hint" id="message-hint">
              Up to {maxMessage.toLocaleString('en-US')} characters. Please do not include client information.
            </p>
            <FieldError id="message" error={errors.message} />
            <textarea
              id="message"
              name="message"
              rows={8}
              required
              defaultValue={values.message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'message-hint message-error' : 'message-hint'}
            />
          </div>
          <div className="actions">
            <Button>Send message</Button>
          </div>
        </PostForm>
      </section>
    </div>
  );
}
