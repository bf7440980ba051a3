// /zpm-signup's one script (spec 3 §2): the EHR's sign-up form, framed in the page, tells the portal
// its new clinic with a message ({ url, clinicId }). The page accepts a message only from the configured
// origin (ZPM_SIGNUP_ORIGIN) and then moves on to the purchase step; anything else is ignored. The same
// island logs messages on the developer test page, and sends the message from the local stand-in form.
import { useEffect, useState } from 'react';

export type ZpmSignupMessagesProps =
  | { mode: 'listen'; allowedOrigin: string; next: string; noScript: string }
  | { mode: 'log'; allowedOrigin: string }
  | { mode: 'send'; targetOrigin: string; message: { url: string; clinicId: string } };

export interface ClinicMessageData {
  url: string;
  clinicId: string;
}

/** The clinic a message carries, or null: only from the allowed origin, and only with both parts as text. */
export function acceptMessage(
  event: { origin: string; data: unknown },
  allowedOrigin: string,
): ClinicMessageData | null {
  if (event.origin !== allowedOrigin) return null;
  const data = typeof event.data === 'string' ? parseJson(event.data) : event.data;
  if (!data || typeof data !== 'object') return null;
  const { url, clinicId } = data as Record<string, unknown>;
  if (typeof url !== 'string' || typeof clinicId !== 'string' || !url || !clinicId) return null;
  return { url, clinicId };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Where the purchase step is: the page's own route with the clinic in its query (checked again by the server). */
export const purchaseStepUrl = (next: string, clinic: ClinicMessageData) =>
  `${next}?${new URLSearchParams({ clinic_id: clinic.clinicId, url: clinic.url }).toString()}`;

interface Logged {
  origin: string;
  data: string;
  accepted: boolean;
}

export default function ZpmSignupMessages(props: ZpmSignupMessagesProps) {
  const [ready, setReady] = useState(false);
  const [log, setLog] = useState<Logged[]>([]);
  const [sent, setSent] = useState(false);

  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (props.mode === 'send') {
      // The stand-in's parent is the portal page that framed it; nothing is sent to any other origin.
      if (window.parent !== window) {
        window.parent.postMessage(props.message, props.targetOrigin);
        setSent(true);
      }
      return undefined;
    }
    const onMessage = (event: MessageEvent) => {
      const clinic = acceptMessage(event, props.allowedOrigin);
      if (props.mode === 'log') {
        setLog((entries) => [
          ...entries,
          {
            origin: event.origin,
            data: typeof event.data === 'string' ? event.data : JSON.stringify(event.data),
            accepted: Boolean(clinic),
          },
        ]);
      } else if (clinic) {
        window.location.assign(purchaseStepUrl(props.next, clinic));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [props]);

  if (props.mode === 'send') {
    return (
      <p className="hint" role="status">
        {sent ? 'Sent to the portal.' : 'Not framed by the portal: use the link below.'}
      </p>
    );
  }
  if (props.mode === 'listen') {
    return (
      <p className="hint" role="status">
        {ready ? 'When you finish the form above, this page takes you on to payment.' : props.noScript}
      </p>
    );
  }
  return (
    <div className="zpm-message-log">
      <p className="hint">
        Accepted origin: <code>{props.allowedOrigin}</code>
      </p>
      {!ready && <p className="hint">This test page needs JavaScript.</p>}
      <ol aria-live="polite" aria-label="Messages received">
        {log.map((entry, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows at its end, so an entry keeps its index
          <li key={index}>
            <strong>{entry.accepted ? 'Accepted' : 'Ignored'}</strong> from <code>{entry.origin}</code>:{' '}
            <code className="zpm-message-log__data">{entry.data}</code>
          </li>
        ))}
      </ol>
      {ready && !log.length && <p className="hint">No messages yet.</p>}
    </div>
  );
}
