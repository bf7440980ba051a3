// The statement page's database access: the provider's texts, its Q&A boxes (custom_content.boxes) and
// whether it has the premium setup.
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';
import { premiumSetupColumn } from '../billing';
import { contentOf } from '../profile-content';

type Db = Knex | Knex.Transaction;

/** The statement page's two texts (providers columns). */
export type TextColumn = 'professional_statement' | 'message_to_clients';

/** A question-and-answer box of the statement (custom_content.boxes). */
export interface Box {
  title: string;
  text: string;
}

export interface StatementRecord {
  id: number;
  type: 'individual' | 'practice';
  professional_statement: string | null;
  message_to_clients: string | null;
  boxes: Box[];
  /** Spec 2 §3 hasPremiumSetup: the professional statement is written for the provider. */
  premiumSetup: boolean;
}

const asBoxes = (value: unknown): Box[] =>
  (Array.isArray(value) ? value : [])
    .filter((b): b is Record<string, unknown> => Boolean(b) && typeof b === 'object')
    .map((b) => ({
      title: typeof b.title === 'string' ? b.title : '',
      text: typeof b.text === 'string' ? b.text : '',
    }));

export async function loadStatements(db: Db, providerId: number): Promise<StatementRecord | null> {
  const row:
    | (Pick<Row<'providers'>, 'id' | 'type' | TextColumn | 'custom_content'> & {
        type: StatementRecord['type'];
        premium_setup: boolean;
      })
    | undefined = await db('providers as p')
    .where('p.id', providerId)
    .first(
      'p.id',
      'p.type',
      'p.professional_statement',
      'p.message_to_clients',
      'p.custom_content',
      premiumSetupColumn(db),
    );
  if (!row) return null;
  return {
    id: row.id,
    type: row.type,
    professional_statement: row.professional_statement,
    message_to_clients: row.message_to_clients,
    boxes: asBoxes(contentOf(row.custom_content).boxes),
    premiumSetup: row.premium_setup,
  };
}

export async function updateText(db: Db, providerId: number, column: TextColumn, value: string | null): Promise<void> {
  await db('providers')
    .where({ id: providerId })
    .update({ [column]: value });
}
