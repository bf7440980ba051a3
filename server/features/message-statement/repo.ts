// The statement page's database access: the provider's texts and its Q&A boxes (custom_content.boxes).
import type { Knex } from 'knex';
import type { Box, TextColumn } from './validation';
import { contentOf } from '../../domain/profile-content';

export type Db = Knex | Knex.Transaction;

export interface StatementRecord {
  id: number;
  type: 'individual' | 'practice';
  professional_statement: string | null;
  message_to_clients: string | null;
  boxes: Box[];
}

const asBoxes = (value: unknown): Box[] => (Array.isArray(value) ? value : [])
  .filter((b): b is Record<string, unknown> => Boolean(b) && typeof b === 'object')
  .map((b) => ({ title: typeof b.title === 'string' ? b.title : '', text: typeof b.text === 'string' ? b.text : '' }));

export async function loadStatements(db: Db, providerId: number): Promise<StatementRecord | null> {
  const row = await db('providers').where({ id: providerId })
    .first('id', 'type', 'professional_statement', 'message_to_clients', 'custom_content');
  if (!row) return null;
  return {
    id: Number(row.id), type: row.type,
    professional_statement: row.professional_statement, message_to_clients: row.message_to_clients, boxes: asBoxes(contentOf(row.custom_content).boxes),
  };
}

export async function updateText(db: Db, providerId: number, column: TextColumn, value: string | null): Promise<void> {
  await db('providers').where({ id: providerId }).update({ [column]: value });
}

