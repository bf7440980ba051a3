// The providers module's public face: everything outside server/domain/providers/ imports from here.
export { firstUnfinishedStep, firstUnfinishedStepUrl, readyToGoLive, STEP_LABELS, stepCompletion, stepUrl, WIZARD_STEPS, type WizardProfile } from './completion';
export { FEE_AND_LENGTH, feeField, lengthField } from './fee-fields';
export { aboutYouOptions, afterStep, displayNameOf, exitWizard, goLive, type GoLiveResult, homeRedirect, incompleteBannerLink, insuranceOptions, loadForViewer, locationsOptions, type OnboardingDeps, saveAboutYou, saveHeadshot, saveInsurances, saveLocations, saveYourPractice, selectedTags, StorageFailure, storedImage, yourPracticeOptions } from './setup';
export { mergeCustomContent } from './setup-repo';
export { insuranceSchema, LOCATION_MESSAGES, postedIds, validateLocations } from './setup-validation';
export { findSameNameProviders, type ProviderFacts } from './reach-repo';
export { reachableProvider, type ReachableProvider, viewerReach } from './reach';
export { PROFILE_UPDATE_ERROR } from './messages';
export { statusBannerFor } from './status-banner';
export { insertNewProvider, type NewProvider } from './new-provider';
