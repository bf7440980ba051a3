// The dashboard's action cards (spec 2 §2): each is shown while its condition holds and disappears
// once it is met; dismissable ones also disappear for good when custom_content.cta[name] is false.
// Pure functions of the profile, like the checklist.
import type { DashboardProfile } from '../../domain/providers';
import { COPYWRITING_CHECKOUT } from './content';

export type CardName =
  | 'update_payment'
  | 'vetting_quiz'
  | 'phone_consultations'
  | 'education_employment'
  | 'insurance_by_state'
  | 'photo_videoshoot'
  | 'copywriting'
  | 'contact_support';

/** What the action cards read from a profile (the providers module's dashboard snapshot). */
export type CardProfile = Pick<
  DashboardProfile,
  | 'type'
  | 'status'
  | 'hasPaidPlan'
  | 'hasPremiumSetup'
  | 'calendarOpen'
  | 'vettingStatus'
  | 'educationCount'
  | 'insuranceCount'
  | 'insuranceOptOutCount'
  | 'locationStateCount'
  | 'galleryCount'
  | 'statementWords'
  | 'cta'
>;

export interface CardDefinition {
  name: CardName;
  title: string;
  text: string;
  /** Where following the card leads (the server redirects there after logging the event); `checkout:{lookup key}` is that price's checkout. */
  href: string;
  linkLabel: string;
  dismissable: boolean;
  /** The card shows while this is true. */
  applies: (p: CardProfile) => boolean;
}

/** Gallery photos suggested (spec 2 §9: 4–8). */
const SUGGESTED_GALLERY_PHOTOS = 4;
/** The professional statement's minimum (spec 2 §9: 100–300 words). */
const STATEMENT_MIN_WORDS = 100;

/** All cards, in display order. Which ones and why: docs/decisions.md "Dashboard". */
export const CARDS: readonly CardDefinition[] = [
  {
    name: 'update_payment',
    title: 'Reactivate your membership',
    text: 'Your membership is inactive, so your profile is not shown in the directory. Update your payment method to reactivate it.',
    href: '/plan-management?action=update_payment',
    linkLabel: 'Update payment method',
    dismissable: false,
    applies: (p) => p.status === 'inactive',
  },
  {
    name: 'vetting_quiz',
    title: 'Take the Clinical Vetting quiz',
    text: 'Answer a few clinical questions to earn the vetted badge on your profile.',
    href: '/vetting/quiz',
    linkLabel: 'Start the quiz',
    dismissable: true,
    applies: (p) => p.vettingStatus === 'pre-vetting',
  },
  {
    name: 'phone_consultations',
    title: 'Offer free phone consultations',
    text: 'Clients are more likely to reach out when they can book a short call. Open your calendar to accept phone consultations.',
    href: '/calendar',
    linkLabel: 'Set up your calendar',
    dismissable: true,
    applies: (p) => p.status === 'active' && !p.calendarOpen,
  },
  {
    name: 'education_employment',
    title: 'Add your education and work history',
    text: 'Clients like to know where you trained and worked.',
    href: '/profile/education-employment',
    linkLabel: 'Add education',
    dismissable: true,
    applies: (p) => p.type === 'individual' && p.educationCount === 0,
  },
  {
    name: 'insurance_by_state',
    title: 'Check your insurances by state',
    text: 'You practise in more than one state. Make sure each insurance is shown only in the states where you are in-network.',
    href: '/profile/insurance-fees#insurance-by-state',
    linkLabel: 'Review insurances',
    dismissable: true,
    applies: (p) => p.insuranceCount > 0 && p.locationStateCount > 1 && p.insuranceOptOutCount === 0,
  },
  {
    name: 'photo_videoshoot',
    title: 'Book a professional photo shoot',
    text: 'Profiles with several professional photos get more client inquiries.',
    href: '/benefits/photo-videoshoot',
    linkLabel: 'See photo shoot options',
    dismissable: true,
    applies: (p) => p.status === 'active' && p.hasPaidPlan && p.galleryCount < SUGGESTED_GALLERY_PHOTOS,
  },
  {
    name: 'copywriting',
    title: 'Let a professional write your statement',
    text: 'Our copywriters interview you and draft a statement that sounds like you.',
    href: COPYWRITING_CHECKOUT,
    linkLabel: 'Get professional copywriting',
    dismissable: true,
    applies: (p) => p.status === 'active' && !p.hasPremiumSetup && p.statementWords < STATEMENT_MIN_WORDS,
  },
  {
    name: 'contact_support',
    title: 'Questions about your profile?',
    text: 'Our support team is happy to help with anything on your profile or membership.',
    href: '/contact',
    linkLabel: 'Contact us',
    dismissable: true,
    applies: () => true,
  },
];

export const findCard = (name: unknown): CardDefinition | undefined => CARDS.find((card) => card.name === name);

/** The cards to show: their condition holds and, if dismissable, they were not dismissed. */
export function actionCards(profile: CardProfile): CardDefinition[] {
  return CARDS.filter((card) => card.applies(profile) && !(card.dismissable && profile.cta[card.name] === false));
}
