// Wizard step completion, rule by rule as spec 1 §4 "Registration and onboarding" lists them.
import assert from 'node:assert/strict';
import {
  firstUnfinishedStep,
  firstUnfinishedStepUrl,
  readyToGoLive,
  stepCompletion,
  stepUrl,
  type WizardProfile,
} from '../../../../server/domain/providers';

const EMPTY: WizardProfile = {
  status: 'incomplete',
  locationCount: 0,
  tagCounts: {},
  sessionFee: undefined,
  sessionLength: undefined,
  imageKey: null,
};
const PRACTICE = { clientele: 1, languages: 1, specialties: 3, approaches: 1 };
const FULL: WizardProfile = {
  status: 'incomplete',
  locationCount: 2,
  tagCounts: { professions: 1, ...PRACTICE },
  sessionFee: 150,
  sessionLength: 50,
  imageKey: 'headshot-x.jpg',
};

describe('wizard step completion (spec 1 §4)', () => {
  it('Locations: at least one location', () => {
    assert.equal(stepCompletion(EMPTY).locations, false);
    assert.equal(stepCompletion({ ...EMPTY, locationCount: 1 }).locations, true);
  });

  it('About You: professions present', () => {
    assert.equal(stepCompletion({ ...EMPTY, tagCounts: { languages: 2, degrees: 1 } })['about-you'], false);
    assert.equal(stepCompletion({ ...EMPTY, tagCounts: { professions: 1 } })['about-you'], true);
  });

  it('Your Practice: clientele, languages, specialties, approaches, session fee and session length present', () => {
    const done = (profile: Partial<WizardProfile>) =>
      stepCompletion({ ...EMPTY, tagCounts: PRACTICE, sessionFee: 120, sessionLength: 45, ...profile })[
        'your-practice'
      ];
    assert.equal(done({}), true);
    for (const missing of Object.keys(PRACTICE))
      assert.equal(done({ tagCounts: { ...PRACTICE, [missing]: 0 } }), false, `without ${missing}`);
    assert.equal(done({ sessionFee: undefined }), false, 'without a fee');
    assert.equal(done({ sessionFee: '' }), false, 'with an empty fee');
    assert.equal(done({ sessionLength: null }), false, 'without a length');
    assert.equal(done({ sessionFee: 0 }), true, 'a fee of 0 is present');
  });

  it('Photos: an image present', () => {
    assert.equal(stepCompletion(EMPTY).photos, false);
    assert.equal(stepCompletion({ ...EMPTY, imageKey: 'headshot-1.jpg' }).photos, true);
  });

  it('Go Live: still open while the status is neither active nor pending', () => {
    for (const status of ['incomplete', 'reviewing', 'inactive', 'locked'])
      assert.equal(stepCompletion({ ...FULL, status })['go-live'], false, status);
    for (const status of ['active', 'pending'])
      assert.equal(stepCompletion({ ...FULL, status })['go-live'], true, status);
  });

  it('the first unfinished step, in wizard order, and its URL', () => {
    assert.equal(firstUnfinishedStep(EMPTY), 'locations');
    assert.equal(firstUnfinishedStep({ ...EMPTY, locationCount: 1 }), 'about-you');
    assert.equal(firstUnfinishedStep({ ...FULL, tagCounts: { professions: 1 } }), 'your-practice');
    assert.equal(firstUnfinishedStep({ ...FULL, imageKey: null }), 'photos');
    assert.equal(firstUnfinishedStep(FULL), 'go-live');
    assert.equal(firstUnfinishedStep({ ...FULL, status: 'active' }), null);
    // Photos done before About You still sends the provider to About You first.
    assert.equal(firstUnfinishedStep({ ...FULL, tagCounts: PRACTICE }), 'about-you');
    assert.equal(firstUnfinishedStepUrl({ ...EMPTY, id: 7 }), '/profiles/create/7');
    assert.equal(
      firstUnfinishedStepUrl({ ...FULL, id: 7, status: 'active' }),
      '/profiles/go-live-for/7',
      'nothing left: the Go Live page shows the result',
    );
  });

  it('step URLs follow the route map of spec 1 §2', () => {
    assert.deepEqual(
      (['locations', 'about-you', 'your-practice', 'photos', 'go-live'] as const).map((s) => stepUrl(s, 3)),
      [
        '/profiles/create/3',
        '/profiles/about-you-for/3',
        '/profiles/your-practice-for/3',
        '/profiles/photos-for/3',
        '/profiles/go-live-for/3',
      ],
    );
  });

  it('ready to go live once every step before Go Live is done', () => {
    assert.equal(readyToGoLive(FULL), true);
    assert.equal(readyToGoLive({ ...FULL, imageKey: null }), false);
  });
});
