// The clinical vetting quiz: questions in order, their choices and the right answer.
import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('vetting_questions', (t) => {
    t.bigIncrements('id');
    t.integer('position').notNullable().unique();
    t.text('text').notNullable();
    // A JSON array of strings; correct_choice must be one of them.
    t.jsonb('choices').notNullable();
    t.text('correct_choice').notNullable();
    t.timestamps(true, true);

    t.check(
      `jsonb_typeof(choices) = 'array' AND choices @> jsonb_build_array(correct_choice)`,
      [],
      'vetting_questions_choices_check',
    );
  });
  await knex.raw(
    'CREATE TRIGGER vetting_questions_set_updated_at BEFORE UPDATE ON vetting_questions FOR EACH ROW EXECUTE FUNCTION set_updated_at()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('vetting_questions');
}
