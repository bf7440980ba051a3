// Where a click on an empty part of a calendar day puts the new block (spec 3 §2 Calendar page): the
// clicked minute snapped to 15-minute steps, one hour long, clipped at midnight. Pure, so it is unit-tested.

export const SNAP_MINUTES = 15;
/** A remainder below this rounds down to the step, otherwise up to the next one. */
const ROUND_UP_FROM = 8;
export const NEW_BLOCK_MINUTES = 60;
export const MINUTES_PER_DAY = 24 * 60;

/** The new block's start and end, in minutes from the day's midnight, for a click at `clickedMinute`. */
export function snapNewBlock(clickedMinute: number): { startMinute: number; endMinute: number } {
  const minute = Math.min(Math.max(Math.floor(clickedMinute), 0), MINUTES_PER_DAY - 1);
  const remainder = minute % SNAP_MINUTES;
  const rounded = remainder < ROUND_UP_FROM ? minute - remainder : minute - remainder + SNAP_MINUTES;
  // A click in the day's last minutes would round to midnight and make an empty block: it keeps the last step.
  const startMinute = Math.min(rounded, MINUTES_PER_DAY - SNAP_MINUTES);
  return { startMinute, endMinute: Math.min(startMinute + NEW_BLOCK_MINUTES, MINUTES_PER_DAY) };
}

/** A minute of the day as the availability form reads it: '9:15am'; both midnights are '12:00am'. */
export function clockText(minuteOfDay: number): string {
  const minute = minuteOfDay % MINUTES_PER_DAY;
  const hours = Math.floor(minute / 60);
  const twelveHour = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelveHour}:${String(minute % 60).padStart(2, '0')}${hours < 12 ? 'am' : 'pm'}`;
}
