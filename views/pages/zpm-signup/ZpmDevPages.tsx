// Developer pages of /zpm-signup: the local stand-in for the EHR's sign-up form (never in production),
// and /practice-management-post-message-test, which frames that form and lists the messages it hears.
import { Island } from '../../components/Island';
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { Button } from '../../components/ui/Button';
import { EmbeddedFrame } from '../../components/ui/EmbeddedFrame';
import { Notice } from '../../components/ui/Notice';

export interface StandInProps {
  action: string;
  value: string;
  error?: string;
  /** After the form: the clinic made and the message to send to the portal page that frames this one. */
  made?: { clinicId: string; url: string; targetOrigin: string; continueHref: string };
}

export function ZpmStandInFormPage({ action, value, error, made }: StandInProps) {
  if (made) {
    return (
      <>
        <Notice tone="success">
          Clinic <code>{made.clinicId}</code> made at {made.url}.
        </Notice>
        <Island
          name="ZpmSignupMessages"
          props={{ mode: 'send', targetOrigin: made.targetOrigin, message: { url: made.url, clinicId: made.clinicId } }}
        />
        <p>
          <a href={made.continueHref} target="_top">
            Continue to payment
          </a>
        </p>
      </>
    );
  }
  return (
    <>
      <p className="hint">
        Local stand-in for the EHR's sign-up form: it makes a clinic and tells the portal page that frames it.
      </p>
      <PostForm action={action} noValidate>
        <FormField
          name="subdomain"
          label="Your practice's web address"
          hint="Letters, digits and dashes, e.g. calm-waters"
          defaultValue={value}
          error={error}
          autoComplete="off"
        />
        <div className="actions">
          <Button>Create my practice management account</Button>
        </div>
      </PostForm>
    </>
  );
}

export function PostMessageTestPage({ formUrl, allowedOrigin }: { formUrl: string | null; allowedOrigin: string }) {
  return (
    <>
      <p>
        The practice management sign-up form, framed as on <a href="/zpm-signup">/zpm-signup</a>; each message it sends
        is listed with whether /zpm-signup would accept it. The whole flow inside a frame:{' '}
        <a href="/zpm-signup/iframe-test">/zpm-signup/iframe-test</a>.
      </p>
      {formUrl ? (
        <EmbeddedFrame src={formUrl} title="Practice management sign-up" height={420} />
      ) : (
        <Notice tone="warning">No sign-up form is set up (ZPM_SIGNUP_FORM_URL).</Notice>
      )}
      <Island name="ZpmSignupMessages" props={{ mode: 'log', allowedOrigin }} />
    </>
  );
}
