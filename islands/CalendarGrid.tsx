// The weekly call calendar (spec 3 §2 Calendar page): seven days beside a time axis, Today / previous /
// next week, full screen, an Add menu, and the blocks of the week. Its controls are links to pages of
// their own; here weeks load in place and forms open in a dialog, fetched bare from the server and
// posted as ordinary forms. Without JavaScript the page shows the week as a table instead.
// The strict content policy refuses style attributes in the served HTML, so blocks are placed (top and
// height as percentages of the day) once the island runs, and stay hidden until then.
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { CalendarGridProps, GridBlock, GridWeek } from './calendar-grid-types';
import { clockText, MINUTES_PER_DAY, snapNewBlock } from './lib/calendar-snap';

type AddKind = 'recurring' | 'once' | 'block';
const ADD_ITEMS: [AddKind, string][] = [
  ['recurring', 'Recurring availability'],
  ['once', 'One-time availability'],
  ['block', 'Block availability'],
];
/** A week without blocks opens an hour before 8am, a usual first call. */
const FIRST_MINUTE_WITHOUT_BLOCKS = 8 * 60;
const HOURS = Array.from({ length: 24 }, (_, hour) => clockText(hour * 60).replace(':00', ''));

interface OpenDialog {
  title: string;
  html: string;
  opener: HTMLElement | null;
  /** The content has its own way back to the calendar (Close, Cancel): the dialog adds no second one. */
  closesItself: boolean;
}
interface PlacedBlock {
  block: GridBlock;
  lane: number;
  lanes: number;
}

