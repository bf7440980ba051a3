// The question a time-zone change asks first (issue [19] item 2): keep the availability's hours in the new
// zone (the default) or keep its moments. A plain form: it works without JavaScript, and the same post
// comes back with the choice.
import { PostForm } from '../../components/PostForm';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';

export interface ZoneChangeView {
  question: string;
  action: string;
  /** The zone chosen (posted again). */
  timeZone: string;
  fromLabel: string;
  toLabel: string;
  /** The next free block, as each choice would show it. */
  example: { day: string; now: string; keepHours: string; keepInstants: string } | null;
  cancelHref: string;
}

export function ZoneChangePage({ view }: { view: ZoneChangeView }) {
  const example = view.example;
  return (
    <Card id="zone-change" title={view.question}>
      <p>
        {`You are changing your calendar’s time zone from ${view.fromLabel} to ${view.toLabel}. Choose what happens to your availability.`}
      </p>
      <PostForm action={view.action} noValidate>
        <input type="hidden" name="timezone" value={view.timeZone} />
        <fieldset className="fieldset">
          <legend>Your availability</legend>
          <div className="field field--check">
            <input
              type="radio"
              id="zone-move-hours"
              name="zone_move"
              value="hours"
              defaultChecked
              aria-describedby="zone-move-hours-hint"
            />
            <label htmlFor="zone-move-hours">Keep my hours</label>
            <p className="hint" id="zone-move-hours-hint">
              {`Your repeating availability and the blocks ahead move to ${view.toLabel} time at the same times of day${
                example ? `: ${example.day}, ${example.now} stays ${example.keepHours}.` : '.'
              }`}
            </p>
          </div>
          <div className="field field--check">
            <input
              type="radio"
              id="zone-move-instants"
              name="zone_move"
              value="instants"
              aria-describedby="zone-move-instants-hint"
            />
            <label htmlFor="zone-move-instants">Keep the same moments</label>
            <p className="hint" id="zone-move-instants-hint">
              {`Nothing moves, so your availability shows at other times of day in ${view.toLabel} time${
                example ? `: ${example.day}, ${example.now} becomes ${example.keepInstants}.` : '.'
              }`}
            </p>
          </div>
        </fieldset>
        <p>Phone consultations already booked, and busy time from your linked calendars, keep their times.</p>
        <div className="actions">
          <Button>Change time zone</Button>
          <a href={view.cancelHref}>Cancel</a>
        </div>
      </PostForm>
    </Card>
  );
}
