// The Clinical Vetting quiz of the selected profile (spec 2 §4 "Vetting", §5, §7): offered only while
// vetting_status is pre-vetting; one submission grades the answers, records the attempt and sets the
// status in one transaction, so a profile can never be graded twice.
import type { Knex } from 'knex';
import { ValidationError } from '../../lib/errors';
import type { Viewer } from '../../domain/accounts';
import { vettingRecords } from '../../domain/providers';
import { FAILED, gradeAnswers, passMarkFor, PRE_VETTING, VETTED, type QuizQuestion } from './validation';
import { mergeCustomContent } from '../../domain/profile-content';
import { selectedEditableProvider } from '../../domain/accounts';

/** Vetting was already done (or is not offered to this profile): the quiz is not shown. */
export class AlreadyVettedError extends Error {}

function selectedProviderId(viewer: Viewer): number {
  return selectedEditableProvider(viewer).id;
}

export interface QuizResult {
  passed: boolean;
  correct: number;
  total: number;
  passMark: number;
  takenAt: Date;
}

export type QuizPage =
  | { kind: 'quiz'; questions: QuizQuestion[]; passMark: number }
  | { kind: 'vetted'; result: QuizResult | null };

/** Scores a stored attempt against the current bank (answers are kept as question text → choice). */
function resultOf(attempt: vettingRecords.AttemptRow, questions: QuizQuestion[]): QuizResult {
  const correct = questions.filter((q) => attempt.answers[q.text] === q.correctChoice).length;
  return {
    passed: attempt.passed,
    correct,
    total: questions.length,
    passMark: passMarkFor(questions.length),
    takenAt: attempt.created_at,
  };
}

export async function loadQuiz(db: Knex, viewer: Viewer): Promise<QuizPage> {
  const providerId = selectedProviderId(viewer);
  const [status, questions] = await Promise.all([
    vettingRecords.vettingStatus(db, providerId),
    vettingRecords.listQuestions(db),
  ]);
  if (status === PRE_VETTING) return { kind: 'quiz', questions, passMark: passMarkFor(questions.length) };
  const attempt = await vettingRecords.latestAttempt(db, providerId);
  return { kind: 'vetted', result: attempt ? resultOf(attempt, questions) : null };
}

/** The latest attempt's result, or null when the profile never took the quiz. */
export async function loadResult(db: Knex, viewer: Viewer): Promise<QuizResult | null> {
  const providerId = selectedProviderId(viewer);
  const [attempt, questions] = await Promise.all([
    vettingRecords.latestAttempt(db, providerId),
    vettingRecords.listQuestions(db),
  ]);
  return attempt ? resultOf(attempt, questions) : null;
}

/**
 * Grades a submission. Throws ValidationError ("Question required" per unanswered question) or
 * AlreadyVettedError; otherwise records the attempt and the new status, and says whether it passed.
 */
export async function submitQuiz(db: Knex, viewer: Viewer, body: Record<string, unknown>): Promise<boolean> {
  const providerId = selectedProviderId(viewer);
  return db.transaction(async (trx) => {
    // The row lock makes two simultaneous submissions wait for each other; the second sees the new status.
    const status = await vettingRecords.vettingStatus(trx, providerId, { forUpdate: true });
    if (status !== PRE_VETTING) throw new AlreadyVettedError();
    const questions = await vettingRecords.listQuestions(trx);
    const outcome = gradeAnswers(questions, body);
    if ('errors' in outcome) throw new ValidationError(outcome.errors);
    const { answers, passed } = outcome.graded;
    await vettingRecords.insertAttempt(trx, providerId, answers, passed);
    await mergeCustomContent(trx, providerId, { vetting_status: passed ? VETTED : FAILED });
    return passed;
  });
}
