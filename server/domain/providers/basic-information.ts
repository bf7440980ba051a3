// The general-information page's reads and writes of the providers table (tags and licences have
// their own modules).
import type { Knex } from 'knex';
import type { Row } from '../../db/rows';
import { userColumn } from '../accounts';
import { contentOf } from '../profile-content';

type Db = Knex | Knex.Transaction;

export interface BasicInformation {
  id: number;
  type: 'individual' | 'practice';
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  companyName: string | null;
  email: string | null;
  phone: string | null;
  customContent: Record<string, unknown>;
}

/** The first clinician user of the profile `p` (the lowest user id), for a scalar subquery. */
const firstClinician = (db: Db) =>
  db('provider_clinicians as pc').whereRaw('pc.provider_id = p.id').orderBy('pc.user_id').limit(1).select('pc.user_id');

/**
 * The profile's name and contact details. The e-mail and phone are the profile's own when set, else
 * those of the first clinician user of the profile (an individual's own sign-in).
 */
export async function loadBasicInformation(db: Db, providerId: number): Promise<BasicInformation | null> {
  const row:
    | (Pick<
        Row<'providers'>,
        | 'id'
        | 'first_name'
        | 'middle_name'
        | 'last_name'
        | 'company_name'
        | 'contact_email'
        | 'phone_number'
        | 'custom_content'
      > & { type: BasicInformation['type']; user_email: string | null; user_phone: string | null })
    | undefined = await db('providers as p')
    .where('p.id', providerId)
    .first(
      'p.id',
      'p.type',
      'p.first_name',
      'p.middle_name',
      'p.last_name',
      'p.company_name',
      'p.contact_email',
      'p.phone_number',
      'p.custom_content',
      userColumn(db, 'email', firstClinician(db), 'user_email'),
      userColumn(db, 'phone_number', firstClinician(db), 'user_phone'),
    );
  if (!row) return null;
  const content = contentOf(row.custom_content);
  return {
    id: row.id,
    type: row.type,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    companyName: row.company_name,
    email: row.contact_email ?? (typeof content.email === 'string' ? content.email : null) ?? row.user_email ?? null,
    phone: row.phone_number ?? row.user_phone ?? null,
    customContent: content,
  };
}
