// The side menu and profile menu for a viewer (spec 1 §2, §6): the layout of the entries the features
// register (menu.ts), with the lock on benefits and resources for a provider without a paid plan.
import type { NavItem, NavSection } from '../../views/page-context';
import type { Viewer } from '../domain/accounts';
import { type Menu, type MenuEntry, SIDE_SECTIONS } from './menu';

/** Member pages that stay open without a paid membership (spec 1 §2). */
export const UNGATED_MEMBER_PAGES = new Set(['/benefits/photo-licensing', '/fee-calculator', '/contact', '/help-desk']);

export function publicProfileUrl(base: string, provider: { type: string; slug: string | null; id: number }): string {
  const segment = provider.type === 'practice' ? 'practices' : 'therapists';
  return `${base}/${segment}/${provider.slug ?? provider.id}`;
}

/** The side menu and the profile menu of this viewer, laid out from the entries the features registered. */
export function buildNavigation(
  viewer: Viewer | undefined,
  menu: Menu | undefined,
): { sideMenu: NavSection[]; profileMenu: NavItem[] } {
  if (!viewer || !menu) return { sideMenu: [], profileMenu: [] };
  const provider = viewer.provider;
  const locked = (href: string) => Boolean(provider && !provider.hasPaidPlan && !UNGATED_MEMBER_PAGES.has(href));
  const item = (entry: MenuEntry): NavItem => {
    const href = typeof entry.href === 'function' ? entry.href(viewer) : entry.href;
    return {
      label: typeof entry.label === 'function' ? entry.label(viewer) : entry.label,
      href,
      ...(entry.membersOnly ? { locked: locked(href) } : {}),
      ...(entry.external ? { external: true } : {}),
    };
  };
  const sideMenu: NavSection[] = [];
  for (const section of SIDE_SECTIONS) {
    const items = menu.entriesFor(section.key, viewer).map(item);
    if (items.length === 0) continue;
    const group = 'group' in section ? { group: section.group } : {};
    sideMenu.push(section.link ? { ...items[0]!, items: [] } : { label: section.label, items, ...group });
  }
  return { sideMenu, profileMenu: menu.entriesFor('profile', viewer).map(item) };
}
