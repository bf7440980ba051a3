// One conversation, live (spec 3 §4 Messaging): new messages arrive without a reload through server-sent
// events, or by polling every 10 s when those cannot be had (the page then says the live view is paused,
// with a button that tries again); the reply is sent in place (Meta+Enter
// too), the button reads 'Message sent!' for 1.5 s, the form clears and the on-behalf reminder goes
// after the first send. Without JavaScript the same markup is a page with a plain reply form.
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Composer } from '../views/components/messaging/Composer';
import { ModeNotice, ThreadView } from '../views/components/messaging/ThreadView';
import type {
  DeskLive,
  MessageView,
  MessagingTexts,
  ThreadMode,
  ThreadUrls,
} from '../views/components/messaging/types';
import { Label } from '../views/components/ui/Label';
import { PageContextReact, type PageContext } from '../views/page-context';

export const POLL_MS = 10_000;
export const SENT_LABEL_MS = 1500;
const SEND_FAILED = 'Your message could not be sent. Please try again.';
export const PAUSED_TITLE = 'Live updates paused';
export const PAUSED_TEXT =
  'New messages are checked every 10 seconds instead. Close other tabs of the portal you no longer need, then resume.';

export const EARLIER_LABEL = 'Show earlier messages';
export const LATEST_LABEL = 'Show latest messages';
const EARLIER_FAILED = 'Earlier messages could not be loaded. Please try again.';

// useLayoutEffect warns when rendered on the server; there it has nothing to do anyway.
const useBrowserLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

export interface MessageThreadProps {
  /** One page of the conversation, oldest first. */
  messages: MessageView[];
  /** The id of the first message shown when earlier ones exist ("Show earlier messages"), else null. */
  earlierCursor: number | null;
  /** The page ends with the newest message: live updates apply. An earlier page (?before=) is a still view. */
  latest: boolean;
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
  /** The list's state the thread's page carries ('' or '?q=…'): its earlier and latest pages keep it. */
  listQuery?: string;
  /** What the provider typed, and its error, after a refused post. */
  draft: string;
  error: string | null;
  showReminder: boolean;
  /** The practice inbox's intake desk (status, assignee, snooze): shown, and kept current live. */
  desk?: DeskLive;
}

const sameDesk = (a: DeskLive | undefined, b: DeskLive) =>
  a?.status === b.status && a.assignee === b.assignee && a.snoozedUntil === b.snoozedUntil;

