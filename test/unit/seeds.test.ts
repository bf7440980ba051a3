// The reference data is what the directory's lists are made of: check its shape without a database.
import assert from 'node:assert/strict';
import { REFERENCE_TAGS, slugify, US_STATES, VETTING_QUESTIONS, type TagType } from '../../seeds/reference';
import { EXCLUDED_PROFESSIONS } from '../../server/domain/tags';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('reference seed data', () => {
  describe('slugs are lowercase words joined by hyphens', () => {
    it('slugifies names', () => {
      assert.equal(slugify('Licensed Clinical Social Worker'), 'licensed-clinical-social-worker');
      assert.equal(slugify('LGBTQ+ ally'), 'lgbtq-ally');
      assert.equal(slugify('Cognitive Behavioral Therapy (CBT)'), 'cognitive-behavioral-therapy-cbt');
      assert.equal(slugify("Women's Issues"), 'womens-issues');
      assert.equal(slugify('Trauma & PTSD'), 'trauma-and-ptsd');
    });

    for (const [type, names] of Object.entries(REFERENCE_TAGS)) {
      it(`${type}: every slug is valid and unique`, () => {
        const slugs = names.map(slugify);
        for (const slug of slugs) assert.match(slug, SLUG);
        assert.equal(new Set(slugs).size, slugs.length, `duplicate slug in ${type}`);
      });
    }
  });

  describe('tag lists are full enough for a real directory', () => {
    const minimum: Record<TagType, number> = {
      professions: 20,
      degrees: 20,
      languages: 30,
      specialties: 60,
      approaches: 40,
      clientele: 8,
      genders: 4,
      identities: 10,
      insurances: 40,
    };
    for (const [type, min] of Object.entries(minimum) as Array<[TagType, number]>) {
      it(`${type} has at least ${min} values`, () => assert.ok(REFERENCE_TAGS[type].length >= min));
    }

    it('holds the profession tags the About You form excludes', () => {
      for (const name of EXCLUDED_PROFESSIONS) assert.ok(REFERENCE_TAGS.professions.includes(name), name);
    });

    it('holds degrees containing "Life" (hidden in the UI) next to the usual ones', () => {
      assert.ok(REFERENCE_TAGS.degrees.some((d) => d.includes('Life')));
      for (const d of ['PhD', 'PsyD', 'MD', 'LCSW', 'MSW', 'LMFT', 'LPC'])
        assert.ok(REFERENCE_TAGS.degrees.includes(d), d);
    });
  });

  describe('US states and territories', () => {
    it('has 50 states, DC and 5 territories, with unique two-letter codes', () => {
      assert.equal(US_STATES.length, 56);
      assert.equal(new Set(US_STATES.map((s) => s.code)).size, 56);
      for (const s of US_STATES) assert.match(s.code, /^[A-Z]{2}$/);
      assert.deepEqual(
        US_STATES.filter((s) => s.is_territory)
          .map((s) => s.code)
          .sort(),
        ['AS', 'GU', 'MP', 'PR', 'VI'],
      );
      assert.equal(US_STATES.find((s) => s.code === 'DC')?.is_territory, false);
    });
  });

  describe('vetting question bank', () => {
    it('has 10 questions at positions 1..10', () => {
      assert.deepEqual(
        VETTING_QUESTIONS.map((q) => q.position),
        [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      );
    });

    for (const q of VETTING_QUESTIONS) {
      it(`question ${q.position} has 4 distinct choices, one of them correct`, () => {
        assert.equal(q.choices.length, 4);
        assert.equal(new Set(q.choices).size, 4);
        assert.ok(q.choices.includes(q.correct_choice));
      });
    }
  });
});
