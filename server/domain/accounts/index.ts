// The accounts module's public face: everything outside server/domain/accounts/ imports from here.

export { billingAccountOf, editableProviderId, selectedEditableProvider } from './access';
export {
  authenticatorEnabled,
  authenticatorUri,
  checkAuthenticatorCode,
  pendingAuthenticatorSecret,
  removeAuthenticator,
  startAuthenticatorSetup,
} from './authenticator';
export { type AccountDeps, practiceManagementUrl, type RequestMeta, TWO_FACTOR_MAX_WRONG } from './deps';
export {
  clientUserFor,
  clientUserRowSql,
  type DirectoryClient,
  type NotificationContact,
  notificationContacts,
  USER_EMAIL_SEARCH_SQL,
  USER_NAME_SEARCH_SQL,
  userColumn,
  userIdsWithEmail,
} from './directory-clients';
export { issueEmailConfirmation, queueEmailConfirmation } from './email-confirmation';
export { attemptPassword } from './password-attempts';
export {
  CHANGE_CONFIRMATION_MISMATCH,
  checkPassword,
  INVITE_PASSWORD,
  PASSWORD_REQUIRED,
  type PasswordRule,
  REGISTRATION_PASSWORD,
  RESET_CONFIRMATION_MISMATCH,
  STRONG_PASSWORD,
} from './password-rules';
export { HASHING, hashPassword, passwordChecksRun } from './passwords';
export {
  ACCESS_DENIED,
  canCreateProfiles,
  canEditProfile,
  canExportReferrals,
  canGoLive,
  canManageAccountBilling,
  canManageBilling,
  canManagePlans,
  canManageSavedReplies,
  canManageTeam,
  canSeeAccount,
  canSeePracticeManagement,
  canSeePrivatePayBoosterLogin,
  canSeeProvider,
  canStartMembership,
  canUsePracticeInbox,
  creationAccountIds,
  creationWording,
  hasAccount,
  hasClinicianAccess,
  hasInconsistentPlan,
  INCONSISTENT_PLAN,
  isClientOnly,
  type PolicyActor,
  possessive,
  privatePayBoosterUpgradeEnabled,
  RESOURCE_DENIED,
  wordingFor,
} from './policy';
export * as profileCreationRecords from './profile-creation-records';
export {
  INVALID_EMAIL,
  normalizeName,
  REFERRAL_OFFER,
  registrationEmail,
  registrationName,
  registrationText,
  requiredMessage,
} from './registration';
export {
  accountNames,
  accountsOfUser,
  allAccountsOnHold,
  countWrongAttempt,
  emailTaken,
  findLatestLiveToken,
  findLiveTokenByHash,
  findUserByEmail,
  findUserById,
  findUsersByNameAndPhone,
  hasUsers,
  insertToken,
  invalidateTokens,
  lockUser,
  markTokenUsed,
  planAccountsOf,
  practiceManagementAccountQuery,
  practiceManagementColumnsOf,
  privatePayBoosterColumnsOf,
  recordAudit,
  rememberSignInPlace,
  savePracticeManagement,
  type TokenRow,
  type UserRow,
  updateUser,
  userIdsNamed,
  userNames,
  userHasPaidPlan,
} from './repo';
export {
  newRecoveryCodes,
  type NewRecoveryCodes,
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  recoveryCodesLeft,
  removeRecoveryCodes,
  storeRecoveryCodes,
} from './recovery-codes';
export {
  listedName,
  nameKey,
  RESERVED_NAME_ERROR,
  RESERVED_NAME_MESSAGE,
  reservedNameAccountIds,
  sqlNameKey,
} from './reserved-names';
export {
  checkSecondFactorCode,
  type CodeOutcome,
  firstMethod,
  hasSecondFactor,
  type SecondFactorMethod,
  type SecondFactors,
  secondFactorsOf,
} from './second-factor';
export { findSettings, mergeUserSetting, type NotificationSetting, type SettingsRow } from './settings';
export * as signupRecords from './signup-records';
export { type InviteRow, liveInviteQuery } from './signup-records';
export { createStandaloneAccount, EmailInUseError, queueSetPasswordEmail } from './standalone';
export {
  deleteUnpaidSignups,
  heldByUnpaidSignup,
  releaseUnpaidHold,
  standaloneSignupJobs,
  UNPAID_SIGNUP_HOURS,
} from './standalone-holds';
export {
  type AccountPerson,
  accountPeople,
  cancelInvitation,
  findTeamMember,
  grantRole,
  inviteSchema as teamInviteSchema,
  inviteToTeam,
  loadTeam,
  peopleNamed,
  removeMember,
  revokeRole,
  TEAM_INVITE_TTL_MS,
  TEAM_INVITES_PER_HOUR,
  TEAM_MESSAGES,
  TEAM_ROLES,
  type TeamActor,
  type TeamDeps,
  type TeamInvitation,
  type TeamMember,
  teamAccountOf,
  teamRoleLabel,
} from './team';
export { createThrottles, SIGN_IN_LIMITS, type Throttles } from './throttle';
export { hashToken, looksLikeLinkToken, maskEmail, matchesHash, newCode, newLinkToken, phoneLastFour } from './tokens';
export { audit, sendTwoFactorCode } from './two-factor';
export {
  loginSchema,
  newPassword,
  normalizePhone,
  PHONE_MESSAGES,
  phoneNumber,
  recoverSchema,
  resetPasswordSchema,
  resetRequestSchema,
  TWO_FACTOR_WRONG_CODE,
  twoFactorCodeSchema,
} from './validation';
export { type ProviderSummary, providerDisplayName, type Viewer } from './viewer';
export { chooseProvider, loadViewer, rememberProvider, type ViewerSql, viewerSource } from './viewer-repo';
export type { ClinicMessage } from './zpm-signup-records';
export * as zpmSignupRecords from './zpm-signup-records';
export {
  findPasskey,
  listPasskeys,
  PASSKEY_CHALLENGE_MS,
  PASSKEY_NAME_MAX,
  type PasskeyView,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  relyingParty,
  removePasskey,
  renamePasskey,
  verifyPasskeySignIn,
} from './passkeys';
