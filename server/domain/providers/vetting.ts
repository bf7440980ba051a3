// The only knex calls of the Clinical Vetting quiz: the question bank, the attempts, and
// custom_content.vetting_status of the provider.
import type { Knex } from 'knex';
import { readCustomContent } from '../profile-content';

/** A question of the vetting quiz, with its answer. */
export interface QuizQuestion {
  id: number;
  text: string;
  choices: string[];
  correctChoice: string;
}

type Db = Knex | Knex.Transaction;

export interface AttemptRow {
  id: number;
  passed: boolean;
  answers: Record<string, string>;
  created_at: Date;
}

export async function listQuestions(db: Db): Promise<QuizQuestion[]> {
  const rows: { id: number; text: string; choices: string[]; correct_choice: string }[] = await db('vetting_questions')
    .orderBy('position')
    .select('id', 'text', 'choices', 'correct_choice');
  return rows.map((r) => ({ id: r.id, text: r.text, choices: r.choices, correctChoice: r.correct_choice }));
}

/**
 * The provider's vetting_status; with forUpdate the row stays locked until the transaction ends.
 * A profile that never had one has not been vetted: it counts as pre-vetting, so new providers can
 * take the quiz (the spec only names pre-vetting; see decisions).
 */
export async function vettingStatus(
  db: Db,
  providerId: number,
  options: { forUpdate?: boolean } = {},
): Promise<string> {
  const status = (await readCustomContent(db, providerId, options))?.vetting_status;
  return typeof status === 'string' ? status : 'pre-vetting';
}

export async function insertAttempt(
  db: Db,
  providerId: number,
  answers: Record<string, string>,
  passed: boolean,
): Promise<void> {
  await db('vetting_attempts').insert({ provider_id: providerId, answers: JSON.stringify(answers), passed });
}

export async function latestAttempt(db: Db, providerId: number): Promise<AttemptRow | null> {
  const row = await db('vetting_attempts')
    .where({ provider_id: providerId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first('id', 'passed', 'answers', 'created_at');
  // answers is jsonb: what insertAttempt wrote.
  return row ? { ...row, answers: row.answers as AttemptRow['answers'] } : null;
}
