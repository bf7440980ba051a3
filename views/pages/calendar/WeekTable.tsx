// The week of /calendar as tables, one per day: what the grid shows, with plain links and forms, so a
// provider keeps their availability without JavaScript. Like the grid, it offers no changes while the
// calendar is hidden or no location accepts new clients.
import { PostForm } from '../../components/PostForm';
import { Button, ButtonLink } from '../../components/ui/Button';
import { DataTable } from '../../components/ui/DataTable';
import { Label } from '../../components/ui/Label';
import type { CalendarPageView, DeleteAction, TableBlock, TableDay } from './view';

export const confirmText = (remove: DeleteAction) =>
  remove.warning ? `${remove.question} ${remove.warning}` : remove.question;

export function DeleteForm({ remove, context }: { remove: DeleteAction; context?: string }) {
  return (
    <PostForm action={remove.action} className="actions actions--inline" data-confirm={confirmText(remove)}>
      {Object.entries(remove.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button variant="danger-outline">
        {remove.label}
        {context && <span className="visually-hidden">{` ${context}`}</span>}
      </Button>
    </PostForm>
  );
}

const deleteHref = (remove: DeleteAction) => {
  const query = new URLSearchParams(remove.fields).toString();
  return query ? `${remove.action}?${query}` : remove.action;
};

export function WeekTable({ view, inert }: { view: CalendarPageView; inert: boolean }) {
  const { table } = view;
  return (
    <section id="week" className="calendar-table-view" aria-labelledby="week-heading">
      <h2 id="week-heading">{table.title}</h2>
      <p className="hint">Times are shown in {view.timeZoneLabel}.</p>
      <nav className="actions" aria-label="Weeks">
        <a href={table.previousHref}>Previous week</a>
        <a href={table.todayHref}>Today</a>
        <a href={table.nextHref}>Next week</a>
      </nav>
      {inert ? (
        <p className="hint" id="calendar-inert">
          {view.accepting
            ? 'Your calendar is hidden. Show your calendar to change your availability.'
            : 'You can change your availability once one of your locations accepts new clients.'}
        </p>
      ) : (
        <p className="actions">
          {view.addLinks.map((link) => (
            <ButtonLink key={link.href} href={link.href}>
              {link.label}
            </ButtonLink>
          ))}
        </p>
      )}
      {table.days.map((day) => (
        <DayTable key={day.date} day={day} inert={inert} />
      ))}
    </section>
  );
}

function DayTable({ day, inert }: { day: TableDay; inert: boolean }) {
  const headingId = `day-${day.date}`;
  return (
    <section className={`calendar-table-view__day${day.selected ? ' is-selected' : ''}`} aria-labelledby={headingId}>
      <h3 id={headingId}>
        {day.longLabel}
        {day.isToday && (
          <>
            {' '}
            <Label state="info">Today</Label>
          </>
        )}
      </h3>
      {/* On a phone the table is one day at a time (the stylesheet hides the others): these step through them. */}
      <nav className="calendar-table-view__day-nav" aria-label={`Days around ${day.longLabel}`}>
        <a href={day.previousDayHref}>Previous day</a>
        <a href={day.nextDayHref}>Next day</a>
      </nav>
      {day.nowText && <p className="calendar-table-view__now">{day.nowText}</p>}
      {day.blocks.length === 0 ? (
        <p className="muted">Nothing scheduled.</p>
      ) : (
        <DataTable
          caption={day.longLabel}
          rows={day.blocks}
          rowKey={(block) => block.key}
          columns={[
            { heading: 'Time', cell: (block) => block.timeText },
            { heading: 'Block', cell: (block) => <BlockLabel block={block} /> },
            {
              heading: 'Repeats',
              cell: (block) => block.recurrenceText ?? (block.kind === 'appointment' ? '' : 'Does not repeat'),
            },
            {
              heading: 'Actions',
              hidden: true,
              cell: (block) => <BlockActions block={block} day={day} inert={inert} />,
            },
          ]}
        />
      )}
    </section>
  );
}

function BlockLabel({ block }: { block: TableBlock }) {
  return (
    <>
      <strong>{block.label}</strong>
      {block.name && <> · {block.name}</>}
      {block.past && (
        <>
          {' '}
          <Label>Past</Label>
        </>
      )}
      {block.exception && (
        <>
          {' '}
          <Label>Edited</Label>
        </>
      )}
      {block.readOnly && (
        <>
          {' '}
          <Label>From your linked calendar</Label>
        </>
      )}
    </>
  );
}

function BlockActions({ block, day, inert }: { block: TableBlock; day: TableDay; inert: boolean }) {
  const context = `${block.label} ${block.timeText}, ${day.longLabel}`;
  if (block.kind === 'appointment' || block.readOnly || inert) {
    return (
      <a href={block.href}>
        View<span className="visually-hidden">{` ${context}`}</span>
      </a>
    );
  }
  return (
    <div className="actions actions--inline">
      <a href={block.href}>
        Edit<span className="visually-hidden">{` ${context}`}</span>
      </a>
      {/* A link to the confirmation page: the table is the page without script, and a form per row
          would weigh on a week of hundreds of blocks. */}
      {block.remove && (
        <a href={deleteHref(block.remove)}>
          Delete<span className="visually-hidden">{` ${context}`}</span>
        </a>
      )}
    </div>
  );
}
