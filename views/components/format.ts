// How values are shown to a person (never how they are stored).

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date format in a time zone, made once a process: making one costs as much as formatting fifty dates
 * (about 90 µs). The keys are few: a handful of formats times the zones providers choose. An unknown
 * zone throws a RangeError, as Intl.DateTimeFormat does.
 */
export function dateFormatIn(
  timeZone: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
  locale = 'en-US',
): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone })));
  return format;
}

/** A stored phone number as people write it: +12125550142 → (212) 555-0142; others as stored. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone.replace(/[^\d+]/g, ''));
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : phone;
}

/** The months of the year by name, January first (month 1 is index 0). */
export const MONTH_NAMES: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

// Made once: building an Intl formatter costs far more than using one (it showed as a fifth of a page's time).
const MONEY = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Cents as dollars: 5900 → $59.00 (money arrives in cents, spec 3 §9). */
export function formatMoney(cents: number): string {
  return MONEY.format(cents / 100);
}

/** A day (YYYY-MM-DD) as people read it: 2026-11-25 → Nov 25, 2026. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '';
  return DAY.format(new Date(`${day}T00:00:00Z`));
}

/** An instant's day, short and without its year, in a time zone: a trial's end → "Dec 1". */
export function formatShortDayIn(iso: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
  try {
    return dateFormatIn(timeZone, options).format(new Date(iso));
  } catch {
    return dateFormatIn('America/New_York', options).format(new Date(iso));
  }
}

/** A card network as people write it: visa → Visa, amex → American Express. */
/** A card on file as a payment form lists it: "Visa ending 4242 (default)". */
export const savedCardLabel = (card: { brand: string; last4: string; isDefault: boolean }): string =>
  `${formatCardBrand(card.brand)} ending ${card.last4}${card.isDefault ? ' (default)' : ''}`;

export function formatCardBrand(brand: string): string {
  if (brand === 'amex') return 'American Express';
  if (brand === 'mastercard') return 'Mastercard';
  return brand.charAt(0).toUpperCase() + brand.slice(1);
}
