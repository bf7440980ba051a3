// providers.custom_content (spec 2 §3), the profile's loose JSON: the one place that reads and writes it.
// Other code selects the column at most to hand it straight to contentOf(); every write goes through
// mergeCustomContent or mergeCustomContentObject, which change only the keys they are given, in one
// statement, so pages saving different parts never overwrite each other.
import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** The keys the portal knows (spec 2 §3, and ours: head_of_practice, takes_insurance); others are kept as they are. */
export interface CustomContent {
  tagline?: string;
  pronouns?: string;
  email?: string;
  boxes?: { title: string; text: string }[];
  education_v2?: unknown[];
  employment_v2?: unknown[];
  year_earned_grad_degree?: string | number;
  custom_approaches?: unknown[];
  custom_specialties?: unknown[];
  custom_sessions?: unknown[];
  custom_fee_message?: string;
  display_custom_fee_message?: boolean;
  display_sliding_scale_slots?: boolean;
  payment_methods?: unknown;
  session_frequency?: unknown;
  vetting_status?: string;
  cta?: Record<string, boolean>;
  availability_last_updated?: string;
  availability_notes?: string;
  display_acuity_scheduling_link?: boolean;
  acuity_link?: string;
  display_contact_form?: boolean;
  videos?: unknown[];
  display_video_introduction?: boolean;
  photo_edit_used?: boolean;
  head_of_practice?: string;
  takes_insurance?: boolean;
  [key: string]: unknown;
}

/** The column's value as the typed object (an empty one for null or anything that is not an object). */
export function contentOf(raw: unknown): CustomContent {
  return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as CustomContent) : {};
}

/** One profile's custom_content (null: no such profile); with forUpdate the row stays locked until the transaction ends. */
export async function readCustomContent(
  db: Db,
  providerId: number,
  options: { forUpdate?: boolean } = {},
): Promise<CustomContent | null> {
  const row = await db('providers')
    .where({ id: providerId })
    .modify((q) => {
      if (options.forUpdate) q.forUpdate();
    })
    .first('custom_content');
  return row ? contentOf(row.custom_content) : null;
}

/** Keys to set (null is stored as null). */
export type CustomContentChange = { [K in keyof CustomContent]?: CustomContent[K] | null };

/** Sets the given keys and removes the keys named in `remove`; every other key stays as it is. */
export async function mergeCustomContent(
  db: Db,
  providerId: number,
  values: CustomContentChange,
  options: { remove?: string[] } = {},
): Promise<void> {
  await db('providers')
    .where({ id: providerId })
    .update({
      custom_content: db.raw("(coalesce(custom_content, '{}'::jsonb) - ?::text[]) || ?::jsonb", [
        options.remove ?? [],
        JSON.stringify(values),
      ]),
    });
}

/** Sets keys inside one object-valued key (e.g. cta.{card} = false), keeping that object's other keys. */
export async function mergeCustomContentObject(
  db: Db,
  providerId: number,
  key: string,
  values: Record<string, unknown>,
): Promise<void> {
  await db('providers')
    .where({ id: providerId })
    .update({
      custom_content: db.raw(
        `jsonb_set(coalesce(custom_content, '{}'::jsonb), array[?::text], (case when jsonb_typeof(custom_content->?) = 'object' then custom_content->? else '{}'::jsonb end) || ?::jsonb)`,
        [key, key, key, JSON.stringify(values)],
      ),
    });
}
