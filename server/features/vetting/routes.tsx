// /vetting/quiz (spec 2 §2, §4 "Vetting", §5 "Vetting quiz", §7): the quiz as a plain form, its
// result page, and "You've already been vetted!" for every profile that is not pre-vetting.
import { Router, type Request, type Response } from 'express';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { requireSelectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import { VettingQuizPage } from '../../../views/pages/vetting/VettingQuizPage';
import { VettingResultPage } from '../../../views/pages/vetting/VettingResultPage';
import * as service from './service';
import { fieldFor, VETTING_MESSAGES } from './validation';
import type { FeatureDeps } from '../deps';

export const QUIZ_PATH = '/vetting/quiz';
const TITLE = 'Clinical Vetting';
const SUBMIT_FAILED = 'There was an error submitting your quiz. Please try again.';

const asView = (result: service.QuizResult | null) =>
  result && {
    passed: result.passed,
    correct: result.correct,
    total: result.total,
    passMark: result.passMark,
    takenOn: result.takenAt.toISOString().slice(0, 10),
  };

export function vettingRoutes({ db, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({ menu: 'edit-profile', order: 110, label: 'Clinical Vetting', href: '/vetting/quiz' });

  async function show(req: Request, res: Response, errors: Record<string, string> = {}, status = 200) {
    const quiz = await service.loadQuiz(db, res.locals.viewer!);
    if (quiz.kind === 'vetted') {
      return render(req, res, {
        title: TITLE,
        status,
        page: (
          <VettingQuizPage
            state={{ kind: 'vetted', message: VETTING_MESSAGES.alreadyVetted, result: asView(quiz.result) }}
          />
        ),
      });
    }
    // Re-shown after a refusal: the answers already chosen stay chosen.
    const body = (req.method === 'POST' ? (req.body ?? {}) : {}) as Record<string, unknown>;
    const questions = quiz.questions.map((q) => {
      const field = fieldFor(q.id);
      const chosen =
        typeof body[field] === 'string' && q.choices.includes(body[field] as string) ? (body[field] as string) : null;
      return { field, text: q.text, choices: q.choices, chosen, error: errors[field] ?? null };
    });
    render(req, res, {
      title: TITLE,
      status,
      page: <VettingQuizPage state={{ kind: 'quiz', questions, passMark: quiz.passMark, action: QUIZ_PATH }} />,
    });
  }

  router.get(QUIZ_PATH, ...requireSelectedProfile, (req, res) => show(req, res));

  router.post(
    QUIZ_PATH,
    ...requireSelectedProfile,
    formPost(SUBMIT_FAILED, show, async (req, res) => {
      try {
        await service.submitQuiz(db, res.locals.viewer!, (req.body ?? {}) as Record<string, unknown>);
      } catch (error) {
        if (!(error instanceof service.AlreadyVettedError)) throw error;
        flash(req, 'info', VETTING_MESSAGES.alreadyVetted);
        return res.redirect(303, QUIZ_PATH);
      }
      res.redirect(303, `${QUIZ_PATH}/result`);
    }),
  );

  router.get(`${QUIZ_PATH}/result`, ...requireSelectedProfile, async (req, res) => {
    const result = await service.loadResult(db, res.locals.viewer!);
    if (!result) return res.redirect(303, QUIZ_PATH);
    render(req, res, { title: TITLE, page: <VettingResultPage result={asView(result)!} /> });
  });

  return router;
}
