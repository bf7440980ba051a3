// /profile/education-employment (spec 2 §2 "Profile pages", §5 "Work and education"): individuals only,
// practices are sent to /. One form per section: POST .../education and .../employment.
import { Router, type Request, type Response } from 'express';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { editingSection, requireProviderType, requireSelectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import {
  EducationEmploymentPage,
  PAGE_PATH,
  type EducationLineView,
  type EmploymentLineView,
} from '../../../views/pages/education-employment/EducationEmploymentPage';
import type { EducationRecord } from './repo';
import * as service from './service';
import { HEADERS, MAX_LINES, MESSAGES, postedEducation, postedEmployment, yearOptions } from './validation';
import { text } from '../../lib/form';
import type { FeatureDeps } from '../deps';

const TITLE = 'Education & Employment';
const SAVED = { education: 'Education saved.', employment: 'Employment saved.' } as const;
const emptyEducation: EducationLineView = { institution: '', degree: '', completion: '' };
const emptyEmployment: EmploymentLineView = { employer: '', position: '', start: '', end: '' };
const employmentView = (line: {
  employer: string;
  position: string;
  when: { start: string; end: string };
  remove?: boolean;
}): EmploymentLineView => ({
  employer: line.employer,
  position: line.position,
  start: line.when.start,
  end: line.when.end,
  ...(line.remove ? { remove: true } : {}),
});

/** Saved lines plus the one empty line always offered (none at the maximum). */
function withNewLine<T>(lines: T[], empty: T): { lines: T[]; newLine: number | null } {
  return lines.length < MAX_LINES ? { lines: [...lines, empty], newLine: lines.length } : { lines, newLine: null };
}

/** After a failed post the lines are what was typed; the offered empty line keeps its place. */
function postedLines<T>(lines: T[], newField: unknown): { lines: T[]; newLine: number | null } {
  const offered = Number.parseInt(text(newField), 10);
  return { lines, newLine: offered === lines.length - 1 ? offered : null };
}

export function educationEmploymentRoutes({ db, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({
    menu: 'edit-profile',
    order: 60,
    label: 'Education & Employment',
    href: '/profile/education-employment',
    shown: (viewer) => viewer.provider?.type !== 'practice',
  });
  const guards = [...requireSelectedProfile, requireProviderType('individual')];

  async function show(
    req: Request,
    res: Response,
    open: string | null,
    errors: Record<string, string> = {},
    status = 200,
  ) {
    const record: EducationRecord = await service.loadForViewer(db, res.locals.viewer!);
    const editing = open === 'education' || open === 'employment' ? open : null;
    const body = req.method === 'POST' ? (req.body as Record<string, unknown>) : {};
    const education =
      editing === 'education' && req.method === 'POST'
        ? postedLines<EducationLineView>(postedEducation(body), body.education_new)
        : withNewLine<EducationLineView>(record.education, emptyEducation);
    const employment =
      editing === 'employment' && req.method === 'POST'
        ? postedLines(postedEmployment(body).map(employmentView), body.employment_new)
        : withNewLine(record.employment.map(employmentView), emptyEmployment);
    const grad =
      editing === 'education' && req.method === 'POST'
        ? text(body.year_earned_grad_degree)
        : record.yearEarnedGradDegree;
    render(req, res, {
      title: TITLE,
      status,
      page: (
        <EducationEmploymentPage
          years={yearOptions()}
          headers={HEADERS}
          editing={editing}
          errors={errors}
          saved={{
            education: record.education,
            employment: record.employment.map(employmentView),
            yearEarnedGradDegree: record.yearEarnedGradDegree,
          }}
          form={{
            education: education.lines,
            educationNew: education.newLine,
            employment: employment.lines,
            employmentNew: employment.newLine,
            yearEarnedGradDegree: grad,
          }}
        />
      ),
    });
  }

  router.get(PAGE_PATH, ...guards, (req, res) => show(req, res, editingSection(req)));

  // One path per section (no :section parameter): the cross-account walk classifies every path parameter.
  for (const sectionId of service.SECTIONS) {
    router.post(
      `${PAGE_PATH}/${sectionId}`,
      ...guards,
      formPost(
        MESSAGES.error,
        (req, res, errors, status) => show(req, res, sectionId, errors, status),
        async (req, res) => {
          await service.saveSection(db, res.locals.viewer!, sectionId, req.body as Record<string, unknown>);
          flash(req, 'success', SAVED[sectionId]);
          res.redirect(303, `${PAGE_PATH}#${sectionId}`);
        },
      ),
    );
  }

  return router;
}
