// The dashboard checklist (spec 2 §2): each of the fourteen items, its link, and when the card and
// the onboarding screen show.
import assert from 'node:assert/strict';
import {
  checklistItemsFor,
  profileChecklist,
  showsOnboardingScreen,
  type ChecklistKey,
  type ChecklistProfile,
} from '../../../../server/features/dashboard/checklist';

/** A profile with every item met. */
function complete(overrides: Partial<ChecklistProfile> = {}): ChecklistProfile {
  return {
    id: 42,
    type: 'individual',
    firstName: 'Robin',
    lastName: 'Hale',
    companyName: null,
    phoneNumber: '+12125550100',
    contactEmail: 'robin@example.test',
    tagCounts: { degrees: 1, professions: 1, languages: 2, clientele: 1, specialties: 3, approaches: 1 },
    topSpecialtyCount: 1,
    locationStates: ['NY'],
    licenseStates: ['NY'],
    sessionFeeOngoing: 150,
    sessionLengthOngoing: 50,
    imageKey: 'headshots/42.jpg',
    hasPaidPlan: true,
    ...overrides,
  };
}

const keys = (profile: ChecklistProfile) => profileChecklist(profile).map((item) => item.key);

describe('dashboard checklist: the fourteen items (spec 2 §2)', () => {
  it('lists the items in the spec order with their labels; Degrees only for individuals', () => {
    assert.deepEqual(
      checklistItemsFor('individual').map((i) => i.label),
      [
        'Basic Information',
        'Contact Information',
        'Degrees',
        'Professions',
        'Languages',
        'Locations',
        'Licensure',
        'Ongoing session fee',
        'Clientele',
        'Profile photo',
        'Top specialties',
        'General expertise',
        'Treatment approaches',
        'Start membership',
      ],
    );
    assert.equal(checklistItemsFor('practice').length, 13);
    assert.ok(!checklistItemsFor('practice').some((i) => i.key === 'degrees'));
  });

  it('a complete profile has no unmet item', () => {
    assert.deepEqual(profileChecklist(complete()), []);
  });

  it('an empty profile lists every item, unmet, in order', () => {
    const empty = complete({
      firstName: null,
      lastName: null,
      phoneNumber: null,
      contactEmail: null,
      tagCounts: {},
      topSpecialtyCount: 0,
      locationStates: [],
      licenseStates: [],
      sessionFeeOngoing: undefined,
      sessionLengthOngoing: undefined,
      imageKey: null,
      hasPaidPlan: false,
    });
    assert.deepEqual(
      keys(empty),
      checklistItemsFor('individual').map((i) => i.key),
    );
  });

  const cases: {
    key: ChecklistKey;
    label: string;
    href: string;
    unmet: Partial<ChecklistProfile>[];
    type?: 'practice';
  }[] = [
    {
      key: 'basic-information',
      label: 'Basic Information',
      href: '/profile/general-information',
      unmet: [{ firstName: null }, { lastName: '  ' }],
    },
    {
      key: 'contact-information',
      label: 'Contact Information',
      href: '/profile/general-information',
      unmet: [{ phoneNumber: null }, { contactEmail: '' }],
    },
    {
      key: 'degrees',
      label: 'Degrees',
      href: '/profile/general-information',
      unmet: [{ tagCounts: { professions: 1, languages: 1, clientele: 1, specialties: 3, approaches: 1 } }],
    },
    {
      key: 'professions',
      label: 'Professions',
      href: '/profile/general-information',
      unmet: [{ tagCounts: { degrees: 1, languages: 1, clientele: 1, specialties: 3, approaches: 1 } }],
    },
    {
      key: 'languages',
      label: 'Languages',
      href: '/profile/general-information',
      unmet: [{ tagCounts: { degrees: 1, professions: 1, clientele: 1, specialties: 3, approaches: 1, languages: 0 } }],
    },
    {
      key: 'locations',
      label: 'Locations',
      href: '/profile/availability-locations#practice-locations',
      unmet: [{ locationStates: [] }],
    },
    {
      key: 'licensure',
      label: 'Licensure',
      href: '/profile/general-information#licensure',
      unmet: [{ licenseStates: [] }, { locationStates: ['NY', 'NJ'], licenseStates: ['NY'] }],
    },
    {
      key: 'ongoing-session-fee',
      label: 'Ongoing session fee',
      href: '/profile/insurance-fees',
      unmet: [{ sessionFeeOngoing: undefined }, { sessionFeeOngoing: '' }, { sessionLengthOngoing: null }],
    },
    {
      key: 'clientele',
      label: 'Clientele',
      href: '/profile/clientele-approach',
      unmet: [{ tagCounts: { degrees: 1, professions: 1, languages: 1, specialties: 3, approaches: 1 } }],
    },
    {
      key: 'profile-photo',
      label: 'Profile photo',
      href: '/profile/photos-video',
      unmet: [{ imageKey: null }, { imageKey: '' }],
    },
    {
      key: 'top-specialties',
      label: 'Top specialties',
      href: '/profile/specialties',
      unmet: [{ topSpecialtyCount: 0 }],
    },
    {
      key: 'general-expertise',
      label: 'General expertise',
      href: '/profile/specialties',
      unmet: [{ tagCounts: { degrees: 1, professions: 1, languages: 1, clientele: 1, specialties: 2, approaches: 1 } }],
    },
    {
      key: 'treatment-approaches',
      label: 'Treatment approaches',
      href: '/profile/clientele-approach',
      unmet: [{ tagCounts: { degrees: 1, professions: 1, languages: 1, clientele: 1, specialties: 3 } }],
    },
    {
      key: 'start-membership',
      label: 'Start membership',
      href: '/profiles/pay-for/42',
      unmet: [{ hasPaidPlan: false }],
    },
  ];

  for (const { key, label, href, unmet } of cases) {
    it(`${label}: unmet alone when its data is missing, linking to ${href}`, () => {
      for (const overrides of unmet) {
        assert.deepEqual(profileChecklist(complete(overrides)), [{ key, label, href }], JSON.stringify(overrides));
      }
    });
  }

  it('Basic Information of a practice is its company name; a practice never lists Degrees', () => {
    const practice = complete({
      type: 'practice',
      firstName: null,
      lastName: null,
      companyName: 'Calm Waters Group',
      tagCounts: { professions: 1, languages: 1, clientele: 1, specialties: 3, approaches: 1 },
    });
    assert.deepEqual(profileChecklist(practice), []);
    assert.deepEqual(keys({ ...practice, companyName: null }), ['basic-information']);
  });

  it('Licensure is met by a licence for every state with a location', () => {
    assert.deepEqual(keys(complete({ locationStates: ['NY', 'NJ', 'NY'], licenseStates: ['NJ', 'NY'] })), []);
  });
});

describe('dashboard: onboarding screen instead of the dashboard (spec 2 §2)', () => {
  const membership = [{ key: 'start-membership' as const, label: 'Start membership', href: '/profiles/pay-for/1' }];
  const photo = [{ key: 'profile-photo' as const, label: 'Profile photo', href: '/profile/photos-video' }];

  it('reviewing or incomplete with an empty checklist or only Start membership', () => {
    for (const status of ['reviewing', 'incomplete']) {
      assert.equal(showsOnboardingScreen(status, []), true);
      assert.equal(showsOnboardingScreen(status, membership), true);
      assert.equal(showsOnboardingScreen(status, [...photo, ...membership]), false);
    }
  });

  it('never for other statuses', () => {
    for (const status of ['active', 'inactive', 'pending', 'locked'])
      assert.equal(showsOnboardingScreen(status, []), false);
  });
});
