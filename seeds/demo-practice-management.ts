// The demo accounts' practice management (EHR) on the local EHR (spec 3 §4): Harbor Light Counseling
// Group (practice@demo.test) is in a trial that ends in 5 days, its clinic set up, with the practice
// profile's booking link on and its booking page ready; Alex Morgan (twofactor@demo.test) had a trial
// that ended 3 days ago without buying, so Activate Practice Management shows. Idempotent: an account
// that already has a clinic is left alone.
import type { Knex } from 'knex';
import { installLocalState, LOCAL_TABLES } from '../server/integrations/local-state';
import { DEMO_EMAILS } from './demo';

const DAY_MS = 86_400_000;

/** The owner's account and its first profile of the given type. */
async function ownerAccount(knex: Knex, email: string, type: 'individual' | 'practice') {
  return knex('users as u')
    .join('account_roles as r', 'r.user_id', 'u.id')
    .join('accounts as a', 'a.id', 'r.account_id')
    .join('providers as p', 'p.account_id', 'a.id')
    .where({ 'u.email': email, 'r.role': 'owner', 'p.type': type })
    .orderBy('p.id')
    .first('a.id as account_id', 'a.practice_management', 'p.id as provider_id');
}

async function addClinic(
  knex: Knex,
  email: string,
  type: 'individual' | 'practice',
  subdomain: string,
  trialEnd: Date,
): Promise<number | null> {
  const owner = await ownerAccount(knex, email, type);
  if (!owner || owner.practice_management) return null;
  if (await knex(LOCAL_TABLES.ehrClinics).where({ subdomain }).first('clinic_id')) return null;
  const clinicId = `local-demo-${subdomain}`;
  await knex(LOCAL_TABLES.ehrClinics).insert({
    clinic_id: clinicId,
    provider_id: owner.provider_id,
    subdomain,
    status: 'active',
    trial_end: trialEnd,
  });
  await knex('accounts')
    .where({ id: owner.account_id })
    .update({
      practice_management: JSON.stringify({
        subdomain,
        trial_end: trialEnd.toISOString(),
        status: 'active',
        link: null,
        clinic_id: clinicId,
        provider_id: Number(owner.provider_id),
      }),
    });
  return Number(owner.provider_id);
}

export async function seedDemoPracticeManagement(knex: Knex, now = new Date()): Promise<void> {
  // The demo's clinics are the local EHR's state, which the seed may write before the EHR was ever used.
  await installLocalState(knex, 'ehr');
  const practiceProfile = await addClinic(
    knex,
    DEMO_EMAILS.practice,
    'practice',
    'harbor-light',
    new Date(now.getTime() + 5 * DAY_MS),
  );
  if (practiceProfile) {
    // Its booking page is ready in the EHR, and the link is on: clients book through the clinic.
    await knex(LOCAL_TABLES.ehrBookingPages)
      .insert({ provider_id: practiceProfile, ready: true, link_status: 'active' })
      .onConflict('provider_id')
      .ignore();
    await knex('providers')
      .where({ id: practiceProfile })
      .whereNull('practice_management_booking_link')
      .update({
        practice_management_booking_link: JSON.stringify({
          status: 'active',
          link_override: null,
          clinic_booking_url: `https://harbor-light.practice.example.com/book/${practiceProfile}`,
        }),
      });
  }
  await addClinic(
    knex,
    DEMO_EMAILS.twoFactor,
    'individual',
    'alex-morgan-counseling',
    new Date(now.getTime() - 3 * DAY_MS),
  );
}
