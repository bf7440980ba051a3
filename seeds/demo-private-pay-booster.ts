// The demo's Private Pay Booster (spec 3 §4): Dana Rivera (individual@demo.test) has Private Pay Booster
// Pro, a tool account of the local benefits tool (bought through the portal, not standalone), so her
// account has a Reimbursify account and Log in to Private Pay Booster shows; her account also has the flag
// account-enable-sso-upgrade-current-reimbursify; her membership is a legacy one, so Plan Management and
// /reimbursify/upgrade send her upgrade to Premium to our team (/contact).
// Idempotent: a profile that already has a tool account is left alone. The owner's e-mail is passed in
// (seeds/demo.ts holds the demo users), so this module imports nothing of the demo.
import type { Knex } from 'knex';
import { installLocalState, LOCAL_TABLES } from '../server/integrations/local-state';

export async function seedDemoPrivatePayBooster(knex: Knex, ownerEmail: string): Promise<void> {
  const owner = await knex('users as u')
    .join('account_roles as r', 'r.user_id', 'u.id')
    .join('providers as p', 'p.account_id', 'r.account_id')
    .where({ 'u.email': ownerEmail, 'r.role': 'owner', 'p.type': 'individual' })
    .orderBy('p.id')
    .first('r.account_id', 'p.id as provider_id', 'u.email');
  if (!owner) return;
  // The tool account is the local tool's state, which the seed may write before the tool was ever used.
  await installLocalState(knex, 'benefitsTool');
  if (await knex(LOCAL_TABLES.benefitsToolAccounts).where({ provider_id: owner.provider_id }).first('id')) return;
  await knex(LOCAL_TABLES.benefitsToolAccounts).insert({
    provider_id: owner.provider_id,
    email: owner.email,
    tier: 'pro',
    standalone: false,
  });
  await knex('accounts')
    .where({ id: owner.account_id })
    .update({
      reimbursify_account_created: true,
      feature_flags: knex.raw(`feature_flags || ?::jsonb`, [
        JSON.stringify({ 'account-enable-sso-upgrade-current-reimbursify': true }),
      ]),
    });
}
