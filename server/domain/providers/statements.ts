// The statement page's database access: the provider's texts, its Q&A boxes (custom_content.boxes) and
// whether it has the premium setup.
import type { Knex } from 'knex';
import { contentOf } from '../profile-content';
import { PRICES } from '../billing';

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

/** The one-time copywriting prices (every version): buying one is the premium setup. */
const COPYWRITING_LOOKUP_KEYS = PRICES.filter((price) => price.product === 'copywriting').map(
  (price) => price.lookupKey,
);

/**
 * The premium setup (docs/decisions.md): the profile's own flag (providers.has_premium_setup, set by our
 * team), professional copywriting bought by its account (billing_purchases through Checkout), or chosen as
 * the setup help of the profile's membership (its subscription's metadata setup_option, once paid).
 */
const premiumSetupSql = (db: Db) =>
  db.raw(
    `p.has_premium_setup or exists (
     select 1 from billing_purchases bp join billing_prices pr on pr.id = bp.price_id
     where bp.account_id = p.account_id and pr.lookup_key = any(?::text[])
   ) or exists (
     select 1 from billing_subscriptions s
     where s.account_id = p.account_id and p.id = any(s.provider_ids) and s.metadata->>'setup_option' = 'copywriting'
       and s.status not in ('incomplete', 'incomplete_expired')
   ) as premium_setup`,
    [COPYWRITING_LOOKUP_KEYS],
  );

const asBoxes = (value: unknown): Box[] =>
  (Array.isArray(value) ? value : [])
    .filter((b): b is Record<string, unknown> => Boolean(b) && typeof b === 'object')
    .map((b) => ({
      title: typeof b.title === 'string' ? b.title : '',
      text: typeof b.text === 'string' ? b.text : '',
    }));

export async function loadStatements(db: Db, providerId: number): Promise<StatementRecord | null> {
  const row = await db('providers as p')
    .where('p.id', providerId)
    .first(
      'p.id',
      'p.type',
      'p.professional_statement',
      'p.message_to_clients',
      'p.custom_content',
      premiumSetupSql(db),
    );
  if (!row) return null;
  return {
    id: Number(row.id),
    type: row.type,
    professional_statement: row.professional_statement,
    message_to_clients: row.message_to_clients,
    boxes: asBoxes(contentOf(row.custom_content).boxes),
    premiumSetup: Boolean(row.premium_setup),
  };
}

export async function updateText(db: Db, providerId: number, column: TextColumn, value: string | null): Promise<void> {
  await db('providers')
    .where({ id: providerId })
    .update({ [column]: value });
}
