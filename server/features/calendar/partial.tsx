// ?partial=1: the bare markup of an editor or a panel, without the layout, for the grid's dialog. Its
// forms carry the same CSRF field as the page's.
import type { Request, Response } from 'express';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PageContextReact, type PageContext } from '../../../views/page-context';

export const wantsPartial = (req: Request) => req.query.partial === '1';

export function renderPartial(req: Request, res: Response, node: ReactNode, status = 200): void {
  const context: PageContext = {
    brand: (req.app.locals.config as { brandName: string }).brandName,
    path: req.path,
    csrfToken: typeof req.csrfToken === 'function' ? req.csrfToken() : '',
    flash: [],
    signedIn: true,
    userName: null,
    provider: null,
    sideMenu: [],
    profileMenu: [],
    sideMenuCollapsed: false,
    unreadMessages: false,
    statusBanner: null,
  };
  res
    .status(status)
    .type('html')
    .send(renderToStaticMarkup(<PageContextReact.Provider value={context}>{node}</PageContextReact.Provider>));
}
