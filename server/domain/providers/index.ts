// The providers module's public face: everything outside server/domain/providers/ imports from here.

export { type BasicInformation, loadBasicInformation } from './basic-information';
export { PROVIDER_BASIC_COLUMNS, type ProviderBasics, providerBasicsOf } from './basics';
export * as benefitRecords from './benefit-records';
export {
  bookingLinkColumnsOf,
  type CalendarSettings,
  calendarSettingsOf,
  hideBookingLink,
  lockProvider,
  providerTimeZone,
  saveBookingLink,
  updateCalendarSettings,
} from './calendar-settings';
export {
  clinicianAccountIds,
  findLiveInvite,
  findWizardState,
  grantClinicianAccess,
  isReservedName,
  providerIdsOfAccount,
} from './clinicians';
export {
  firstUnfinishedStep,
  firstUnfinishedStepUrl,
  readyToGoLive,
  STEP_LABELS,
  stepCompletion,
  stepUrl,
  WIZARD_STEPS,
  type WizardProfile,
} from './completion';
export type { DashboardProfile, NewEvent } from './dashboard';
export * as dashboardRecords from './dashboard';
export { FEE_AND_LENGTH, feeField, lengthField } from './fee-fields';
export * as insuranceFeeRecords from './insurance-fees';
export {
  accountProfiles,
  clinicianUserIdsOfAccountQuery,
  joinProviderColumns,
  notifiedClinicianIds,
  type ProviderColumn,
  providerColumnsJoinSql,
  providerIdsOfAccountQuery,
  providerIdsOfAccountsQuery,
} from './joins';
export { findLiveProvider, isLiveProvider, type ListedProvider, listLiveProviders } from './live';
export { PROFILE_UPDATE_ERROR } from './messages';
export { insertNewProvider } from './new-provider';
export * as photoRecords from './photo-records';
export * as practiceProviderRecords from './practice-provider-records';
export { type ReachableProvider, reachableProvider, viewerReach } from './reach';
export { findSameNameProviders } from './reach-repo';
export {
  aboutYouOptions,
  afterStep,
  displayNameOf,
  exitWizard,
  type GoLiveResult,
  goLive,
  homeRedirect,
  incompleteBannerLink,
  insuranceOptions,
  loadForViewer,
  locationsOptions,
  type OnboardingDeps,
  StorageFailure,
  saveAboutYou,
  saveHeadshot,
  saveInsurances,
  saveLocations,
  saveYourPractice,
  selectedTags,
  storedImage,
  yourPracticeOptions,
} from './setup';
export { insuranceSchema, LOCATION_MESSAGES, postedIds, validateLocations } from './setup-validation';
export {
  type Box,
  loadStatements,
  type StatementRecord,
  type TextColumn,
  updateText as updateStatementText,
} from './statements';
export * as testimonials from './testimonials';
export * as therapyGroupRecords from './therapy-groups';
export type { QuizQuestion } from './vetting';
export * as vettingRecords from './vetting';
