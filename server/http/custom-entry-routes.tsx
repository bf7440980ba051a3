// The add / update / delete posts of a list of custom entries (custom approaches, custom specialties),
// shared by the pages that keep them. A delete without the confirmed field (JavaScript off) answers with
// a confirmation page. The entries' rules come in as a store (the domain's), so this knows no domain.
import type { Request, Response, Router } from 'express';
import { NotFoundError } from '../lib/errors';
import { isChecked } from '../lib/form';
import { ConfirmDeletePage, type CustomEntryView } from '../../views/pages/specialties/CustomEntriesSection';
import type { Viewer } from '../domain/accounts';
import { flash } from './flash';
import { formPost, isAnswer, reportFailedSave, type Reshow } from './form-post';
import { requireSelectedProfile } from './profile-editing';
import { render } from './render';

/** One kind of custom entry of the viewer's selected profile. */
export interface CustomEntryStore {
  noun: string;
  isId(id: string): boolean;
  add(viewer: Viewer, body: Record<string, unknown>): Promise<{ id: string }>;
  update(viewer: Viewer, id: string, body: Record<string, unknown>): Promise<void>;
  remove(viewer: Viewer, id: string): Promise<unknown>;
  find(viewer: Viewer, id: string): Promise<CustomEntryView>;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function customEntryRoutes(
  router: Router,
  {
    store,
    errorMessage,
    pagePath,
    basePath,
    sectionId,
    entryPrefix,
    reshow,
  }: {
    store: CustomEntryStore;
    /** The page's message for a save that failed unexpectedly. */
    errorMessage: string;
    pagePath: string;
    basePath: string;
    sectionId: string;
    entryPrefix: string;
    /** Re-renders the page with the given section open, the posted values and the messages. */
    reshow: (
      req: Request,
      res: Response,
      section: string,
      errors: Record<string, string>,
      status: number,
    ) => Promise<void>;
  },
): void {
  const viewer = (res: Response) => res.locals.viewer!;
  const entryId = (req: Request) => {
    const id = String(req.params.entryId);
    if (!store.isId(id)) throw new NotFoundError();
    return id;
  };
  const reshowSection =
    (section: (req: Request) => string): Reshow =>
    (req, res, errors, status) =>
      reshow(req, res, section(req), errors, status);

  router.post(
    basePath,
    ...requireSelectedProfile,
    formPost(
      errorMessage,
      reshowSection(() => sectionId),
      async (req, res) => {
        const entry = await store.add(viewer(res), req.body ?? {});
        flash(req, 'success', `Your ${store.noun} has been added!`);
        res.redirect(303, `${pagePath}#${entryPrefix}-${entry.id}`);
      },
    ),
  );

  router.post(
    `${basePath}/:entryId`,
    ...requireSelectedProfile,
    formPost(
      errorMessage,
      reshowSection((req) => `${entryPrefix}-${String(req.params.entryId)}`),
      async (req, res) => {
        const id = entryId(req);
        await store.update(viewer(res), id, req.body ?? {});
        flash(req, 'success', `Your ${store.noun} has been updated!`);
        res.redirect(303, `${pagePath}#${entryPrefix}-${id}`);
      },
    ),
  );

  router.post(`${basePath}/:entryId/delete`, ...requireSelectedProfile, async (req, res) => {
    const id = entryId(req);
    if (!isChecked(req.body?.confirmed)) {
      const entry = await store.find(viewer(res), id);
      return render(req, res, {
        title: `Delete ${store.noun}`,
        page: (
          <ConfirmDeletePage
            noun={store.noun}
            entry={entry}
            action={`${basePath}/${id}/delete`}
            cancelHref={`${pagePath}#${sectionId}`}
          />
        ),
      });
    }
    try {
      await store.remove(viewer(res), id);
    } catch (error) {
      if (isAnswer(error)) throw error;
      reportFailedSave(req, error, errorMessage);
      return res.redirect(303, `${pagePath}#${sectionId}`);
    }
    flash(req, 'success', `${capitalised(`your ${store.noun}`)} has been deleted!`);
    res.redirect(303, `${pagePath}#${sectionId}`);
  });
}
