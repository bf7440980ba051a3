// What clients wrote about a provider: testimonials (may be displayed) and private feedback.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('feedback', (t) => {
    t.bigIncrements('id');
    t.bigInteger('provider_id').notNullable().references('id').inTable('providers').onDelete('CASCADE');
    t.text('kind').notNullable().checkIn(['testimonial', 'feedback'], 'feedback_kind_check');
    t.text('body').notNullable();
    t.text('author').nullable();
    t.timestamp('submitted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.boolean('display_testimonial').notNullable().defaultTo(false);
    t.timestamps(true, true);

    t.index(['provider_id', 'kind']);
  });
  await knex.raw(
    'CREATE TRIGGER feedback_set_updated_at BEFORE UPDATE ON feedback FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('feedback');
}
