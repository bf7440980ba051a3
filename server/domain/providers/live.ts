// Is a profile live (listed in the directory)? The directory API's first question.
import type { Knex } from 'knex';

export async function isLiveProvider(db: Knex, providerId: number): Promise<boolean> {
  return Boolean(await db('providers').where({ id: providerId, status: 'active' }).first('id'));
}
