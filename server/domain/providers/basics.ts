// The columns of a provider row that most pages read, mapped once.

export const PROVIDER_BASIC_COLUMNS = ['id', 'account_id', 'type', 'status', 'image_key'] as const;

export interface ProviderBasics {
  id: number;
  accountId: number;
  type: 'individual' | 'practice';
  status: string;
  /** The chosen headshot's storage key (see images). */
  imageKey: string | null;
}

export const providerBasicsOf = (row: Record<string, unknown>): ProviderBasics => ({
  id: Number(row.id),
  accountId: Number(row.account_id),
  type: row.type as ProviderBasics['type'],
  status: String(row.status),
  imageKey: (row.image_key as string | null) ?? null,
});
