// Account Settings rules (spec 1 §2 Account Settings screen, §4 Two-factor setup, §5 Account settings):
// e-mail, name, phone, SMS two-factor, password, and texts about bookings (issue [11]). Every change of
// e-mail, phone or two-factor needs the current password; every change is one transaction and is
// written to the audit trail.
import { endOtherSessions } from '../../http/session';
import { ForbiddenError, ValidationError } from '../../lib/errors';
import {
  audit,
  sendTwoFactorCode,
  type AccountDeps as AuthDeps,
  type RequestMeta,
  issueEmailConfirmation,
  queueEmailConfirmation,
  TWO_FACTOR_MAX_WRONG,
  attemptPassword,
  hashPassword,
  matchesHash,
  phoneLastFour,
  authenticatorEnabled,
  removeRecoveryCodes,
  secondFactorsOf,
} from '../../domain/accounts';
import * as authRepo from '../../domain/accounts';
import { findSettings, mergeUserSetting, type NotificationSetting } from '../../domain/accounts';
import {
  CURRENT_PASSWORD_WRONG,
  EMAIL_TAKEN,
  EMAIL_UNCHANGED,
  SMS_NEEDS_PHONE,
  TOO_MANY_ATTEMPTS,
  type NameInput,
} from './validation';

/** The acting, signed-in user; every record is loaded through it. */
export interface Actor {
  userId: number;
  sessionId: string | null;
}

export interface AccountSettings {
  email: string;
  emailConfirmed: boolean;
  name: NameInput;
  phone: string | null;
  twoFactor: { enrolled: boolean; phoneLastFour: string | null };
  /** The authenticator app and recovery codes (issue [25]; their pages are the account-security feature's). */
  authenticator: { on: boolean; recoveryCodesLeft: number };
  /** users.settings.sms_notifications: the booking notification job also texts the contact phone. */
  smsNotifications: boolean;
  /** users.settings.email_messages (default on) and sms_messages (default off): read by the message notification job. */
  messageNotifications: { email: boolean; sms: boolean };
  /** When the password was last changed or reset (ISO), if the audit trail knows. */
  passwordChangedAt: string | null;
}

export async function loadAccountSettings(deps: Pick<AuthDeps, 'db'>, actor: Actor): Promise<AccountSettings> {
  const row = await findSettings(deps.db, actor.userId);
  if (!row) throw new ForbiddenError();
  const factors = await secondFactorsOf(deps.db, actor.userId);
  return {
    email: row.email,
    emailConfirmed: Boolean(row.email_confirmed_at),
    name: {
      first_name: row.first_name ?? '',
      middle_name: row.middle_name ?? '',
      last_name: row.last_name ?? '',
      company_name: row.company_name ?? '',
    },
    phone: row.phone_number,
    twoFactor: { enrolled: Boolean(row.two_factor_enrolled_at), phoneLastFour: phoneLastFour(row.two_factor_phone) },
    authenticator: { on: factors.authenticator, recoveryCodesLeft: factors.recoveryCodesLeft },
    smsNotifications: row.sms_notifications,
    messageNotifications: { email: row.email_messages, sms: row.sms_messages },
    passwordChangedAt: row.password_changed_at?.toISOString() ?? null,
  };
}

/**
 * Throws a field error unless the password is the user's current one. Wrong guesses count against the
 * same per-address limit as sign-in, so an open session cannot be used to guess the password.
 */
async function requireCurrentPassword(
  deps: AuthDeps,
  userId: number,
  password: string,
  field = 'password',
): Promise<authRepo.UserRow> {
  const user = await authRepo.findUserById(deps.db, userId);
  if (!user) throw new ForbiddenError();
  const attempt = await attemptPassword(deps, { email: user.email, password });
  if (attempt.outcome === 'throttled') throw new ValidationError({ [field]: TOO_MANY_ATTEMPTS });
  if (attempt.outcome === 'wrong') throw new ValidationError({ [field]: CURRENT_PASSWORD_WRONG });
  return attempt.user;
}

