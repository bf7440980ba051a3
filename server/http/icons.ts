// The inline SVG sprite of a page: a <symbol> per icon the page used (views/components/Icon.tsx), read
// once from lucide-static's files and kept in memory.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ICON_NAMES, type IconName } from '../../views/components/Icon';

const require = createRequire(import.meta.url);
const ICON_DIR = path.join(path.dirname(require.resolve('lucide-static/package.json')), 'icons');

/** Each icon's drawing (the SVG's children), as lucide ships it. */
const SYMBOLS = new Map<IconName, string>(
  ICON_NAMES.map((name) => {
    const svg = fs.readFileSync(path.join(ICON_DIR, `${name}.svg`), 'utf8');
    const inner = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1] ?? '';
    return [name, `<symbol id="icon-${name}" viewBox="0 0 24 24">${inner.replace(/\s*\n\s*/g, '')}</symbol>`];
  }),
);

/**
 * The sprite for these icons ('' when none); the stroke style is the .icon class's (portal.css), which a <use>
 * inherits. It is hidden by its class, never a style attribute: the CSP allows no inline style.
 */
export function iconSprite(names: Iterable<IconName>): string {
  const symbols = [...new Set(names)].map((name) => SYMBOLS.get(name) ?? '').join('');
  if (!symbols) return '';
  return `<svg xmlns="http://www.w3.org/2000/svg" class="icon-sprite" width="0" height="0" aria-hidden="true" focusable="false">${symbols}</svg>`;
}
