export interface GridBlock {
  key: string;
  kind: 'available' | 'unavailable' | 'appointment';
  label: string; // 'Available' | 'Unavailable' | 'Phone Consult'
  name: string | null; // a consultation's client; an availability block's own name
  day: string; // YYYY-MM-DD in the calendar zone; a block crossing midnight comes as two pieces
  startMinute: number; // minutes from that day's local midnight, 0..1439
  endMinute: number; // 1..1440 (clipped at midnight)
  timeText: string; // '9:00am – 10:00am', or 'All day' for a piece that fills its day
  past: boolean;
  readOnly: boolean; // busy time from an external calendar
  recurring: boolean;
  href: string; // the editor or the appointment page; add `partial=1` for the bare form (dialog)
}
export interface GridDay {
  date: string;
  shortLabel: string;
  longLabel: string;
  isToday: boolean;
}
export interface GridWeek {
  weekStart: string;
  today: string;
  nowMinute: number; // minutes into today, in the calendar zone, when the week was read (the "now" line)
  prevWeek: string;
  nextWeek: string;
  days: GridDay[];
  blocks: GridBlock[];
}
export interface CalendarGridProps {
  week: GridWeek;
  timeZoneLabel: string;
  inert: boolean; // closed or no location accepts: dimmed and inert
  weekUrl: string; // '/calendar/week.json' — GET ?week=YYYY-MM-DD answers a GridWeek (JSON)
  newUrl: string; // '/calendar/availability/new' — query date, start_time, end_time, kind
  pageUrl: string; // '/calendar' — ?week=YYYY-MM-DD
}
