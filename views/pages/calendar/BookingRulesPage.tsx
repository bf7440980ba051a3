// /calendar/booking-rules (issue [23] item 2): the rules a provider sets for the consultations clients
// book (length, breaks, notice, same day, horizon, a weekly limit, approval first), with the times a
// client would see this week under them. A plain form: a refused post comes back with each message beside its field.
import { Checkbox } from '../../components/form/Checkbox';
import { RadioGroup } from '../../components/form/ChoiceGroup';
import { FormError } from '../../components/form/FieldError';
import { FormField } from '../../components/form/FormField';
import { PostForm } from '../../components/PostForm';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { ClientSlotsCard } from './ClientSlotsCard';
import { BOOKING_RULES_PATH, CALENDAR_PATH, type BookingRulesPageView } from './view';

const whole = { inputMode: 'numeric', pattern: '[0-9]*', autoComplete: 'off', className: 'input--5ch' } as const;

export function BookingRulesPage({
  view,
  errors = {},
}: {
  view: BookingRulesPageView;
  errors?: Record<string, string>;
}) {
  const v = view.values;
  return (
    <div className="booking-rules">
      <Card id="booking-rules-form" title="Booking rules">
        <p className="hint">
          These rules apply to consultations clients book from now on. Consultations already booked stay as they are.
        </p>
        <FormError id="booking-rules-error" message={errors.form} />
        <PostForm action={BOOKING_RULES_PATH} noValidate>
          <RadioGroup
            idPrefix="consultation-minutes"
            name="consultation_minutes"
            legend="Consultation length"
            value={v.consultation_minutes}
            options={view.lengths.map((minutes) => ({ value: String(minutes), label: `${minutes} minutes` }))}
            error={errors.consultation_minutes}
          />
          <FormField
            name="buffer_before_minutes"
            label="Break before a consultation (minutes)"
            hint="Free time kept before each consultation, after another consultation or busy time. 0 for none."
            defaultValue={v.buffer_before_minutes}
            error={errors.buffer_before_minutes}
            {...whole}
          />
          <FormField
            name="buffer_after_minutes"
            label="Break after a consultation (minutes)"
            hint="Free time kept after each consultation, before the next consultation or busy time. 0 for none."
            defaultValue={v.buffer_after_minutes}
            error={errors.buffer_after_minutes}
            {...whole}
          />
          <FormField
            name="notice_hours"
            label="Minimum notice (hours)"
            hint="Clients book at least this many hours before the consultation starts."
            defaultValue={v.notice_hours}
            error={errors.notice_hours}
            {...whole}
          />
          <Checkbox
            id="no_same_day"
            name="no_same_day"
            label="No same-day bookings (clients book tomorrow at the earliest, in your time zone)"
            checked={v.no_same_day}
          />
          <FormField
            name="horizon_days"
            label="How far ahead clients can book (days)"
            defaultValue={v.horizon_days}
            error={errors.horizon_days}
            {...whole}
          />
          <FormField
            name="weekly_cap"
            label="Most consultations in a week (optional)"
            hint="Counts booked consultations and requests, Sunday to Saturday. Leave empty for no limit."
            defaultValue={v.weekly_cap}
            error={errors.weekly_cap}
            {...whole}
          />
          <RadioGroup
            idPrefix="approval-required"
            name="approval_required"
            legend="When a client books"
            value={v.approval_required ? '1' : '0'}
            stacked
            options={[
              { value: '0', label: 'Confirm the consultation at once' },
              {
                value: '1',
                label: 'I approve each booking first',
                hint: `it waits as a request until you accept or decline it, within ${view.requestHours} hours or before it starts; unanswered, it is declined for you. The client is told by e-mail`,
              },
            ]}
          />
          <div className="actions">
            <Button>Save booking rules</Button>
            <a href={CALENDAR_PATH}>Back to your calendar</a>
          </div>
        </PostForm>
      </Card>
      <ClientSlotsCard view={view.clientSlots} />
    </div>
  );
}
