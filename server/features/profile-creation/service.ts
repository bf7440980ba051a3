// Creating a new profile (spec 1 §2 Create a new profile, §4 After payment, §5 Create profile, §6, §7
// POST portal/provider): the duplicate-name check, the profile with clinician access, the invitation
// of another clinician, and where the person goes next. Never sees req/res.
import type { Knex } from 'knex';
import type { Config } from '../../config';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { providerDisplayName, hashToken, newLinkToken } from '../../domain/accounts';
import type { Outgoing } from '../../jobs/outgoing';
import * as policy from '../../domain/accounts';
import * as authRepo from '../../domain/accounts';
import { profileCreationRecords } from '../../domain/accounts';
import type { CreateProfileInput } from './validation';
import {
  findSameNameProviders,
  grantClinicianAccess,
  insertNewProvider,
  isReservedName,
  reachableProvider,
} from '../../domain/providers';

export interface CreationDeps {
  db: Knex;
  outgoing: Outgoing;
  config: Config;
}
export interface RequestMeta {
  ip?: string;
  userAgent?: string;
}

/** An invitation link works for 14 days (docs/decisions.md "Creating a profile for another clinician"). */
export const INVITE_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export type Creation =
  | { outcome: 'duplicate'; existing: { id: number; name: string; editable: boolean } }
  | { outcome: 'created'; providerId: number; name: string; paid: boolean; next: string; invited: string | null };

/** The account a new profile goes into: the one asked for, else the selected profile's, else the first owned. */
export function creationAccount(actor: policy.PolicyActor, asked: number | null, selectedAccountId?: number): number {
  const owned = policy.creationAccountIds(actor);
  if (asked !== null) {
    // An account the user does not own is treated as one that does not exist.
    if (!owned.includes(asked)) throw new NotFoundError();
    return asked;
  }
  if (selectedAccountId !== undefined && owned.includes(selectedAccountId)) return selectedAccountId;
  const first = owned[0];
  if (first === undefined) throw new NotFoundError();
  return first;
}

const paymentStep = (providerId: number) => `/profiles/pay-for/${providerId}`;
export const successPage = (providerId: number) => `/profiles/created/${providerId}`;