/** PUT auth/email/update: the old address is told, the new one asked to confirm. */
export async function changeEmail(
  deps: AuthDeps,
  actor: Actor,
  input: { newEmail: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  const user = await requireCurrentPassword(deps, actor.userId, input.password);
  if (user.email.toLowerCase() === input.newEmail) throw new ValidationError({ newEmail: EMAIL_UNCHANGED });
  const oldEmail = user.email;
  await deps.db.transaction(async (trx) => {
    await authRepo.lockUser(trx, actor.userId);
    if (await authRepo.emailTaken(trx, input.newEmail, actor.userId))
      throw new ValidationError({ newEmail: EMAIL_TAKEN });
    await authRepo.updateUser(trx, actor.userId, { email: input.newEmail, email_confirmed_at: null });
    // A reset link mailed to the old address must not open the account any more.
    await authRepo.invalidateTokens(trx, actor.userId, 'password_reset');
    await audit(trx, actor.userId, 'email_changed', meta);
    const confirmation = await issueEmailConfirmation(trx, { id: actor.userId, email: input.newEmail });
    await deps.outgoing.mail(trx, {
      to: oldEmail,
      subject: `Your ${deps.config.brandName} e-mail address was changed`,
      text: [
        `The e-mail address of your ${deps.config.brandName} account was just changed from this address to another one.`,
        '',
        `If you made this change, there is nothing to do. If you did not, please contact us right away at ${deps.config.supportEmail}.`,
      ].join('\n'),
    });
    await queueEmailConfirmation(trx, deps, input.newEmail, confirmation);
  });
}

/** PUT portal/me. */
export async function changeName(deps: AuthDeps, actor: Actor, input: NameInput, meta: RequestMeta): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const full = [input.first_name, input.middle_name, input.last_name].filter(Boolean).join(' ');
    await authRepo.updateUser(trx, actor.userId, {
      first_name: input.first_name || null,
      middle_name: input.middle_name || null,
      last_name: input.last_name || null,
      company_name: input.company_name || null,
      full_name: full || null,
    });
    await audit(trx, actor.userId, 'name_changed', meta);
  });
}

/** PUT portal/user/phone/update: the contact phone (the two-factor phone is only set through a code). */
export async function changePhone(
  deps: AuthDeps,
  actor: Actor,
  input: { phone: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  await requireCurrentPassword(deps, actor.userId, input.password);
  await deps.db.transaction(async (trx) => {
    await authRepo.updateUser(trx, actor.userId, { phone_number: input.phone });
    await audit(trx, actor.userId, 'phone_changed', meta);
  });
}

/**
 * Texts about phone consultations booked or canceled with the user's profiles, to the contact phone.
 * Turning them on needs that phone; turning them off never does. No password: it opens nothing.
 */
export async function changeSmsNotifications(
  deps: Pick<AuthDeps, 'db'>,
  actor: Actor,
  input: { on: boolean },
  meta: RequestMeta,
): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const user = await authRepo.lockUser(trx, actor.userId);
    if (!user) throw new ForbiddenError();
    if (input.on && !user.phone_number) throw new ValidationError({ sms_notifications: SMS_NEEDS_PHONE });
    await mergeUserSetting(trx, actor.userId, 'sms_notifications', input.on);
    await audit(trx, actor.userId, input.on ? 'sms_notifications_on' : 'sms_notifications_off', meta);
  });
}

/**
 * How the user hears of clients' messages and referrals (issue [12]): e-mail (on unless turned off) and
 * texts to the contact phone (off unless turned on, and only with that phone). Each key that changes is
 * written to the audit trail as `<key>_on` / `<key>_off`.
 */
export async function changeMessageNotifications(
  deps: Pick<AuthDeps, 'db'>,
  actor: Actor,
  input: { email: boolean; sms: boolean },
  meta: RequestMeta,
): Promise<void> {
  await deps.db.transaction(async (trx) => {
    const user = await authRepo.lockUser(trx, actor.userId);
    if (!user) throw new ForbiddenError();
    if (input.sms && !user.phone_number) throw new ValidationError({ sms_messages: SMS_NEEDS_PHONE });
    const current = await findSettings(trx, actor.userId);
    const wanted: [NotificationSetting, boolean, boolean | undefined][] = [
      ['email_messages', input.email, current?.email_messages],
      ['sms_messages', input.sms, current?.sms_messages],
    ];
    for (const [key, value, before] of wanted) {
      await mergeUserSetting(trx, actor.userId, key, value);
      if (value !== before) await audit(trx, actor.userId, `${key}_${value ? 'on' : 'off'}`, meta);
    }
  });
}

/** POST portal/user/phone/verify: step 1 of two-factor setup, a code to the phone to be used. */
export async function startTwoFactorSetup(
  deps: AuthDeps,
  actor: Actor,
  input: { phone_number: string; password: string },
  meta: RequestMeta,
): Promise<'sent' | 'throttled'> {
  // Two-factor is for everyone who signs in, with or without a membership (issue [25]; docs/decisions.md).
  await requireCurrentPassword(deps, actor.userId, input.password);
  return sendSetupCode(deps, actor, input.phone_number, meta);
}