export default function CalendarGrid({
  week: firstWeek,
  timeZoneLabel,
  inert,
  weekUrl,
  newUrl,
  pageUrl,
}: CalendarGridProps) {
  const [week, setWeek] = useState<GridWeek>(firstWeek);
  const [selectedDay, setSelectedDay] = useState(() => todayIndex(firstWeek));
  const [ready, setReady] = useState(false);
  const [loading, setLoading] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  /** Now in the calendar's zone, as the server read it with the week; moved on by this page's own clock. */
  const [clock, setClock] = useState(() => ({ today: firstWeek.today, minute: firstWeek.nowMinute, at: 0 }));
  const body = useRef<HTMLDivElement>(null);
  const addMenu = useRef<HTMLDetailsElement>(null);
  const dialogElement = useRef<HTMLDialogElement>(null);

  // Rendered once as served (so hydration matches), then again placed and with the script-only controls.
  useEffect(() => setReady(true), []);

  // Each week (one day on a phone) shown scrolls to an hour before its earliest block. Only the columns on
  // screen count: below 780 px the other days are hidden, and a hidden column measures 0.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the day shown on a phone is the trigger too
  useEffect(() => {
    const box = body.current;
    if (!ready || !box) return;
    const shown = [...box.querySelectorAll<HTMLElement>('.calendar__day')].filter(
      (column) => column.getClientRects().length > 0,
    );
    const slots = shown[0]?.querySelector<HTMLElement>('.calendar__slots');
    if (!slots) return;
    const dates = new Set(shown.map((column) => column.dataset.date));
    const blocks = week.blocks.filter((block) => dates.has(block.day));
    const earliest = blocks.length
      ? Math.min(...blocks.map((block) => block.startMinute))
      : FIRST_MINUTE_WITHOUT_BLOCKS;
    box.scrollTop = (Math.max(earliest - 60, 0) / MINUTES_PER_DAY) * slots.clientHeight;
  }, [ready, week, selectedDay]);

  // The "now" line moves with the page's clock (a minute at a time), from the time the server read.
  useEffect(() => {
    const started = Date.now();
    setClock((current) => ({ ...current, at: started }));
    const timer = window.setInterval(() => setClock((current) => ({ ...current })), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (dialog) dialogElement.current?.showModal();
  }, [dialog]);

  // The Add menu closes on a click elsewhere; full screen ends with Escape (an open dialog takes Escape first).
  useEffect(() => {
    const onClick = (event: globalThis.MouseEvent) => {
      if (addMenu.current?.open && !addMenu.current.contains(event.target as Node)) addMenu.current.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || dialogElement.current?.open) return;
      if (addMenu.current?.open) {
        addMenu.current.open = false;
        addMenu.current.querySelector('summary')?.focus();
      } else setFullScreen(false);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, []);

  const weekHref = (date: string) => `${pageUrl}?week=${date}`;

  async function showWeek(date: string, pick: 'today' | 'first' | 'last' = 'today') {
    if (loading) return;
    setLoading(true);
    try {
      const response = await fetch(`${weekUrl}?week=${encodeURIComponent(date)}`, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`week ${date}: ${response.status}`);
      const next = (await response.json()) as GridWeek;
      setWeek(next);
      setClock({ today: next.today, minute: next.nowMinute, at: Date.now() });
      setSelectedDay(pick === 'first' ? 0 : pick === 'last' ? next.days.length - 1 : todayIndex(next));
      window.history.replaceState(window.history.state, '', weekHref(next.weekStart));
      setLoading(false);
    } catch {
      // Signed out, offline or refused: the page itself says what happened.
      window.location.assign(weekHref(date));
    }
  }

  /** Opens the server's bare form (or appointment) in a dialog; its page stays the answer when that fails. */
  async function openForm(url: string, fallbackTitle: string, opener: HTMLElement | null) {
    if (loading) return;
    setLoading(true);
    try {
      const response = await fetch(`${url}${url.includes('?') ? '&' : '?'}partial=1`, {
        credentials: 'same-origin',
        redirect: 'manual',
        headers: { Accept: 'text/html' },
      });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      // Parsed inert in a template: nothing in it runs.
      const page = document.createElement('template');
      page.innerHTML = await response.text();
      const part = page.content.querySelector<HTMLElement>('[data-dialog-content]');
      const content = part ?? page.content;
      const heading = part?.dataset.title ? null : content.querySelector('h1, h2');
      const title = part?.dataset.title || heading?.textContent?.trim() || fallbackTitle;
      heading?.remove();
      const holder = document.createElement('div');
      holder.append(content);
      const closesItself = [...holder.querySelectorAll<HTMLAnchorElement>('a[href]')].some((link) => {
        const target = new URL(link.getAttribute('href')!, window.location.href);
        return target.origin === window.location.origin && target.pathname === pageUrl;
      });
      setDialog({ title, html: holder.innerHTML, opener, closesItself });
      setLoading(false);
    } catch {
      window.location.assign(url);
    }
  }

  function closeDialog() {
    dialog?.opener?.focus();
    setDialog(null);
  }

  /** The form's way back to the calendar (Cancel) only closes the dialog: the calendar is right behind it. */
  function closeOnBackLink(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as Element).closest('a[href]') as HTMLAnchorElement | null;
    if (!link || link.pathname !== pageUrl || link.origin !== window.location.origin) return;
    event.preventDefault();
    dialogElement.current?.close();
  }

  /** A plain left click on a link of the grid is handled here; other clicks (new tab) follow the link. */
  function intercept(event: MouseEvent<HTMLAnchorElement>, action: () => void) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    action();
  }

  function newAvailabilityUrl(query: Record<string, string>) {
    return `${newUrl}?${new URLSearchParams(query).toString()}`;
  }

  function onEmptyAreaClick(event: MouseEvent<HTMLUListElement>, date: string) {
    if (event.target !== event.currentTarget || inert) return;
    const area = event.currentTarget.getBoundingClientRect();
    const { startMinute, endMinute } = snapNewBlock(((event.clientY - area.top) / area.height) * MINUTES_PER_DAY);
    // No kind: the editor then asks whether the time is available or not, and whether it repeats.
    const url = newAvailabilityUrl({ date, start_time: clockText(startMinute), end_time: clockText(endMinute) });
    void openForm(url, 'Add availability', null);
  }

  function stepDay(delta: number) {
    const next = selectedDay + delta;
    if (next < 0) void showWeek(week.prevWeek, 'last');
    else if (next >= week.days.length) void showWeek(week.nextWeek, 'first');
    else setSelectedDay(next);
  }

  const days = week.days;
  const shownDay = days[selectedDay] ?? days[0];
  const nowMinute = clock.at ? clock.minute + Math.floor((Date.now() - clock.at) / 60_000) : clock.minute;
  const nowOn = (date: string) => ready && date === clock.today && nowMinute < MINUTES_PER_DAY;
  const classes = [
    'calendar',
    ready && 'calendar--ready',
    inert && 'calendar--inert',
    fullScreen && 'calendar--fullscreen',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} inert={inert} aria-busy={loading}>
      <div className="calendar__toolbar">
        <div className="calendar__nav">
          <a
            className="button button--secondary"
            href={weekHref(week.today)}
            onClick={(event) => intercept(event, () => void showWeek(week.today))}
          >
            Today
          </a>
          <a
            className="button button--secondary"
            href={weekHref(week.prevWeek)}
            onClick={(event) => intercept(event, () => void showWeek(week.prevWeek))}
          >
            <Chevron direction="left" />
            <span className="visually-hidden">Previous week</span>
          </a>
          <a
            className="button button--secondary"
            href={weekHref(week.nextWeek)}
            onClick={(event) => intercept(event, () => void showWeek(week.nextWeek))}
          >
            <Chevron direction="right" />
            <span className="visually-hidden">Next week</span>
          </a>
        </div>
        <h2 className="calendar__title">Week of {days[0]?.longLabel}</h2>
        <div className="calendar__actions">
          {ready && (
            <button type="button" className="button button--secondary" onClick={() => setFullScreen(!fullScreen)}>
              {fullScreen ? 'Exit full screen' : 'Full screen'}
            </button>
          )}
          <details className="calendar__add" ref={addMenu}>
            <summary className="button">Add</summary>
            <ul>
              {ADD_ITEMS.map(([kind, label]) => (
                <li key={kind}>
                  <a
                    href={newAvailabilityUrl({ kind })}
                    onClick={(event) =>
                      intercept(event, () => {
                        addMenu.current!.open = false;
                        void openForm(event.currentTarget.href, label, addMenu.current!.querySelector('summary'));
                      })
                    }
                  >
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        </div>
      </div>
      <p className="hint calendar__zone">Times are in {timeZoneLabel}.</p>
      {ready && shownDay && (
        <div className="calendar__day-switch">
          <button type="button" className="button button--secondary" onClick={() => stepDay(-1)}>
            <Chevron direction="left" />
            <span className="visually-hidden">Previous day</span>
          </button>
          <span aria-live="polite">{shownDay.longLabel}</span>
          <button type="button" className="button button--secondary" onClick={() => stepDay(1)}>
            <Chevron direction="right" />
            <span className="visually-hidden">Next day</span>
          </button>
        </div>
      )}
      {ready && shownDay && (
        <DayAgenda
          day={shownDay}
          blocks={week.blocks.filter((block) => block.day === shownDay.date)}
          nowMinute={nowOn(shownDay.date) ? nowMinute : null}
          onOpen={(block, event) => intercept(event, () => void openForm(block.href, block.label, event.currentTarget))}
        />
      )}
      {/* Focusable, so a week without blocks still scrolls from the keyboard. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable from the keyboard (WCAG 2.1.1) */}
      <div className="calendar__body" ref={body} tabIndex={0} role="region" aria-label="Days and times of the week">
        <div className="calendar__axis" aria-hidden="true">
          <div className="calendar__day-title" />
          {HOURS.map((hour) => (
            <span key={hour}>{hour}</span>
          ))}
        </div>
        {days.map((day, index) => (
          <div
            key={day.date}
            className={`calendar__day${day.isToday ? ' is-today' : ''}${index === selectedDay ? ' is-selected' : ''}`}
            data-date={day.date}
          >
            <h3 className="calendar__day-title">
              <span aria-hidden="true">{day.shortLabel}</span>
              <span className="visually-hidden">
                {day.longLabel}
                {day.isToday ? ' (today)' : ''}
              </span>
            </h3>
            {/* biome-ignore lint/a11y/useKeyWithClickEvents: a mouse shortcut; from the keyboard, the Add menu creates a block */}
            <ul className="calendar__slots" onClick={(event) => onEmptyAreaClick(event, day.date)}>
              {nowOn(day.date) && (
                <li className="calendar__now" style={{ top: `${(nowMinute / MINUTES_PER_DAY) * 100}%` }}>
                  <span className="visually-hidden">Now, {clockText(nowMinute)}</span>
                </li>
              )}
              {/* Blocks are drawn once the island runs: the server's page shows the week as a table, and the
                  grid without script (hidden then) would only double the page's markup. */}
              {ready &&
                placeBlocks(week.blocks.filter((block) => block.day === day.date)).map(({ block, lane, lanes }) => (
                  <li
                    key={block.key}
                    className="calendar__slot"
                    style={{
                      top: `${(block.startMinute / MINUTES_PER_DAY) * 100}%`,
                      height: `${((block.endMinute - block.startMinute) / MINUTES_PER_DAY) * 100}%`,
                      left: `${(lane / lanes) * 100}%`,
                      width: `${100 / lanes}%`,
                    }}
                  >
                    {block.readOnly ? (
                      <div className={blockClass(block)}>
                        <BlockText block={block} />
                      </div>
                    ) : (
                      <a
                        className={blockClass(block)}
                        href={block.href}
                        onClick={(event) =>
                          intercept(event, () => void openForm(block.href, block.label, event.currentTarget))
                        }
                      >
                        <BlockText block={block} />
                      </a>
                    )}
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </div>
      {loading && (
        <div className="calendar__loading" role="status">
          Loading…
        </div>
      )}
      {dialog && (
        // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a mouse shortcut; Escape and Close do it from the keyboard
        <dialog
          ref={dialogElement}
          className="modal"
          aria-labelledby="calendar-dialog-title"
          onClose={closeDialog}
          // A click on the backdrop (the dialog itself, outside its body) closes it too.
          onClick={(event) => {
            if (event.target === event.currentTarget) event.currentTarget.close();
          }}
        >
          <div className="modal__body">
            <h2 id="calendar-dialog-title">{dialog.title}</h2>
            {/* biome-ignore lint/a11y: the click handler only watches the links inside, which the keyboard activates with a click event too */}
            <div
              className="modal__content"
              onClick={closeOnBackLink}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the editor form the portal's own route rendered for this dialog
              dangerouslySetInnerHTML={{ __html: dialog.html }}
            />
            {!dialog.closesItself && (
              <form method="dialog" className="actions">
                <button type="submit" className="button button--secondary">
                  Close
                </button>
              </form>
            )}
          </div>
        </dialog>
      )}
    </div>
  );
}

function BlockText({ block }: { block: GridBlock }): ReactNode {
  // A consultation leads with its client: a short one shows a single line.
  if (block.kind === 'appointment' && block.name)
    return (
      <>
        <span className="calendar-block__label">{block.name}</span>{' '}
        <span className="calendar-block__time">
          {block.label} {block.timeText}
        </span>
        {block.past && <span className="visually-hidden"> (past)</span>}
      </>
    );
  return (
    <>
      <span className="calendar-block__label">{block.label}</span>{' '}
      <span className="calendar-block__time">{block.timeText}</span>
      {block.recurring && <span className="visually-hidden"> (repeats)</span>}
      {block.past && <span className="visually-hidden"> (past)</span>}
    </>
  );
}

/**
 * The day shown on a phone as a list (below 780 px; hidden on wider screens, where the week's grid shows
 * it): each block is a full-width link at least 44 px tall, a consultation with its client's name, and the
 * "now" line between what is past and what is next.
 */
function DayAgenda({
  day,
  blocks,
  nowMinute,
  onOpen,
}: {
  day: GridWeek['days'][number];
  blocks: GridBlock[];
  nowMinute: number | null;
  onOpen: (block: GridBlock, event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const sorted = [...blocks].sort((a, b) => a.startMinute - b.startMinute || a.endMinute - b.endMinute);
  const nowIndex = nowMinute === null ? -1 : sorted.findIndex((block) => block.startMinute > nowMinute);
  const nowItem = nowMinute !== null && (
    <li key="now" className="calendar__agenda-now">
      Now, {clockText(nowMinute)}
    </li>
  );
  return (
    <section className="calendar__agenda" aria-label={`Schedule of ${day.longLabel}`}>
      {sorted.length === 0 ? (
        <p className="hint">Nothing scheduled.</p>
      ) : (
        <ol>
          {sorted.map((block, index) => [
            index === nowIndex && nowItem,
            <li key={block.key}>
              {block.readOnly ? (
                <div className={blockClass(block)}>
                  <AgendaText block={block} />
                </div>
              ) : (
                <a className={blockClass(block)} href={block.href} onClick={(event) => onOpen(block, event)}>
                  <AgendaText block={block} />
                </a>
              )}
            </li>,
          ])}
          {nowIndex === -1 && nowItem}
        </ol>
      )}
    </section>
  );
}

function AgendaText({ block }: { block: GridBlock }) {
  return (
    <>
      <span className="calendar-block__time">{block.timeText}</span>{' '}
      <span className="calendar-block__label">
        {block.label}
        {block.name && ` · ${block.name}`}
      </span>
      {block.past && <span className="visually-hidden"> (past)</span>}
    </>
  );
}

const blockClass = (block: GridBlock) =>
  `calendar-block calendar-block--${block.kind}${block.past ? ' calendar-block--past' : ''}`;

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={direction === 'left' ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'} />
    </svg>
  );
}

/** The day shown first on a phone: today when it is in the week, else the week's first day. */
function todayIndex(week: GridWeek): number {
  return Math.max(
    week.days.findIndex((day) => day.isToday),
    0,
  );
}

/** Overlapping blocks share their day side by side (lanes), so each stays visible and clickable. */
function placeBlocks(blocks: GridBlock[]): PlacedBlock[] {
  const sorted = [...blocks].sort((a, b) => a.startMinute - b.startMinute || b.endMinute - a.endMinute);
  const placed: PlacedBlock[] = [];
  let group: PlacedBlock[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    for (const item of group) item.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const block of sorted) {
    if (block.startMinute >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((end) => end <= block.startMinute);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = block.endMinute;
    const item = { block, lane, lanes: 1 };
    group.push(item);
    placed.push(item);
    groupEnd = Math.max(groupEnd, block.endMinute);
  }
  closeGroup();
  return placed;
}
