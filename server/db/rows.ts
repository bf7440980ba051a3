// A table's row as a select returns it, from the generated types (server/db/tables.ts): for the code that
// names a row's type, e.g. a function turning a row into a record, or a query through an alias (`locations as
// l`), which knex cannot type by itself.
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DB } from './tables';

export type Row<Table extends keyof DB> = Selectable<DB[Table]>;

/** What an insert into the table takes (generated and defaulted columns optional). */
export type NewRow<Table extends keyof DB> = Insertable<DB[Table]>;

/** What an update of the table takes: any of its columns. */
export type RowChanges<Table extends keyof DB> = Updateable<DB[Table]>;
