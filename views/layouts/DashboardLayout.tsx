// The signed-in layout: top bar (messages, profile menu), side menu, and the page content.
// Menus are <details> and links, so they work without JavaScript.
import type { ReactNode } from 'react';
import { PostForm } from '../components/PostForm';
import { FlashMessages } from '../components/Flash';
import { Icon } from '../components/Icon';
import { Avatar } from '../components/ui/Avatar';
import { StatusBanner } from '../components/StatusBanner';
import { usePage, type NavItem } from '../page-context';

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
                    Log Out
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
            {page.sideMenu.map((section) => (
              <li key={section.label} className="sidemenu__section">
                {section.href ? (
                  <MenuLink
                    item={{ label: section.label, href: section.href, external: section.external }}
                    current={page.path}
                  />
                ) : (
                  <span className="sidemenu__heading">{section.label}</span>
                )}
                {section.items.length > 0 && (
                  <ul>
                    {section.items.map((item) => (
                      <li key={item.href}>
                        <MenuLink item={item} current={page.path} />
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="content" tabIndex={-1}>
          <StatusBanner />
          <FlashMessages />
          {/* A page whose spec title is empty (an upgrade with nothing further) has no heading of its own. */}
          {title && <h1>{title}</h1>}
          {children}
        </main>
      </div>
    </>
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
