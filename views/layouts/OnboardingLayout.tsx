// The wizard and plan pages: no side navigation, just the brand and a way out.
import type { ReactNode } from 'react';
import { PostForm } from '../components/PostForm';
import { FlashMessages } from '../components/Flash';
import { usePage } from '../page-context';
import { ErrorSummarySlot } from '../components/form/ErrorSummary';

export function OnboardingLayout({ title, children }: { title: string; children: ReactNode }) {
  const page = usePage();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar topbar--onboarding">
        <a className="topbar__brand" href="/">
          {page.brand}
        </a>
        {page.signedIn && (
          <PostForm action="/logout" className="topbar__actions">
            <button type="submit" className="link-button">
              Log out
            </button>
          </PostForm>
        )}
      </header>
      <main id="main" className="content content--narrow" tabIndex={-1}>
        <FlashMessages />
        <ErrorSummarySlot />
        {/* A page whose spec title is empty (an upgrade with nothing further) has no heading of its own. */}
        {title && <h1>{title}</h1>}
        {children}
      </main>
    </>
  );
}
