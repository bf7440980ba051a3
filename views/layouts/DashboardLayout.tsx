// The signed-in layout: top bar (messages, profile menu), side menu, and the page content.
// Menus are <details> and links, so they work without JavaScript.
import type { ReactNode } from 'react';
import { FlashMessages } from '../components/Flash';
import { Icon } from '../components/Icon';
import { PostForm } from '../components/PostForm';
import { StatusBanner } from '../components/StatusBanner';
import { Avatar } from '../components/ui/Avatar';
import { type NavItem, type NavSection, usePage } from '../page-context';
import { ErrorSummarySlot } from '../components/form/ErrorSummary';

export function DashboardLayout({ title, children }: { title: string; children: ReactNode }) {
  const page = usePage();
  const accountName = page.provider?.displayName ?? page.userName ?? 'Account';
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <PostForm action="/ui/side-menu" className="topbar__toggle" data-side-menu-toggle="">
          <input type="hidden" name="collapsed" value={page.sideMenuCollapsed ? '0' : '1'} />
          <input type="hidden" name="return_to" value={page.path} />
          <button type="submit" aria-controls="side-menu" aria-expanded={!page.sideMenuCollapsed}>
            <Icon name="menu" />
            <span className="visually-hidden">Show or hide the menu</span>
          </button>
        </PostForm>
        {/* Under 1024 px the menu is a drawer: this link opens it (a :target without JavaScript). */}
        <a className="topbar__menu-link" href="#side-menu" aria-controls="side-menu" data-drawer-open="">
          <Icon name="menu" />
          <span className="visually-hidden">Menu</span>
        </a>
        <a className="topbar__brand" href="/" title={page.brand}>
          {page.brand}
        </a>
        <nav className="topbar__actions" aria-label="Account">
          <a className="topbar__messages" href="/messages">
            <Icon name="mail" />
            <span className="topbar__label">Messages</span>
            {page.unreadMessages && <span className="dot" role="img" aria-label="unread messages" />}
          </a>
          <details className="menu">
            <summary title={accountName}>
              <Avatar name={accountName} small />
              <span className="menu__name">{accountName}</span>
              <Icon name="chevron-down" />
            </summary>
            <ul className="menu__list">
              {page.profileMenu.map((item) => (
                <li key={item.href}>
                  <a href={item.href}>{item.label}</a>
                </li>
              ))}
              <li>
                <PostForm action="/logout">
                  <button type="submit" className="link-button">
                    Log out
                  </button>
                </PostForm>
              </li>
            </ul>
          </details>
        </nav>
      </header>
      <div className="shell">
        <nav id="side-menu" className="sidemenu" aria-label="Main">
          <a className="sidemenu__close" href="#main" data-drawer-close="">
            <Icon name="x" /> Close the menu
          </a>
          <ul>
            {groupSections(page.sideMenu).map((entry) =>
              'sections' in entry ? (
                <li key={entry.group} className="sidemenu__section">
                  <details
                    className="sidemenu__group"
                    open={entry.sections.some((section) => section.items.some((item) => item.href === page.path))}
                  >
                    <summary>
                      {entry.group}
                      <Icon name="chevron-down" />
                    </summary>
                    <ul>
                      {entry.sections.map((section) => (
                        <SideSection key={section.label} section={section} current={page.path} />
                      ))}
                    </ul>
                  </details>
                </li>
              ) : (
                <SideSection key={entry.label} section={entry} current={page.path} />
              ),
            )}
          </ul>
        </nav>
        <main id="main" className="content" tabIndex={-1}>
          <StatusBanner />
          <FlashMessages />
          <ErrorSummarySlot />
          {/* A page whose spec title is empty (an upgrade with nothing further) has no heading of its own. */}
          {title && <h1>{title}</h1>}
          {children}
        </main>
      </div>
    </>
  );
}

/** The side menu's sections, with the neighbouring sections of one group gathered under that group. */
function groupSections(sections: NavSection[]): (NavSection | { group: string; sections: NavSection[] })[] {
  const entries: (NavSection | { group: string; sections: NavSection[] })[] = [];
  for (const section of sections) {
    const last = entries.at(-1);
    if (!section.group) entries.push(section);
    else if (last && 'sections' in last && last.group === section.group) last.sections.push(section);
    else entries.push({ group: section.group, sections: [section] });
  }
  return entries;
}

function SideSection({ section, current }: { section: NavSection; current: string }) {
  return (
    <li className="sidemenu__section">
      {section.href ? (
        <MenuLink item={{ label: section.label, href: section.href, external: section.external }} current={current} />
      ) : (
        <span className="sidemenu__heading">{section.label}</span>
      )}
      {section.items.length > 0 && (
        <ul>
          {section.items.map((item) => (
            <li key={item.href}>
              <MenuLink item={item} current={current} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function MenuLink({ item, current }: { item: NavItem; current: string }) {
  return (
    <a
      href={item.href}
      aria-current={item.href === current ? 'page' : undefined}
      {...(item.external ? { target: '_blank', rel: 'noopener' } : {})}
    >
      {item.label}
      {item.locked && (
        <span className="lock">
          <Icon name="lock" label="locked: needs a membership" />
        </span>
      )}
      {item.external && <span className="visually-hidden"> (opens in a new tab)</span>}
    </a>
  );
}
