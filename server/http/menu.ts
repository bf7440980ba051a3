// The menus' entries, registered at start by the features that own the pages (and by whatever serves a
// page not built yet); navigation.ts lays them out. The web layer holds no feature's entry of its own.
import type { Viewer } from '../domain/accounts';

/**
 * The side menu's sections, in the order they are shown (spec 1 §2, with the daily tools of issue [21]'s
 * "Navigation" in "Your Practice"). A "link" section is one entry. Sections of one `group` are shown
 * together under one disclosure, closed unless it holds the current page (the 14 resources).
 */
export const SIDE_SECTIONS = [
  { key: 'dashboard', label: 'Dashboard', link: true },
  { key: 'availability', label: 'Availability & Locations', link: true },
  { key: 'referrals', label: 'Client Referrals', link: false },
  { key: 'practice', label: 'Your Practice', link: false },
  { key: 'view-profile', label: 'View Profile', link: true },
  { key: 'edit-profile', label: 'Edit Profile', link: false },
  { key: 'benefits', label: 'Account Benefits', link: false, group: 'Resources' },
  { key: 'resources', label: 'Practice Resources', link: false, group: 'Resources' },
  { key: 'support', label: 'Support', link: false },
] as const;

export type SideSection = (typeof SIDE_SECTIONS)[number]['key'];

export interface MenuEntry {
  /** A section of the side menu, or the profile menu (top right). */
  menu: SideSection | 'profile';
  /** Place within its menu or section: entries are shown in ascending order. */
  order: number;
  label: string | ((viewer: Viewer) => string);
  href: string | ((viewer: Viewer) => string);
  /** Shown only when this holds (a role, the provider's type or status); always when absent. */
  shown?: (viewer: Viewer) => boolean;
  /** A member benefit or resource: locked for a profile without a paid plan (navigation.ts). */
  membersOnly?: boolean;
  external?: boolean;
  /** A profile-menu entry that is a daily tool is shown in a side section as well, at this place. */
  alsoIn?: { menu: SideSection; order: number };
}

export class Menu {
  /** Each menu's or section's entries, kept in order as they are added (read on every signed-in page). */
  private readonly byMenu = new Map<MenuEntry['menu'], MenuEntry[]>();

  add(...entries: MenuEntry[]): void {
    for (const { alsoIn, ...entry } of entries) {
      if (alsoIn) this.add({ ...entry, ...alsoIn });
      const list = this.byMenu.get(entry.menu) ?? [];
      list.push(entry);
      list.sort((a, b) => a.order - b.order);
      this.byMenu.set(entry.menu, list);
    }
  }

  /** The entries of one menu or section that this viewer sees, in order. */
  entriesFor(menu: MenuEntry['menu'], viewer: Viewer): MenuEntry[] {
    return (this.byMenu.get(menu) ?? []).filter((entry) => !entry.shown || entry.shown(viewer));
  }
}
