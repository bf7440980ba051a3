// The Clinical Vetting quiz rules (spec 2 §4 "Vetting", §5 "Vetting quiz"): every question answered with
// one of its own choices, and the pass mark (the spec leaves it open; see docs/decisions.md).
import type { QuizQuestion } from '../../domain/providers';

export type { QuizQuestion };

export const VETTING_MESSAGES = {
  required: 'Question required',
  alreadyVetted: "You've already been vetted!",
} as const;

/** The only vetting_status that may take the quiz; the quiz sets one of the others. */
export const PRE_VETTING = 'pre-vetting';
export const VETTED = 'vetted';
export const FAILED = 'vetting-failed';

/** 80 % of the questions, rounded up: 8 of the 10 seeded ones. */
export const PASS_RATIO = 0.8;
export const passMarkFor = (questionCount: number) => Math.ceil(questionCount * PASS_RATIO);

/** Form field of a question: radios named question_{id} whose values are the choice texts. */
export const fieldFor = (questionId: number) => `question_${questionId}`;

export interface GradedQuiz {
  /** Question text → chosen answer (the payload shape of spec 2 §7 "Vetting"). */
  answers: Record<string, string>;
  correct: number;
  total: number;
  passed: boolean;
}

/** Field errors for unanswered questions (an answer that is not one of the choices counts as none), else the grade. */
export function gradeAnswers(
  questions: QuizQuestion[],
  body: Record<string, unknown>,
): { errors: Record<string, string> } | { graded: GradedQuiz } {
  const errors: Record<string, string> = {};
  const answers: Record<string, string> = {};
  let correct = 0;
  for (const question of questions) {
    const field = fieldFor(question.id);
    const raw = body[field];
    const chosen = typeof raw === 'string' ? raw : '';
    if (!question.choices.includes(chosen)) {
      errors[field] = VETTING_MESSAGES.required;
      continue;
    }
    answers[question.text] = chosen;
    if (chosen === question.correctChoice) correct += 1;
  }
  if (Object.keys(errors).length > 0) return { errors };
  const total = questions.length;
  return { graded: { answers, correct, total, passed: correct >= passMarkFor(total) } };
}
