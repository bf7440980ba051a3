// <Icon name>: an icon of lucide (lucide-static), drawn from the page's own inline SVG sprite, so a page
// carries only the icons it uses (server/http/icons.ts writes the sprite after rendering). Decorative by
// default (aria-hidden); with a label it is an image with that name.
import { createContext, useContext } from 'react';

/** The icons the portal uses; each name is a file of lucide-static's icons/ folder. */
export const ICON_NAMES = [
  'menu',
  'x',
  'lock',
  'mail',
  'arrow-left',
  'chevron-down',
  'chevron-right',
  'trash-2',
  'pencil',
  'plus',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

export const IconCollector = createContext<Set<IconName> | null>(null);

export function Icon({ name, label }: { name: IconName; label?: string }) {
  useContext(IconCollector)?.add(name);
  return label ? (
    <svg className="icon" role="img" aria-label={label} focusable="false">
      <use href={`#icon-${name}`} />
    </svg>
  ) : (
    <svg className="icon" aria-hidden="true" focusable="false">
      <use href={`#icon-${name}`} />
    </svg>
  );
}
