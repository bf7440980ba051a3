// Dashboard action cards (spec 2 §2): each shows while its condition holds, disappears once it is met,
// and a dismissable one disappears when its cta flag is false.
import assert from 'node:assert/strict';
import { actionCards, CARDS, type CardName, type CardProfile } from '../../../../server/features/dashboard/cards';

/** A live profile for which no card's condition holds (contact_support always shows until dismissed). */
function settled(overrides: Partial<CardProfile> = {}): CardProfile {
  return {
    type: 'individual',
    status: 'active',
    hasPaidPlan: true,
    hasPremiumSetup: false,
    calendarOpen: true,
    vettingStatus: 'vetted',
    educationCount: 1,
    insuranceCount: 1,
    insuranceOptOutCount: 0,
    locationStateCount: 1,
    galleryCount: 4,
    statementWords: 150,
    cta: {},
    ...overrides,
  };
}
const names = (profile: CardProfile) => actionCards(profile).map((c) => c.name);

describe('dashboard action cards', () => {
  it('a settled profile sees only the help card', () => {
    assert.deepEqual(names(settled()), ['contact_support']);
  });

  const cases: { name: CardName; shown: Partial<CardProfile>; met: Partial<CardProfile>; href: string }[] = [
    {
      name: 'update_payment',
      shown: { status: 'inactive' },
      met: { status: 'active' },
      href: '/plan-management?action=update_payment',
    },
    {
      name: 'vetting_quiz',
      shown: { vettingStatus: 'pre-vetting' },
      met: { vettingStatus: 'vetted' },
      href: '/vetting/quiz',
    },
    { name: 'phone_consultations', shown: { calendarOpen: false }, met: { calendarOpen: true }, href: '/calendar' },
    {
      name: 'education_employment',
      shown: { educationCount: 0 },
      met: { educationCount: 2 },
      href: '/profile/education-employment',
    },
    {
      name: 'insurance_by_state',
      shown: { locationStateCount: 2 },
      met: { locationStateCount: 2, insuranceOptOutCount: 1 },
      href: '/profile/insurance-fees#insurance-by-state',
    },
    {
      name: 'photo_videoshoot',
      shown: { galleryCount: 1 },
      met: { galleryCount: 4 },
      href: '/benefits/photo-videoshoot',
    },
    {
      name: 'copywriting',
      shown: { statementWords: 20 },
      met: { statementWords: 20, hasPremiumSetup: true },
      href: 'checkout:copywriting_v3',
    },
  ];
  for (const { name, shown, met, href } of cases) {
    it(`${name}: shown while its condition holds, gone once met; links to ${href}`, () => {
      assert.ok(names(settled(shown)).includes(name));
      assert.ok(!names(settled(met)).includes(name));
      assert.equal(CARDS.find((c) => c.name === name)!.href, href);
    });
  }

  it('a dismissed card (cta flag false) is gone; other flag values keep it', () => {
    assert.ok(
      !names(settled({ calendarOpen: false, cta: { phone_consultations: false } })).includes('phone_consultations'),
    );
    assert.ok(
      names(settled({ calendarOpen: false, cta: { phone_consultations: true } })).includes('phone_consultations'),
    );
    assert.deepEqual(names(settled({ cta: { contact_support: false } })), []);
  });

  it('the payment card cannot be dismissed; education is for individuals only', () => {
    assert.ok(names(settled({ status: 'inactive', cta: { update_payment: false } })).includes('update_payment'));
    assert.ok(!names(settled({ type: 'practice', educationCount: 0 })).includes('education_employment'));
  });
});