async function sendSetupCode(
  deps: AuthDeps,
  actor: Actor,
  phone: string,
  meta: RequestMeta,
): Promise<'sent' | 'throttled'> {
  const sent = await sendTwoFactorCode(deps, {
    userId: actor.userId,
    kind: 'enrol',
    phone,
    meta,
    auditDetails: { for: 'setup' },
    text: (code) =>
      `${code} is your ${deps.config.brandName} code to turn on two-factor sign-in. It expires in 10 minutes.`,
  });
  return sent ? 'sent' : 'throttled';
}

/** The phone a setup code is waiting for, or null when no code is pending. */
export async function pendingSetupPhone(deps: Pick<AuthDeps, 'db'>, actor: Actor): Promise<string | null> {
  const token = await authRepo.findLatestLiveToken(deps.db, actor.userId, 'two_factor_code', 'enrol');
  return typeof token?.meta?.phone === 'string' ? token.meta.phone : null;
}

export async function resendSetupCode(
  deps: AuthDeps,
  actor: Actor,
  meta: RequestMeta,
): Promise<'sent' | 'throttled' | 'none'> {
  const phone = await pendingSetupPhone(deps, actor);
  if (!phone) return 'none';
  return sendSetupCode(deps, actor, phone, meta);
}

/** POST portal/user/phone/finalize-2fa-enrollment: the right code turns two-factor on for that phone. */
export async function finishTwoFactorSetup(
  deps: AuthDeps,
  actor: Actor,
  input: { token: string },
  meta: RequestMeta,
): Promise<'enabled' | 'wrong'> {
  return deps.db.transaction(async (trx) => {
    const token = await authRepo.findLatestLiveToken(trx, actor.userId, 'two_factor_code', 'enrol');
    if (!token || typeof token.meta?.phone !== 'string') return 'wrong';
    if (!matchesHash(input.token, token.token_hash)) {
      const attempts = await authRepo.countWrongAttempt(trx, token.id);
      if (attempts >= TWO_FACTOR_MAX_WRONG) await authRepo.markTokenUsed(trx, token.id);
      await audit(trx, actor.userId, 'two_factor_failed', meta, { for: 'setup' });
      return 'wrong';
    }
    const user = await authRepo.lockUser(trx, actor.userId);
    await authRepo.markTokenUsed(trx, token.id);
    await authRepo.updateUser(trx, actor.userId, {
      two_factor_enrolled_at: new Date(),
      two_factor_phone: token.meta.phone,
    });
    // Devices remembered for the old phone must prove the new one.
    await authRepo.invalidateTokens(trx, actor.userId, 'two_factor_remember');
    await audit(
      trx,
      actor.userId,
      user?.two_factor_enrolled_at ? 'two_factor_phone_changed' : 'two_factor_enabled',
      meta,
    );
    return 'enabled';
  });
}

/** POST portal/user/phone/disable-2fa-enrollment. Remembered devices are forgotten too. */
export async function disableTwoFactor(
  deps: AuthDeps,
  actor: Actor,
  input: { password: string },
  meta: RequestMeta,
): Promise<void> {
  await requireCurrentPassword(deps, actor.userId, input.password);
  await deps.db.transaction(async (trx) => {
    await authRepo.updateUser(trx, actor.userId, { two_factor_enrolled_at: null, two_factor_phone: null });
    await authRepo.invalidateTokens(trx, actor.userId, 'two_factor_remember');
    await authRepo.invalidateTokens(trx, actor.userId, 'two_factor_code');
    // Recovery codes stand in for a factor: with none left, they go too.
    if (!(await authenticatorEnabled(trx, actor.userId))) await removeRecoveryCodes(trx, actor.userId);
    await audit(trx, actor.userId, 'two_factor_disabled', meta);
  });
}

/** POST auth/password/update: the old password must match; other sessions of the user are ended. */
export async function changePassword(
  deps: AuthDeps,
  actor: Actor,
  input: { old_password: string; new_password: string },
  meta: RequestMeta,
): Promise<void> {
  const user = await requireCurrentPassword(deps, actor.userId, input.old_password, 'old_password');
  const passwordHash = await hashPassword(input.new_password);
  await deps.db.transaction(async (trx) => {
    await authRepo.lockUser(trx, actor.userId);
    await authRepo.updateUser(trx, actor.userId, { password_hash: passwordHash });
    // Outstanding reset links were asked for under the old password: they stop working with it.
    await authRepo.invalidateTokens(trx, actor.userId, 'password_reset');
    await endOtherSessions(trx, actor.userId, actor.sessionId);
    await audit(trx, actor.userId, 'password_changed', meta);
  });
  await deps.throttles.signInByEmail.reset(user.email);
}
