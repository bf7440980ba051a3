// What the dashboard reads and writes of a profile: the snapshot its checklist and cards read, the cta
// flags and the analytics events. Every read is scoped by provider id.
import type { Knex } from 'knex';
import { selectPrepared } from '../../db/prepared';
import { galleryCountColumn } from '../images';
import { licenseStatesColumn } from '../licenses';
import { locationStatesColumn } from '../locations';
import { contentOf, mergeCustomContentObject } from '../profile-content';
import { tagCountsColumn, topSpecialtyCountColumn } from '../tags';

type Db = Knex | Knex.Transaction;

/** One profile with everything the dashboard's checklist and action cards read. */
export interface DashboardProfile {
  id: number;
  type: 'individual' | 'practice';
  status: string;
  timezone: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  phoneNumber: string | null;
  contactEmail: string | null;
  /** Number of taggings per tag type (professions, degrees, languages, clientele, specialties, approaches). */
  tagCounts: Partial<Record<string, number>>;
  /** Specialties marked top (is_top). */
  topSpecialtyCount: number;
  /** The states of the provider's locations (one entry per location). */
  locationStates: string[];
  /** The states of the provider's licences (one entry per licence). */
  licenseStates: string[];
  /** custom_content.session_fee_ongoing and session_length_ongoing, as stored. */
  sessionFeeOngoing: unknown;
  sessionLengthOngoing: unknown;
  imageKey: string | null;
  hasPaidPlan: boolean;
  hasPremiumSetup: boolean;
  calendarOpen: boolean;
  /** custom_content.vetting_status */
  vettingStatus: unknown;
  /** custom_content.education_v2 lines */
  educationCount: number;
  insuranceCount: number;
  insuranceOptOutCount: number;
  /** Distinct states of the provider's locations. */
  locationStateCount: number;
  galleryCount: number;
  /** Words of the professional statement (practice description for practices). */
  statementWords: number;
  /** custom_content.cta: card name → false once dismissed. */
  cta: Record<string, unknown>;
}

const wordCount = (text: unknown) => (typeof text === 'string' ? text.trim().split(/\s+/).filter(Boolean).length : 0);

/** The columns loadDashboardProfile selects. */
interface DashboardSqlRow {
  id: number;
  type: 'individual' | 'practice';
  status: string;
  timezone: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  phone_number: string | null;
  contact_email: string | null;
  image_key: string | null;
  custom_content: unknown;
  calendar_open: boolean;
  has_premium_setup: boolean;
  professional_statement: string | null;
  has_paid_plan: boolean;
  tag_counts: Record<string, number> | null;
  top_specialty_count: number;
  location_states: string[] | null;
  license_states: string[] | null;
  gallery_count: number;
  insurance_opt_out_count: number;
}

/** One profile with everything the checklist and the action cards read, in one query. */
export async function loadDashboardProfile(db: Knex, providerId: number): Promise<DashboardProfile | null> {
  const [row] = await selectPrepared<DashboardSqlRow>(
    db,
    'dashboard-profile',
    db('providers as p')
      .where('p.id', providerId)
      .limit(1)
      .select(
        'p.id',
        'p.type',
        'p.status',
        'p.first_name',
        'p.last_name',
        'p.company_name',
        'p.phone_number',
        'p.contact_email',
        'p.image_key',
        'p.custom_content',
        'p.timezone',
        'p.calendar_open',
        'p.has_premium_setup',
        'p.professional_statement',
        'p.has_paid_plan',
        // What the checklist reads of the profile's tags, locations, licences and photos: their modules' subqueries.
        tagCountsColumn(db, 'p.id', 'tag_counts'),
        topSpecialtyCountColumn(db, 'p.id', 'top_specialty_count'),
        locationStatesColumn(db, 'p.id', 'location_states'),
        licenseStatesColumn(db, 'p.id', 'license_states'),
        galleryCountColumn(db, 'p.id', 'gallery_count'),
        db.raw(
          `(select count(*)::int from insurance_opt_outs o where o.provider_id = p.id) as insurance_opt_out_count`,
        ),
      ),
  );
  if (!row) return null;
  const content = contentOf(row.custom_content);
  const tagCounts = row.tag_counts ?? {};
  const locationStates = row.location_states ?? [];
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    timezone: row.timezone,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    phoneNumber: row.phone_number,
    contactEmail: row.contact_email,
    tagCounts,
    topSpecialtyCount: row.top_specialty_count,
    locationStates,
    licenseStates: row.license_states ?? [],
    sessionFeeOngoing: content.session_fee_ongoing,
    sessionLengthOngoing: content.session_length_ongoing,
    imageKey: row.image_key,
    hasPaidPlan: row.has_paid_plan,
    hasPremiumSetup: row.has_premium_setup,
    calendarOpen: row.calendar_open,
    vettingStatus: content.vetting_status,
    educationCount: Array.isArray(content.education_v2) ? content.education_v2.length : 0,
    insuranceCount: tagCounts.insurances ?? 0,
    insuranceOptOutCount: row.insurance_opt_out_count,
    locationStateCount: new Set(locationStates).size,
    galleryCount: row.gallery_count,
    statementWords: wordCount(row.professional_statement),
    cta: content.cta && typeof content.cta === 'object' ? (content.cta as Record<string, unknown>) : {},
  };
}

/** Sets custom_content.cta[card] to false (a dismissed card), keeping every other flag and field. */
export async function dismissCard(db: Db, providerId: number, card: string): Promise<void> {
  await mergeCustomContentObject(db, providerId, 'cta', { [card]: false });
}

export interface NewEvent {
  type: string;
  providerId: number | null;
  userId: number | null;
  data: Record<string, unknown>;
}

export async function recordEvent(db: Db, event: NewEvent): Promise<void> {
  await db('events').insert({
    type: event.type,
    provider_id: event.providerId,
    user_id: event.userId,
    data: event.data,
  });
}
