// The add / update / delete posts of custom approaches and custom specialties, shared by the two pages
// that keep them. A delete without the confirmed field (JavaScript off) answers with a confirmation page.
import type { Request, Response, Router } from 'express';
import type { Knex } from 'knex';
import { NotFoundError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { formPost, type Reshow } from '../../http/form-post';
import { requireSelectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import { ConfirmDeletePage } from '../../../views/pages/specialties/CustomEntriesSection';
import * as custom from '../../domain/tags';
import { editableProfileId } from '../../domain/tags';

export const PROFILE_UPDATE_ERROR = 'There was an error updating your profile.';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function customEntryRoutes(router: Router, { db, kind, pagePath, basePath, sectionId, entryPrefix, reshow }: {
  db: Knex;
  kind: custom.CustomKind;
  pagePath: string;
  basePath: string;
  sectionId: string;
  entryPrefix: string;
  /** Re-renders the page with the given section open, the posted values and the messages. */
  reshow: (req: Request, res: Response, section: string, errors: Record<string, string>, status: number) => Promise<void>;
}): void {
  const rules = custom.CUSTOM_KINDS[kind];
  const providerId = (res: Response) => editableProfileId(res.locals.viewer!);
  const entryId = (req: Request) => {
    const id = String(req.params.entryId);
    if (!custom.ENTRY_ID.test(id)) throw new NotFoundError();
    return id;
  };
  const reshowSection = (section: (req: Request) => string): Reshow => (req, res, errors, status) => reshow(req, res, section(req), errors, status);

  router.post(basePath, ...requireSelectedProfile, formPost(PROFILE_UPDATE_ERROR, reshowSection(() => sectionId), async (req, res) => {
    const entry = await custom.addEntry(db, providerId(res), kind, req.body ?? {});
    flash(req, 'success', `Your ${rules.noun} has been added!`);
    res.redirect(303, `${pagePath}#${entryPrefix}-${entry.id}`);
  }));

  router.post(`${basePath}/:entryId`, ...requireSelectedProfile, formPost(PROFILE_UPDATE_ERROR, reshowSection((req) => `${entryPrefix}-${String(req.params.entryId)}`), async (req, res) => {
    const id = entryId(req);
    await custom.updateEntry(db, providerId(res), kind, id, req.body ?? {});
    flash(req, 'success', `Your ${rules.noun} has been updated!`);
    res.redirect(303, `${pagePath}#${entryPrefix}-${id}`);
  }));

  router.post(`${basePath}/:entryId/delete`, ...requireSelectedProfile, async (req, res) => {
    const id = entryId(req);
    if (req.body?.confirmed !== '1') {
      const entry = await custom.findEntry(db, providerId(res), kind, id);
      return render(req, res, {
        title: `Delete ${rules.noun}`,
        page: <ConfirmDeletePage noun={rules.noun} entry={entry} action={`${basePath}/${id}/delete`} cancelHref={`${pagePath}#${sectionId}`} />,
      });
    }
    try {
      await custom.deleteEntry(db, providerId(res), kind, id);
    } catch (error) {
      if (error instanceof NotFoundError) throw error;
      req.log?.error({ err: error }, PROFILE_UPDATE_ERROR);
      flash(req, 'error', PROFILE_UPDATE_ERROR);
      return res.redirect(303, `${pagePath}#${sectionId}`);
    }
    flash(req, 'success', `${capitalised(`your ${rules.noun}`)} has been deleted!`);
    res.redirect(303, `${pagePath}#${sectionId}`);
  });
}
