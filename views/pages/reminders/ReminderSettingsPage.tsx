// /calendar/reminders: which reminders the selected profile sends (issue [23] item 1). Four checkboxes, all
// on by default; a refused post shows the boxes as posted with the message beside the field.
import { Checkbox } from '../../components/form/Checkbox';
import { PostForm } from '../../components/PostForm';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';

export const REMINDER_SETTINGS_PATH = '/calendar/reminders';

export interface ReminderSettingsView {
  email_day_before: boolean;
  email_two_hours_before: boolean;
  sms: boolean;
  morning_digest: boolean;
}

type Field = keyof ReminderSettingsView;

const CLIENT_CHOICES: { field: Field; label: string; hint: string }[] = [
  {
    field: 'email_day_before',
    label: 'E-mail the client 24 hours before',
    hint: 'With the time, your name and links to cancel or to ask for another time.',
  },
  {
    field: 'email_two_hours_before',
    label: 'E-mail the client 2 hours before',
    hint: 'The same reminder, on the day.',
  },
  {
    field: 'sms',
    label: 'Also text the client',
    hint: 'Each reminder e-mail comes with a text message, when the client gave a phone number.',
  },
];

export function ReminderSettingsPage({
  settings,
  errors,
}: {
  settings: ReminderSettingsView;
  errors: Partial<Record<Field, string>>;
}) {
  const box = (field: Field, label: string, hint: string) => (
    <div key={field}>
      <Checkbox
        id={field}
        name={field}
        label={label}
        checked={settings[field]}
        error={errors[field]}
        aria-describedby={[`${field}-hint`, errors[field] && `${field}-error`].filter(Boolean).join(' ')}
      />
      <p className="hint" id={`${field}-hint`}>
        {hint}
      </p>
    </div>
  );
  return (
    <PostForm action={REMINDER_SETTINGS_PATH} noValidate>
      <Card
        id="reminder-settings"
        title="What is sent, and when"
        footer={
          <div className="actions">
            <Button>Save reminders</Button>
            <a href="/calendar">Back to your calendar</a>
          </div>
        }
      >
        <fieldset className="fieldset">
          <legend>Reminders to the client</legend>
          {CLIENT_CHOICES.map(({ field, label, hint }) => box(field, label, hint))}
        </fieldset>
        <fieldset className="fieldset">
          <legend>Your morning digest</legend>
          {box(
            'morning_digest',
            "E-mail me a digest of the day's consultations",
            "At 7:00am in your calendar's time zone, on days with consultations: the times and the clients' initials.",
          )}
        </fieldset>
      </Card>
    </PostForm>
  );
}
