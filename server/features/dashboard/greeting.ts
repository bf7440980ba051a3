// The dashboard greeting by the hour in the provider's time zone (spec 2 §2): morning 3–12, afternoon 12–18.
import { dateFormatIn } from '../../../views/components/format';
export function greetingFor(now: Date, timeZone: string): string {
  const format = dateFormatIn(timeZone, { hour: 'numeric', hourCycle: 'h23' });
  const hour = Number(format.format(now));
  if (hour >= 3 && hour < 12) return 'Good morning';
  if (hour >= 12 && hour < 18) return 'Good afternoon';
  return 'Good evening';
}
