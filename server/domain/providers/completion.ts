// Which onboarding wizard steps are done, derived from the profile alone (spec 1 §4 "Registration and
// onboarding"), and where the provider should continue. Used by the wizard, the status banner, / and /signup.

export type WizardStep = 'locations' | 'about-you' | 'your-practice' | 'photos' | 'go-live';

/** The wizard's steps after Create Account, in order. */
export const WIZARD_STEPS: readonly WizardStep[] = ['locations', 'about-you', 'your-practice', 'photos', 'go-live'];

export const STEP_LABELS: Record<WizardStep, string> = {
  locations: 'Locations',
  'about-you': 'About You',
  'your-practice': 'Your Practice',
  photos: 'Photos',
  'go-live': 'Go Live',
};

/** What the completion rules read from a profile. */
export interface WizardProfile {
  status: string;
  locationCount: number;
  /** Number of taggings per tag type (professions, clientele, languages, specialties, approaches ...). */
  tagCounts: Partial<Record<string, number>>;
  /** custom_content.session_fee_ongoing and session_length_ongoing, as stored. */
  sessionFee: unknown;
  sessionLength: unknown;
  imageKey: string | null;
}

const present = (value: unknown) => value !== null && value !== undefined && value !== '';
const has = (profile: WizardProfile, type: string) => (profile.tagCounts[type] ?? 0) > 0;

/**
 * Step completion, rule by rule as spec 1 §4 lists them. Go Live: the spec's condition "status
 * neither active nor pending" is when the step is still open, so it counts as done once the
 * profile is active or pending (docs/decisions.md "Wizard step completion").
 */
export function stepCompletion(profile: WizardProfile): Record<WizardStep, boolean> {
  return {
    locations: profile.locationCount >= 1,
    'about-you': has(profile, 'professions'),
    'your-practice':
      has(profile, 'clientele') &&
      has(profile, 'languages') &&
      has(profile, 'specialties') &&
      has(profile, 'approaches') &&
      present(profile.sessionFee) &&
      present(profile.sessionLength),
    photos: present(profile.imageKey),
    'go-live': profile.status === 'active' || profile.status === 'pending',
  };
}

/** The first step not yet done, or null when the whole wizard is done. */
export function firstUnfinishedStep(profile: WizardProfile): WizardStep | null {
  const done = stepCompletion(profile);
  return WIZARD_STEPS.find((step) => !done[step]) ?? null;
}

/** Everything before Go Live is done: the profile is ready to be reviewed and made live. */
export function readyToGoLive(profile: WizardProfile): boolean {
  const done = stepCompletion(profile);
  return WIZARD_STEPS.filter((step) => step !== 'go-live').every((step) => done[step]);
}

/** The URL of a step for one provider (spec 1 §2 route map). */
export function stepUrl(step: WizardStep, providerId: number): string {
  switch (step) {
    case 'locations':
      return `/profiles/create/${providerId}`;
    case 'about-you':
      return `/profiles/about-you-for/${providerId}`;
    case 'your-practice':
      return `/profiles/your-practice-for/${providerId}`;
    case 'photos':
      return `/profiles/photos-for/${providerId}`;
    case 'go-live':
      return `/profiles/go-live-for/${providerId}`;
  }
}

/** Where to continue the wizard: the first unfinished step, or Go Live (which shows the result) when all are done. */
export function firstUnfinishedStepUrl(profile: WizardProfile & { id: number }): string {
  return stepUrl(firstUnfinishedStep(profile) ?? 'go-live', profile.id);
}
