// Public pages (sign-in, errors): a centred card without menus.
import type { ReactNode } from 'react';
import { FlashMessages } from '../components/Flash';
import { usePage } from '../page-context';
import { ErrorSummarySlot } from '../components/form/ErrorSummary';

export function PlainLayout({ title, children }: { title: string; children: ReactNode }) {
  const page = usePage();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar topbar--plain">
        <a className="topbar__brand" href="/">
          {page.brand}
        </a>
      </header>
      <main id="main" className="content content--card" tabIndex={-1}>
        <FlashMessages />
        <ErrorSummarySlot />
        <h1>{title}</h1>
        {children}
      </main>
    </>
  );
}
