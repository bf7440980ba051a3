// The Desk form beside a practice-inbox thread (issue [22] item 2): who has the conversation, its status and
// until when it is snoozed, saved with one button (a plain post: no JavaScript needed), and "Assign to me".
// The thread island shows the same state live when someone else changes it.
import { FormField } from '../../components/form/FormField';
import { SelectField, type SelectOption } from '../../components/form/SelectField';
import type { DeskLive } from '../../components/messaging/types';
import { PostForm } from '../../components/PostForm';
import { Button } from '../../components/ui/Button';

export interface InboxDeskPane {
  /** The Desk form's action (carries the list's state). */
  action: string;
  /** "Assign to me" (null when it is the viewer's already). */
  assignToMeAction: string | null;
  /** Who may hold it (and whoever holds it now), by user id. */
  people: SelectOption[];
  statuses: SelectOption[];
  /** The form's values: the desk's, or what was typed after a refused post. */
  values: { assignee: string; status: string; snoozeUntil: string };
  errors: Record<string, string>;
  /** The snooze date's bounds (YYYY-MM-DD in the practice's zone). */
  firstSnoozeDate: string;
  lastSnoozeDate: string;
  /** The state as the thread island shows it. */
  live: DeskLive;
}

export function InboxDesk({ desk }: { desk: InboxDeskPane }) {
  return (
    <section className="inbox-desk" aria-labelledby="desk-heading">
      <h3 id="desk-heading">Desk</h3>
      <PostForm action={desk.action} className="inbox-desk__form" noValidate>
        <SelectField
          id="desk-assignee"
          name="assignee"
          label="Assignee"
          placeholder="Unassigned"
          options={desk.people}
          value={desk.values.assignee}
          error={desk.errors.assignee}
        />
        <SelectField
          id="desk-status"
          name="status"
          label="Status"
          options={desk.statuses}
          value={desk.values.status}
          error={desk.errors.status}
        />
        <FormField
          id="desk-snooze-until"
          name="snooze_until"
          type="date"
          label="Snooze until"
          hint="Hidden from the open list until this day; a client message wakes it."
          min={desk.firstSnoozeDate}
          max={desk.lastSnoozeDate}
          defaultValue={desk.values.snoozeUntil}
          error={desk.errors.snooze_until}
        />
        <div className="inbox-desk__actions">
          <Button variant="secondary">Save desk</Button>
        </div>
      </PostForm>
      {desk.assignToMeAction && (
        <PostForm action={desk.assignToMeAction} className="inbox-desk__mine">
          <Button variant="link">Assign to me</Button>
        </PostForm>
      )}
    </section>
  );
}