/** What a screen reader hears when someone else changes the desk. */
const deskAnnouncement = (desk: DeskLive) =>
  `Desk changed: ${desk.status}, ${desk.assignee ? `assigned to ${desk.assignee}` : 'unassigned'}${desk.snoozedUntil ? `, snoozed until ${desk.snoozedUntil}` : ''}`;

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
  const [desk, setDesk] = useState(props.desk);
  /** The desk changed after the page was drawn: the Desk form beside the thread shows what it was then. */
  const [deskMoved, setDeskMoved] = useState(false);
  const deskRef = useRef(props.desk);
  const receiveDesk = (next: DeskLive | null | undefined) => {
    if (!next || sameDesk(deskRef.current, next)) return;
    deskRef.current = next;
    setDesk(next);
    setDeskMoved(true);
    setAnnouncement(deskAnnouncement(next));
  };
  /** The live stream was refused (too many open tabs, or live updates are down): polling every 10 s instead. */
  const [paused, setPaused] = useState(false);
  const resume = useRef<() => void>(() => {});
  const [earlierCursor, setEarlierCursor] = useState(props.earlierCursor);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [earlierFailure, setEarlierFailure] = useState<string | null>(null);
  const lastId = useRef(lastIdOf(props.messages));
  const scroller = useRef<HTMLDivElement>(null);
  /** Where the first shown message was before an earlier page went above it: kept in view once it has. */
  const keepInView = useRef<{ id: number; top: number } | null>(null);
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
    // An earlier page (reached without JavaScript's help) is a still view: the latest page is live.
    if (!props.latest) return;
    let source: EventSource | undefined;
    let poller: number | undefined;
    let stopped = false;
    const poll = async () => {
      try {
        const response = await fetch(`${urls.updates}?after=${lastId.current}`, {
          credentials: 'same-origin',
          headers: { Accept: 'application/json' },
        });
        if (response.ok && !stopped) {
          const body = (await response.json()) as { messages: MessageView[]; more?: boolean; desk?: DeskLive | null };
          receive(body.messages);
          receiveDesk(body.desk);
          // A page at a time: a full one means more are waiting.
          if (body.more) void poll();
        }
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
      source.addEventListener('desk', (event) =>
        receiveDesk(JSON.parse((event as MessageEvent<string>).data) as DeskLive),
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

  const newestId = lastIdOf(messages);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the newest id is the trigger: scroll to the bottom when a message arrives
  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [newestId]);

  // An earlier page went above: move by what it added, so the message that was first stays where it was.
  // The thread scrolls in its own box on a wide screen, and with the page on a phone.
  useBrowserLayoutEffect(() => {
    const kept = keepInView.current;
    keepInView.current = null;
    if (!kept) return;
    const element = document.getElementById(`message-${kept.id}`);
    const box = scroller.current;
    if (!element || !box) return;
    const moved = element.getBoundingClientRect().top - kept.top;
    if (box.scrollHeight > box.clientHeight && getComputedStyle(box).overflowY !== 'visible') box.scrollTop += moved;
    else window.scrollBy(0, moved);
  }, [messages]);

  async function showEarlier(event: MouseEvent<HTMLAnchorElement>) {
    if (earlierCursor === null || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (loadingEarlier) return;
    setLoadingEarlier(true);
    setEarlierFailure(null);
    try {
      const response = await fetch(`${urls.earlier}?before=${earlierCursor}`, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(String(response.status));
      const body = (await response.json()) as { messages: MessageView[]; earlierCursor: number | null };
      const first = messages[0];
      const element = first && document.getElementById(`message-${first.id}`);
      if (first && element) keepInView.current = { id: first.id, top: element.getBoundingClientRect().top };
      setMessages((current) => merge(current, body.messages));
      setEarlierCursor(body.earlierCursor);
      setAnnouncement(
        `${body.messages.length} earlier ${body.messages.length === 1 ? 'message' : 'messages'} shown${body.earlierCursor === null ? ': the start of the conversation' : ''}`,
      );
    } catch {
      setEarlierFailure(EARLIER_FAILED);
    } finally {
      setLoadingEarlier(false);
    }
  }

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
        // Sent from an earlier page: the reply is read where it belongs, at the end of the conversation.
        if (!props.latest) return void window.location.assign(`${props.returnTo}#message-${body.message.id}`);
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
        {desk && (
          <p className="thread__desk">
            <Label state={desk.statusState}>{desk.status}</Label>
            {desk.snoozedUntil && <Label state="neutral">{`Snoozed until ${desk.snoozedUntil}`}</Label>}
            <span>{desk.assignee ? `Assigned to ${desk.assignee}` : 'Unassigned'}</span>
            {deskMoved && (
              <a className="thread__desk-reload" href={`${props.returnTo}${props.listQuery ?? ''}#desk-heading`}>
                Changed just now: reload the Desk form
              </a>
            )}
          </p>
        )}
        {/* Focusable with a name, so the keyboard can scroll it even when no message has a button. */}
        <div
          className="thread-scroll"
          ref={scroller}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          role="region"
          aria-label={`Conversation with ${clientName}`}
        >
          {earlierCursor !== null && (
            <p className="thread__earlier">
              <a
                href={`${props.returnTo}${props.listQuery ? `${props.listQuery}&` : '?'}before=${earlierCursor}`}
                onClick={(event) => void showEarlier(event)}
                aria-disabled={loadingEarlier || undefined}
              >
                {EARLIER_LABEL}
              </a>
              {earlierFailure && <span className="field-error">{` ${earlierFailure}`}</span>}
            </p>
          )}
          <ThreadView
            messages={messages}
            clientName={clientName}
            timeZone={timeZone}
            csrfToken={csrfToken}
            texts={texts}
            urls={urls}
            returnTo={props.returnTo}
          />
          {!props.latest && (
            <p className="thread__earlier">
              <a href={`${props.returnTo}${props.listQuery ?? ''}`}>{LATEST_LABEL}</a>
            </p>
          )}
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
