// URL slugs of names (tags, therapy groups, profiles).

/** Lowercase words joined by hyphens: "LGBTQ+ ally" -> "lgbtq-ally", "Women's Issues" -> "womens-issues". */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
