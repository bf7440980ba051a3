// Adding a passkey in Account Settings (issue [25] item 2). WebAuthn has no form without JavaScript, so the
// server renders a note; once running, the island asks its route for options, lets the browser make the
// passkey (@simplewebauthn/browser, loaded on submit), and posts the answer as a plain form: the server answers
// it like any form (a redirect with a flash, or the page again with the message). Signing in with a passkey
// is the shared script's (islands/portal.ts), so /login carries no island.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormField } from '../views/components/form/FormField';
import { Button } from '../views/components/ui/Button';

export interface PasskeyProps {
  mode: 'register';
  optionsUrl: string;
  action: string;
  defaultName: string;
  nameError?: string;
  name?: string;
}

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
      const answer = await webauthn.startRegistration({ optionsJSON: optionsJSON as never });
      response.current!.value = JSON.stringify(answer);
      token.current!.value = csrf();
      form.current!.submit();
    } catch (error) {
      setBusy(false);
      const throttled = error instanceof Error && error.message === 'throttled';
      setProblem(throttled ? THROTTLED : NOT_DONE_REGISTER);
    }
  }

  if (!supported) {
    return <p className="hint">Adding a passkey needs JavaScript and a browser that supports passkeys.</p>;
  }

  const hidden = (
    <>
      <input type="hidden" name="_csrf" ref={token} defaultValue="" />
      <input type="hidden" name="response" ref={response} defaultValue="" />
    </>
  );

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
