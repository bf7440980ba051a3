// Passkeys in the browser (issue [25] item 2): the "Sign in with a passkey" button of /login, and adding a
// passkey in Account Settings. WebAuthn has no form without JavaScript, so the server renders nothing to press
// (sign-in) or a note (adding); once running, the island asks its route for options, lets the browser make or
// use the passkey (@simplewebauthn/browser, loaded on click), and posts the answer as a plain form: the server
// answers it like any form (a redirect with a flash, or the page again with the message).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormField } from '../views/components/form/FormField';
import { Button } from '../views/components/ui/Button';

export type PasskeyProps =
  | {
      mode: 'sign-in';
      optionsUrl: string;
      action: string;
      /** Carried through like the password form's (origin, redirect, next). */
      fields: Record<string, string>;
    }
  | { mode: 'register'; optionsUrl: string; action: string; defaultName: string; nameError?: string; name?: string };

const csrf = () => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';

async function optionsFrom(url: string): Promise<unknown> {
  const answer = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': csrf() },
    body: '{}',
  });
  if (answer.status === 429) throw new Error('throttled');
  if (!answer.ok) throw new Error(`options ${answer.status}`);
  return answer.json();
}

const NOT_DONE_SIGN_IN =
  'Signing in with a passkey was cancelled or did not work. Try again, or log in with your password.';
const NOT_DONE_REGISTER = 'The passkey was not added: it was cancelled or did not work. Please try again.';
const THROTTLED = 'There have been too many attempts. Please try again later.';

export default function Passkey(props: PasskeyProps) {
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const response = useRef<HTMLInputElement>(null);
  const token = useRef<HTMLInputElement>(null);

  useEffect(() => setSupported(typeof window.PublicKeyCredential === 'function'), []);

  async function run(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const webauthn = await import('@simplewebauthn/browser');
      const optionsJSON = await optionsFrom(props.optionsUrl);
      const answer =
        props.mode === 'sign-in'
          ? await webauthn.startAuthentication({ optionsJSON: optionsJSON as never })
          : await webauthn.startRegistration({ optionsJSON: optionsJSON as never });
      response.current!.value = JSON.stringify(answer);
      token.current!.value = csrf();
      form.current!.submit();
    } catch (error) {
      setBusy(false);
      const throttled = error instanceof Error && error.message === 'throttled';
      setProblem(throttled ? THROTTLED : props.mode === 'sign-in' ? NOT_DONE_SIGN_IN : NOT_DONE_REGISTER);
    }
  }

  if (!supported) {
    return props.mode === 'sign-in' ? null : (
      <p className="hint">Adding a passkey needs JavaScript and a browser that supports passkeys.</p>
    );
  }

  const hidden = (
    <>
      <input type="hidden" name="_csrf" ref={token} defaultValue="" />
      <input type="hidden" name="response" ref={response} defaultValue="" />
    </>
  );

  if (props.mode === 'sign-in') {
    return (
      <form method="post" action={props.action} ref={form} className="passkey-sign-in">
        {hidden}
        {Object.entries(props.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        <Button type="button" variant="secondary" onClick={() => void run()} disabled={busy}>
          Sign in with a passkey
        </Button>
      </form>
    );
  }

  return (
    <form method="post" action={props.action} ref={form} onSubmit={(event) => void run(event)} noValidate>
      {hidden}
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <FormField
        name="name"
        id="new-passkey-name"
        label="Name of the new passkey"
        hint={`Optional: leave it empty to call it “${props.defaultName}”.`}
        maxLength={60}
        autoComplete="off"
        defaultValue={props.name ?? ''}
        error={props.nameError}
      />
      <div className="actions">
        <Button disabled={busy}>Add a passkey</Button>
      </div>
    </form>
  );
}
