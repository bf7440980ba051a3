// Flash messages of spec 1 §8. They stay readable without JavaScript; the shared script fades them after 7 s.
import { usePage } from '../page-context';
import { Icon } from './Icon';

export function FlashMessages() {
  const { flash } = usePage();
  if (!flash.length) return null;
  return (
    <div className="flashes" role="status" aria-live="polite">
      {flash.map((message, index) => (
        <div
          key={index}
          className={`flash flash--${message.kind}`}
          data-flash=""
          data-permanent={message.permanent ? '' : undefined}
        >
          <span>{message.text}</span>
          <button type="button" className="flash__close" data-flash-close="" hidden aria-label="Dismiss message">
            <Icon name="x" />
          </button>
        </div>
      ))}
    </div>
  );
}
