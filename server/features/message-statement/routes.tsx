// /profile/message-statement: "Statement & Message" (individual) or "Practice Description" (practice),
// spec 2 §1, §2 "Profile pages", §5 "Text fields". One form per section: POST .../{section}.
import { Router, type Request, type Response } from 'express';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { editingSection, requireSelectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import { countWords } from '../../text/word-count';
import {
  MessageStatementPage, PAGE_PATH, type BoxView, type SectionView,
} from '../../../views/pages/message-statement/MessageStatementPage';
import * as service from './service';
import { LIMITS, MAX_BOXES, MESSAGES, postedBoxes, sectionsFor, type Section } from './validation';
import type { StatementRecord } from './repo';
import { text } from '../../lib/form';
import type { FeatureDeps } from '../deps';
import { needsConfirmation } from '../../lib/confirmation';

/** Every section id of both provider types; a section of the other type answers 404. */
const SECTION_IDS = [...new Set([...sectionsFor('individual'), ...sectionsFor('practice')].map((s) => s.id))];

export const pageTitle = (type: 'individual' | 'practice') => (type === 'practice' ? 'Practice Description' : 'Statement & Message');

const boxView = (box: { title: string; text: string; remove?: boolean }): BoxView => ({ ...box, words: countWords(box.text) });

/** The view of each section: saved values, and for the open section after a failed post what was typed. */
function sectionViews(record: StatementRecord, open: string | null, posted: Record<string, unknown> | null): SectionView[] {
  return sectionsFor(record.type).map((section: Section): SectionView => {
    const typed = posted && open === section.id ? posted : null;
    if (section.kind === 'text') {
      const saved = record[section.column];
      const value = typed ? text(typed[section.column]) : saved ?? '';
      return {
        kind: 'text', id: section.id, title: section.title, name: section.column, hint: section.hint, limits: section.limits,
        saved, savedWords: countWords(saved), value, words: countWords(value),
        tooManyText: MESSAGES.tooMany(section.field, section.limits),
        shortText: MESSAGES.short(section.field, section.limits),
        confirmText: MESSAGES.confirmShort(section.field, section.limits),
      };
    }
    let lines: BoxView[];
    let newLine: number | null;
    if (typed) {
      lines = postedBoxes(typed).map(boxView);
      const offered = Number.parseInt(text(typed.box_new), 10);
      newLine = offered === lines.length - 1 ? offered : null;
    } else {
      lines = record.boxes.map(boxView);
      newLine = lines.length < MAX_BOXES ? lines.length : null;
      if (newLine !== null) lines.push(boxView({ title: '', text: '' }));
    }
    return {
      kind: 'boxes', id: section.id, title: section.title, hint: section.hint, saved: record.boxes.map(boxView), lines, newLine,
      answerLimits: LIMITS.answer, answerTooManyText: MESSAGES.tooMany('answer', LIMITS.answer),
    };
  });
}

export function messageStatementRoutes({ db, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add(
    { menu: 'edit-profile', order: 20, label: (viewer) => (viewer.provider?.type === 'practice' ? 'Practice Description' : 'Statement & Message'), href: '/profile/message-statement' },
  );

  async function show(req: Request, res: Response, open: string | null, errors: Record<string, string> = {}, status = 200, confirm?: string) {
    const record = await service.loadForViewer(db, res.locals.viewer!);
    const editing = open && sectionsFor(record.type).some((s) => s.id === open) ? open : null;
    const posted = req.method === 'POST' ? (req.body as Record<string, unknown>) : null;
    render(req, res, {
      title: pageTitle(record.type),
      status,
      page: <MessageStatementPage sections={sectionViews(record, editing, posted)} editing={editing} errors={errors} {...(confirm ? { confirm } : {})} />,
    });
  }

  router.get(PAGE_PATH, ...requireSelectedProfile, (req, res) => show(req, res, editingSection(req)));

  // One path per section (no :section parameter): the cross-account walk classifies every path parameter.
  for (const sectionId of SECTION_IDS) {
    router.post(`${PAGE_PATH}/${sectionId}`, ...requireSelectedProfile, formPost(
      MESSAGES.error,
      (req, res, errors, status) => show(req, res, sectionId, errors, status),
      async (req, res) => {
        const section = await service.saveSection(db, res.locals.viewer!, sectionId, req.body as Record<string, unknown>);
        // Under the minimum, it asks first: the question with what was typed (422, nothing saved).
        if (needsConfirmation(section)) return show(req, res, sectionId, {}, 422, section.question);
        flash(req, 'success', `${section.title} saved.`);
        res.redirect(303, `${PAGE_PATH}#${section.id}`);
      },
    ));
  }

  return router;
}
