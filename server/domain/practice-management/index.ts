// The practice-management (EHR) module's public face: its rules, its actions and the buttons other pages show.
export {
  bookingLinkHref, type BookingLink, type ClinicFacts, type Cta, CTA_LABELS, ctaFor, type CtaKind, parseLinkOverride,
  PRACTICE_MANAGEMENT_PATH, PRACTICE_MANAGEMENT_TEXTS, type PracticeManagementFacts, type PracticeManagementStage,
  stageOf, SUBDOMAIN_PATTERN, TRIAL_DAYS, upgradePath,
} from './rules';
export {
  addOnButtonsFor, type AddOnButtons, bookingLinkOf, type BookingLinkOutcome, changeBookingLink, factsOf,
  type PracticeManagementDeps, refreshClinic, startClinic, type StartOutcome,
} from './service';
