// /profile/message-statement: "Statement & Message" (individual) or "Practice Description" (practice),
// spec 2 §1, §2 "Profile pages", §5 "Text fields". One form per section: POST .../{section}.
import { Router, type Request, type Response } from 'express';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { editingSection, requireSelectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import { MessageStatementPage, PAGE_PATH } from '../../../views/pages/message-statement/MessageStatementPage';
import * as service from './service';
import { MESSAGES, sectionsFor } from './validation';
import type { FeatureDeps } from '../deps';
import { needsConfirmation } from '../../lib/confirmation';
import { sectionViews } from './view-model';

/** Every section id of both provider types; a section of the other type answers 404. */
const SECTION_IDS = [...new Set([...sectionsFor('individual'), ...sectionsFor('practice')].map((s) => s.id))];

export const pageTitle = (type: 'individual' | 'practice') =>
  type === 'practice' ? 'Practice Description' : 'Statement & Message';

/** The view of each section: saved values, and for the open section after a failed post what was typed. */ export function messageStatementRoutes({
  db,
  menu,
}: FeatureDeps): Router {
  const router = Router();
  menu.add({
    menu: 'edit-profile',
    order: 20,
    label: (viewer) => (viewer.provider?.type === 'practice' ? 'Practice Description' : 'Statement & Message'),
    href: '/profile/message-statement',
  });

  async function show(
    req: Request,
    res: Response,
    open: string | null,
    errors: Record<string, string> = {},
    status = 200,
    confirm?: string,
  ) {
    const record = await service.loadForViewer(db, res.locals.viewer!);
    const editing = open && sectionsFor(record.type).some((s) => s.id === open) ? open : null;
    const posted = req.method === 'POST' ? (req.body as Record<string, unknown>) : null;
    render(req, res, {
      title: pageTitle(record.type),
      status,
      page: (
        <MessageStatementPage
          sections={sectionViews(record, editing, posted)}
          editing={editing}
          errors={errors}
          {...(confirm ? { confirm } : {})}
        />
      ),
    });
  }

  router.get(PAGE_PATH, ...requireSelectedProfile, (req, res) => show(req, res, editingSection(req)));

  // One path per section (no :section parameter): the cross-account walk classifies every path parameter.
  for (const sectionId of SECTION_IDS) {
    router.post(
      `${PAGE_PATH}/${sectionId}`,
      ...requireSelectedProfile,
      formPost(
        MESSAGES.error,
        (req, res, errors, status) => show(req, res, sectionId, errors, status),
        async (req, res) => {
          const section = await service.saveSection(
            db,
            res.locals.viewer!,
            sectionId,
            req.body as Record<string, unknown>,
          );
          // Under the minimum, it asks first: the question with what was typed (422, nothing saved).
          if (needsConfirmation(section)) return show(req, res, sectionId, {}, 422, section.question);
          flash(req, 'success', `${section.title} saved.`);
          res.redirect(303, `${PAGE_PATH}#${section.id}`);
        },
      ),
    );
  }

  return router;
}
