// One conversation, live (spec 3 §4 Messaging): new messages arrive without a reload through server-sent
// events, or by polling every 10 s when those cannot be had (the page then says the live view is paused,
// with a button that tries again); the reply is sent in place (Meta+Enter
// too), the button reads 'Message sent!' for 1.5 s, the form clears and the on-behalf reminder goes
// after the first send. Without JavaScript the same markup is a page with a plain reply form.
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Composer } from '../views/components/messaging/Composer';
import { ModeNotice, ThreadView } from '../views/components/messaging/ThreadView';
import type { MessageView, MessagingTexts, ThreadMode, ThreadUrls } from '../views/components/messaging/types';
import { PageContextReact, type PageContext } from '../views/page-context';

export const POLL_MS = 10_000;
export const SENT_LABEL_MS = 1500;
const SEND_FAILED = 'Your message could not be sent. Please try again.';
export const PAUSED_TITLE = 'Live updates paused';
export const PAUSED_TEXT =
  'New messages are checked every 10 seconds instead. Close other tabs of the portal you no longer need, then resume.';

export interface MessageThreadProps {
  messages: MessageView[];
  mode: ThreadMode;
  clientName: string;
  clientEmail: string | null;
  clientPhone: string | null;
  timeZone: string;
  csrfToken: string;
  texts: MessagingTexts;
  urls: ThreadUrls;
  /** Where forms inside messages (the benefits check) go back to. */
  returnTo: string;
  /** What the provider typed, and its error, after a refused post. */
  draft: string;
  error: string | null;
  showReminder: boolean;
}

/** Adds new messages in order and replaces changed ones (a deletion) in place. */
function merge(current: MessageView[], incoming: MessageView[]): MessageView[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.sendDate.localeCompare(b.sendDate) || a.id - b.id);
}

const lastIdOf = (messages: MessageView[]) => messages.reduce((max, m) => Math.max(max, m.id), 0);

export default function MessageThread(props: MessageThreadProps) {
  const { mode, clientName, timeZone, csrfToken, texts, urls } = props;
  const [messages, setMessages] = useState(props.messages);
  const [draft, setDraft] = useState(props.draft);
  const [error, setError] = useState(props.error);
  const [failure, setFailure] = useState<string | null>(null);
  const [showReminder, setShowReminder] = useState(props.showReminder);
  const [justSent, setJustSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  /** The live stream was refused (too many open tabs, or live updates are down): polling every 10 s instead. */
  const [paused, setPaused] = useState(false);
  const resume = useRef<() => void>(() => {});
  const lastId = useRef(lastIdOf(props.messages));
  const scroller = useRef<HTMLDivElement>(null);
  const sentTimer = useRef<number | undefined>(undefined);

  const receive = (incoming: MessageView[]) => {
    if (incoming.length === 0) return;
    const fresh = incoming.filter((m) => m.id > lastId.current);
    lastId.current = Math.max(lastId.current, lastIdOf(incoming));
    setMessages((current) => merge(current, incoming));
    if (fresh.some((m) => m.sender === 'client')) setAnnouncement(`New message from ${clientName}`);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page: the stream and the polling follow lastId themselves
  useEffect(() => {
    let source: EventSource | undefined;
    let poller: number | undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const response = await fetch(`${urls.updates}?after=${lastId.current}`, {
          credentials: 'same-origin',
          headers: { Accept: 'application/json' },
        });
        if (response.ok && !stopped) receive(((await response.json()) as { messages: MessageView[] }).messages);
        // Signed out, or the conversation is gone: nothing more will come (the session check takes it from here).
        else if (response.status === 401 || response.status === 404) window.clearInterval(poller);
      } catch {
        /* offline: the next round tries again */
      }
    };
    const startPolling = () => {
      if (poller !== undefined) return;
      poller = window.setInterval(() => void poll(), POLL_MS);
      void poll();
    };
    const stopPolling = () => {
      window.clearInterval(poller);
      poller = undefined;
    };
    const connect = () => {
      source?.close();
      source = new EventSource(`${urls.events}?after=${lastId.current}`);
      source.addEventListener('open', () => {
        stopPolling();
        setPaused(false);
      });
      source.addEventListener('message', (event) =>
        receive([JSON.parse((event as MessageEvent<string>).data) as MessageView]),
      );
      // A dropped connection is retried by the browser; a refused one (no live updates, too many tabs) is
      // closed: poll, and say that the live view is paused (Resume tries again).
      source.addEventListener('error', () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        startPolling();
        setPaused(true);
      });
    };
    if (typeof EventSource === 'function') {
      resume.current = connect;
      connect();
    } else {
      startPolling();
    }
    return () => {
      stopped = true;
      source?.close();
      window.clearInterval(poller);
      window.clearTimeout(sentTimer.current);
    };
    // Once per page: the stream and the polling follow lastId themselves.
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the length is the trigger: scroll to the bottom when a message arrives
  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [messages.length]);

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!draft.trim()) {
      setError(texts.required);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const response = await fetch(urls.send, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken },
        body: JSON.stringify({ message: draft }),
      });
      const body = (await response.json().catch(() => ({}))) as {
        message?: MessageView | string;
        errors?: Record<string, string>;
      };
      if (response.ok && typeof body.message === 'object') {
        receive([body.message]);
        setDraft('');
        setError(null);
        setShowReminder(false);
        setJustSent(true);
        window.clearTimeout(sentTimer.current);
        sentTimer.current = window.setTimeout(() => setJustSent(false), SENT_LABEL_MS);
      } else if (response.status === 422) {
        setError(body.errors?.message ?? texts.required);
      } else {
        setFailure(typeof body.message === 'string' ? body.message : SEND_FAILED);
      }
    } catch {
      setFailure(SEND_FAILED);
    } finally {
      setBusy(false);
    }
  }

  function sendOnMetaEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || !(event.metaKey || event.ctrlKey)) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }

  // The benefits-check card posts with the page's CSRF token (PostForm reads it from the page context).
  const context = {
    csrfToken,
    path: props.returnTo,
    flash: [],
    sideMenu: [],
    profileMenu: [],
  } as unknown as PageContext;
  return (
    <PageContextReact.Provider value={context}>
      <div className="thread-pane">
        <div className="thread-scroll" ref={scroller}>
          <ThreadView
            messages={messages}
            clientName={clientName}
            timeZone={timeZone}
            csrfToken={csrfToken}
            texts={texts}
            urls={urls}
            returnTo={props.returnTo}
          />
        </div>
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
        {paused && (
          <div className="notice-banner notice-banner--warning thread__paused" role="status">
            <p className="notice-banner__title">{PAUSED_TITLE}</p>
            <p>{PAUSED_TEXT}</p>
            <p>
              <button type="button" className="button button--secondary" onClick={() => resume.current()}>
                Resume live updates
              </button>
            </p>
          </div>
        )}
        {mode === 'sendable' ? (
          <Composer
            action={urls.send}
            csrfToken={csrfToken}
            texts={texts}
            value={draft}
            error={error}
            failure={failure}
            showReminder={showReminder}
            justSent={justSent}
            busy={busy}
            onChange={(value) => {
              setDraft(value);
              if (error && value.trim()) setError(null);
            }}
            onSubmit={send}
            onKeyDown={sendOnMetaEnter}
          />
        ) : (
          <ModeNotice
            mode={mode}
            texts={texts}
            clientEmail={props.clientEmail}
            clientPhone={props.clientPhone}
            urls={urls}
          />
        )}
      </div>
    </PageContextReact.Provider>
  );
}
