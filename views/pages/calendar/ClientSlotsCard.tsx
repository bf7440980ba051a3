// "The slots a client would see this week" (issue [23] item 4): the directory's answer for the week,
// grouped by day, so a provider sees what their availability and booking rules leave bookable.
import { Card } from '../../components/ui/Card';
import { Notice } from '../../components/ui/Notice';
import type { ClientSlotsView } from './view';

export function ClientSlotsCard({ view }: { view: ClientSlotsView }) {
  return (
    <Card id="client-slots" title={view.title}>
      <p className="hint">{view.intro}</p>
      {view.closedReason ? (
        <Notice tone="warning">{view.closedReason}</Notice>
      ) : view.count === 0 ? (
        <p id="client-slots-none">No time can be booked this week.</p>
      ) : (
        <p id="client-slots-count">
          {view.count === 1 ? '1 time can be booked.' : `${view.count} times can be booked.`}
        </p>
      )}
      {!view.closedReason &&
        view.days.map((day) => (
          <section key={day.key} className="client-slots__day" aria-labelledby={`client-slots-${day.key}`}>
            <h3 id={`client-slots-${day.key}`}>{day.label}</h3>
            {day.times.length === 0 ? (
              <p className="muted">None</p>
            ) : (
              <ul className="slot-times">
                {day.times.map((time) => (
                  <li key={time}>{time}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
    </Card>
  );
}
