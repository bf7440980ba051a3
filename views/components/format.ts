// How values are shown to a person (never how they are stored).

/** A stored phone number as people write it: +12125550142 → (212) 555-0142; others as stored. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone.replace(/[^\d+]/g, ''));
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : phone;
}
