// The dashboard greeting by the hour in the provider's time zone (spec 2 §2): morning 3–12, afternoon 12–18.
export function greetingFor(now: Date, timeZone: string): string {
  const hour = Number(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(now));
  if (hour >= 3 && hour < 12) return 'Good morning';
  if (hour >= 12 && hour < 18) return 'Good afternoon';
  return 'Good evening';
}
