// The columns of a provider row that most pages read, mapped once.
import type { Row } from '../../db/rows';

export const PROVIDER_BASIC_COLUMNS = ['id', 'account_id', 'type', 'status', 'image_key'] as const;

export interface ProviderBasics {
  id: number;
  accountId: number;
  type: 'individual' | 'practice';
  status: string;
  /** The chosen headshot's storage key (see images). */
  imageKey: string | null;
}

export const providerBasicsOf = (
  row: Pick<Row<'providers'>, (typeof PROVIDER_BASIC_COLUMNS)[number]>,
): ProviderBasics => ({
  id: row.id,
  accountId: row.account_id,
  type: row.type as ProviderBasics['type'],
  status: row.status,
  imageKey: row.image_key,
});
