// What every page and layout may know about the request, built once per request by render().
import { createContext, useContext } from 'react';

export type FlashKind = 'error' | 'success' | 'warning' | 'info' | 'brand';
export interface FlashMessage {
  kind: FlashKind;
  text: string;
  permanent?: boolean;
}

export interface NavItem {
  label: string;
  href: string;
  locked?: boolean;
  external?: boolean;
}
export interface NavSection {
  label: string;
  /** Shown with the neighbouring sections of the same group under one disclosure (the resources). */
  group?: string;
  href?: string;
  external?: boolean;
  items: NavItem[];
}

export type BannerStatus = 'locked' | 'inactive' | 'incomplete' | 'reviewing' | 'pending';

export interface StatusBannerView {
  status: BannerStatus;
  providerId: number;
  /** incomplete: the first unfinished wizard step (new wizard) or /. */
  continueHref?: string;
  /** reviewing: the public profile, to review it before going live. */
  previewHref?: string;
}

/** The built stylesheets and scripts a page links (server/http/assets.ts picks them per page). */
export interface PageAssets {
  styles: string[];
  scripts: string[];
  preloads: string[];
}

export interface PageContext {
  brand: string;
  path: string;
  csrfToken: string;
  flash: FlashMessage[];
  signedIn: boolean;
  userName: string | null;
  provider: { id: number; type: 'individual' | 'practice'; status: string; displayName: string } | null;
  sideMenu: NavSection[];
  profileMenu: NavItem[];
  sideMenuCollapsed: boolean;
  unreadMessages: boolean;
  /** The provider status banner of dashboard pages (spec 1 §4); null for active profiles. */
  statusBanner: StatusBannerView | null;
}

export const PageContextReact = createContext<PageContext | null>(null);

export function usePage(): PageContext {
  const context = useContext(PageContextReact);
  if (!context) throw new Error('usePage() outside render()');
  return context;
}
