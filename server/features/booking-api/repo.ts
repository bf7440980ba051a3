// The one question the API asks the database itself: is a profile live (listed in the directory)?
import type { Knex } from 'knex';

export async function isLiveProvider(db: Knex, providerId: number): Promise<boolean> {
  return Boolean(await db('providers').where({ id: providerId, status: 'active' }).first('id'));
}
