// The one rendering path: a page component inside its layout, server-rendered, with the page's
// title, flash messages, CSRF token and exactly the scripts of the islands it used.
import type { Request, Response } from 'express';
import type { ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { IconCollector, type IconName } from '../../views/components/Icon';
import { IslandCollector } from '../../views/components/Island';
import { Document } from '../../views/layouts/Document';
import { DashboardLayout } from '../../views/layouts/DashboardLayout';
import { OnboardingLayout } from '../../views/layouts/OnboardingLayout';
import { PlainLayout } from '../../views/layouts/PlainLayout';
import { PageContextReact, type PageContext, type StatusBannerView } from '../../views/page-context';
import type { AssetManifest } from './assets';
import { takeFlash } from './flash';
import { keepRenderedPage } from './page-cache';
import type { Menu } from './menu';
import { iconSprite } from './icons';
import { buildNavigation, publicProfileUrl } from './navigation';
import {
  ERROR_SUMMARY_SLOT,
  ErrorCollector,
  ErrorSummary,
  type ReportedError,
} from '../../views/components/form/ErrorSummary';

/**
 * What pages need from the features and the domain, wired once by createApp (app.locals.pageSources):
 * the menus' entries, and the rule of the provider status banner.
 */
export interface PageSources {
  menu: Menu;
  statusBanner(
    provider: { id: number; status: string },
    links: { continueHref?: string; previewHref?: string },
  ): StatusBannerView | null;
}

export type LayoutName = 'dashboard' | 'onboarding' | 'plain';

export interface RenderOptions {
  title: string;
  page: ReactNode;
  layout?: LayoutName;
  status?: number;
}

const LAYOUTS = { dashboard: DashboardLayout, onboarding: OnboardingLayout, plain: PlainLayout } as const;

export function render(
  req: Request,
  res: Response,
  { title, page, layout = 'dashboard', status = 200 }: RenderOptions,
): void {
  const { config, assets } = req.app.locals as { config: { brandName: string }; assets: AssetManifest };
  const viewer = res.locals.viewer;
  // Absent only in an app made of bare routes (a test of the error pages): no menus, no banner.
  const sources = req.app.locals.pageSources as PageSources | undefined;
  const effectiveLayout = layout === 'dashboard' && !viewer ? 'plain' : layout;
  const context: PageContext = {
    brand: config.brandName,
    path: req.path,
    csrfToken: typeof req.csrfToken === 'function' ? req.csrfToken() : '',
    flash: takeFlash(req),
    signedIn: Boolean(viewer),
    userName: viewer?.user.displayName ?? null,
    provider: viewer?.provider
      ? {
          id: viewer.provider.id,
          type: viewer.provider.type,
          status: viewer.provider.status,
          displayName: viewer.provider.displayName,
        }
      : null,
    ...buildNavigation(viewer, sources?.menu),
    sideMenuCollapsed: Boolean(req.session?.sideMenuCollapsed),
    unreadMessages: Boolean(viewer?.provider?.unreadMessageCount),
    statusBanner:
      viewer?.provider && sources
        ? sources.statusBanner(viewer.provider, {
            ...(res.locals.statusBannerLink ? { continueHref: res.locals.statusBannerLink } : {}),
            previewHref: publicProfileUrl(
              (req.app.locals.config as { publicProfileBaseUrl: string }).publicProfileBaseUrl,
              viewer.provider,
            ),
          })
        : null,
  };
  const usedIslands = new Set<string>();
  const usedIcons = new Set<IconName>();
  const errors: ReportedError[] = [];
  const Layout = LAYOUTS[effectiveLayout];
  const html = renderToString(
    <PageContextReact.Provider value={context}>
      <IslandCollector.Provider value={usedIslands}>
        <IconCollector.Provider value={usedIcons}>
          <ErrorCollector.Provider value={errors}>
            <Layout title={title}>{page}</Layout>
          </ErrorCollector.Provider>
        </IconCollector.Provider>
      </IslandCollector.Provider>
    </PageContextReact.Provider>,
  );
  const body = html.replace(ERROR_SUMMARY_SLOT, () =>
    renderToStaticMarkup(<ErrorSummary errors={errors.map((e) => linkedError(e, html))} />),
  );
  const fullTitle = title ? `${title} | ${config.brandName}` : config.brandName;
  const head = renderToStaticMarkup(
    <Document
      title={errors.length ? `Error: ${fullTitle}` : fullTitle}
      csrfToken={context.csrfToken}
      assets={assets.forPage(usedIslands)}
    />,
  );
  const bodyAttributes = [
    context.signedIn ? ' data-signed-in=""' : '',
    context.sideMenuCollapsed && effectiveLayout === 'dashboard' ? ' class="menu-collapsed"' : '',
  ].join('');
  const document = Buffer.from(
    `<!DOCTYPE html><html lang="en">${head}<body${bodyAttributes}>${body}${iconSprite(usedIcons)}</body></html>`,
  );
  // Sent as it is, without res.send's ETag: a page is never cached (no-store), and hashing every page cost
  // as much as writing it.
  res.status(status).type('html').setHeader('Content-Length', document.length);
  res.end(document);
  keepRenderedPage(req, res, document, context.flash.length === 0 && errors.length === 0);
}

/** A summary link goes to its field; where no element has that id, to the message itself, so no link leads nowhere. */
function linkedError(error: ReportedError, html: string): ReportedError {
  return html.includes(` id="${error.target}"`) ? error : { ...error, target: error.shownAt };
}