/** POST /profiles/create. */
export async function createProfile(
  deps: CreationDeps,
  actor: policy.PolicyActor & { user: { id: number } },
  input: CreateProfileInput,
  context: { selectedAccountId?: number; meta: RequestMeta },
): Promise<Creation> {
  const { db } = deps;
  const accountId = creationAccount(actor, input.account_id, context.selectedAccountId);
  const individual = input.type !== 'practice';

  // A name another account reserved cannot be taken (spec 1 §3 feature_flags.reserved_name).
  const listed = policy.listedName({
    type: individual ? 'individual' : 'practice',
    first_name: input.first_name,
    last_name: input.last_name,
    company_name: input.company_name,
  });
  if (await isReservedName(db, listed, accountId)) {
    throw new ValidationError(
      individual ? { first_name: policy.RESERVED_NAME_MESSAGE } : { company_name: policy.RESERVED_NAME_MESSAGE },
    );
  }

  if (individual && !input.confirm_duplicate) {
    const [same] = await findSameNameProviders(db, accountId, input.first_name!, input.last_name!);
    if (same) {
      const name = providerDisplayName({
        type: same.type,
        first_name: same.firstName,
        last_name: same.lastName,
        company_name: same.companyName,
      });
      return {
        outcome: 'duplicate',
        existing: { id: same.id, name, editable: policy.hasClinicianAccess(actor, same.id) },
      };
    }
  }

  const forAnother = input.type === 'new-user';
  // Someone else's practice: its owner is invited and reached at the address given for them.
  const practiceOwner =
    input.type === 'practice' && input.practice_owner === 'someone-else'
      ? {
          first_name: input.owner_first_name!,
          last_name: input.owner_last_name!,
          email: input.owner_email!,
          phone_number: input.owner_phone_number!,
        }
      : null;
  const ownerKeepsAccess = !forAnother || input.ownerHasClinicianPermission === 'yes';
  const ownerEmail = await profileCreationRecords.userEmail(db, actor.user.id);
  const contactEmail = practiceOwner
    ? practiceOwner.email
    : !forAnother
      ? ownerEmail
      : input.contact_email_choice === 'provider-email'
        ? input.email!
        : input.contact_email_choice === 'other-email'
          ? input.other_email_value!
          : ownerEmail;
  const inviteEmail = practiceOwner?.email ?? (forAnother && input.email ? input.email : null);
  const invitation = inviteEmail ? newLinkToken() : null;

  const made = await db.transaction(async (trx) => {
    const providerId = await insertNewProvider(trx, {
      signup_source: 'create-profile',
      account_id: accountId,
      type: individual ? 'individual' : 'practice',
      first_name: individual ? input.first_name! : null,
      last_name: individual ? input.last_name! : null,
      company_name: individual ? null : input.company_name!,
      phone_number: input.phone_number,
      contact_email: contactEmail,
      custom_content: individual
        ? {}
        : { head_of_practice: input.full_name, ...(practiceOwner ? { practice_owner: practiceOwner } : {}) },
    });
    if (ownerKeepsAccess) await grantClinicianAccess(trx, actor.user.id, providerId);
    if (invitation && inviteEmail) {
      await profileCreationRecords.insertInvite(trx, {
        tokenHash: hashToken(invitation),
        providerId,
        email: inviteEmail,
        createdBy: actor.user.id,
        expiresAt: new Date(Date.now() + INVITE_TTL_MS),
      });
      const providerName = individual ? `${input.first_name} ${input.last_name}` : input.company_name!;
      await queueInvitation(trx, deps, { to: inviteEmail, token: invitation, providerName, invitedBy: ownerEmail });
    }
    await authRepo.recordAudit(trx, {
      userId: actor.user.id,
      action: 'profile_created',
      ip: context.meta.ip,
      userAgent: context.meta.userAgent,
      details: {
        provider_id: providerId,
        type: input.type,
        invited: Boolean(invitation),
        owner_keeps_access: ownerKeepsAccess,
        for_someone_else: Boolean(practiceOwner),
      },
    });
    return { providerId, paid: await profileCreationRecords.accountHasPaidPlan(trx, accountId) };
  });

  const name = individual ? `${input.first_name} ${input.last_name}` : input.company_name!;
  return {
    outcome: 'created',
    providerId: made.providerId,
    name,
    paid: made.paid,
    next: made.paid ? successPage(made.providerId) : paymentStep(made.providerId),
    invited: invitation ? inviteEmail : null,
  };
}

async function queueInvitation(
  trx: Knex.Transaction,
  deps: CreationDeps,
  message: { to: string; token: string; providerName: string; invitedBy: string | null },
): Promise<void> {
  const { brandName, portalUrl } = deps.config;
  await deps.outgoing.mail(trx, {
    to: message.to,
    subject: `You're invited to your ${brandName} profile`,
    text: [
      `${message.invitedBy ?? 'Your practice'} created a ${brandName} profile for ${message.providerName} and invited you to manage it.`,
      '',
      'Create your login with this link within 14 days:',
      `${portalUrl}/signup/invite/${message.token}`,
    ].join('\n'),
  });
}

// ---------------------------------------------------------------- loading through the actor

/** The success page after creation: only for a profile the user may reach. */
export async function createdProfile(db: Knex, actor: policy.PolicyActor, providerId: number) {
  const provider = await reachableProvider(db, actor, providerId);
  return {
    ...provider,
    wording: policy.wordingFor(actor, provider),
    canSwitch: policy.hasClinicianAccess(actor, provider.id),
  };
}

/** Names of the accounts a profile can be created in (the account choice of the form). */
export const accountNames = (db: Knex, ids: number[]) => profileCreationRecords.accountNames(db, ids);
