// Each profile gets its own referral code for the Refer & Earn link (/signup?referral=CODE, spec 1 §9):
// random, so codes cannot be guessed from ids, and given by the database to every row, old and new.
import type { Knex } from 'knex';

const RANDOM_CODE = `upper(substr(md5(random()::text || clock_timestamp()::text), 1, 10))`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('providers', (t) => {
    t.text('referral_code').nullable();
  });
  await knex.raw(`UPDATE providers SET referral_code = ${RANDOM_CODE} WHERE referral_code IS NULL`);
  await knex.raw(`ALTER TABLE providers ALTER COLUMN referral_code SET DEFAULT ${RANDOM_CODE}`);
  await knex.raw('ALTER TABLE providers ALTER COLUMN referral_code SET NOT NULL');
  await knex.schema.alterTable('providers', (t) => {
    t.unique(['referral_code'], { indexName: 'providers_referral_code_unique' });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('providers', (t) => {
    t.dropUnique(['referral_code'], 'providers_referral_code_unique');
    t.dropColumn('referral_code');
  });
}
