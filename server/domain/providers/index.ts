// The providers module's public face: everything outside server/domain/providers/ imports from here.
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
export { FEE_AND_LENGTH, feeField, lengthField } from './fee-fields';
export { PROFILE_UPDATE_ERROR } from './messages';
export {
  clinicianAccountIds,
  findLiveInvite,
  findWizardState,
  grantClinicianAccess,
  isReservedName,
  providerIdsOfAccount,
} from './clinicians';
export {
  bookingLinkColumnsOf,
  saveBookingLink,
  type CalendarSettings,
  calendarSettingsOf,
  hideBookingLink,
  lockProvider,
  providerTimeZone,
  updateCalendarSettings,
} from './calendar-settings';
export { insertNewProvider } from './new-provider';
export { reachableProvider, type ReachableProvider, viewerReach } from './reach';
export { findSameNameProviders } from './reach-repo';
export {
  aboutYouOptions,
  afterStep,
  displayNameOf,
  exitWizard,
  goLive,
  type GoLiveResult,
  homeRedirect,
  incompleteBannerLink,
  insuranceOptions,
  loadForViewer,
  locationsOptions,
  type OnboardingDeps,
  saveAboutYou,
  saveHeadshot,
  saveInsurances,
  saveLocations,
  saveYourPractice,
  selectedTags,
  StorageFailure,
  storedImage,
  yourPracticeOptions,
} from './setup';
export { insuranceSchema, LOCATION_MESSAGES, postedIds, validateLocations } from './setup-validation';
export { PROVIDER_BASIC_COLUMNS, type ProviderBasics, providerBasicsOf } from './basics';
export * as testimonials from './testimonials';
export * as vettingRecords from './vetting';
export type { QuizQuestion } from './vetting';
export * as therapyGroupRecords from './therapy-groups';
export * as insuranceFeeRecords from './insurance-fees';
export * as benefitRecords from './benefit-records';
export { loadBasicInformation, type BasicInformation } from './basic-information';
export {
  loadStatements,
  updateText as updateStatementText,
  type Box,
  type StatementRecord,
  type TextColumn,
} from './statements';
export { findLiveProvider, isLiveProvider, type ListedProvider, listLiveProviders } from './live';
export {
  accountProfiles,
  joinProviderColumns,
  notifiedClinicianIds,
  type ProviderColumn,
  providerIdsOfAccountQuery,
} from './joins';
export * as dashboardRecords from './dashboard';
export type { DashboardProfile, NewEvent } from './dashboard';
export * as photoRecords from './photo-records';
export * as practiceProviderRecords from './practice-provider-records';
