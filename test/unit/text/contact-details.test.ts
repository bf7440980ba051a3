// The shared detector for URLs, phone numbers and e-mail addresses in free text (spec 2 §5), as a table.
import assert from 'node:assert/strict';
import { findContactDetails, type ContactKind } from '../../../server/text/contact-details';

const CASES: [string, ContactKind[]][] = [
  // plain prose stays allowed
  ['I help adults with anxiety and depression using CBT and DBT.', []],
  ['Dr. Smith, Ph.D., LCSW, M.A. in Counseling Psychology (2010-2014).', []],
  ['Sessions are 50 minutes; fees start at $150. I have practiced since 1998 in 2 states.', []],
  ['i.e. we meet weekly, e.g. Mondays at 9.30am', []],
  ['Call me at the office, or look at the reviews.', []],
  ['Sliding scale from 80 to 120 dollars, 10 sessions, 3 locations', []],
  // e-mail addresses, plain and obfuscated
  ['Write to dana.rivera@gmail.com today', ['email']],
  ['dana at gmail dot com', ['email']],
  ['dana (at) example (dot) org', ['email']],
  ['dana[at]therapy[dot]com', ['email']],
  // URLs
  ['See https://example.com/about', ['url']],
  ['Visit www.calmwaters.org for more', ['url']],
  ['calmwaterstherapy.com has my forms', ['url']],
  ['my site: calmwaters dot com', ['url']],
  ['book at calendly.com/dana', ['url']],
  // phone numbers
  ['Call (555) 123-4567', ['phone']],
  ['Call 555-123-4567 or 555.123.4567', ['phone']],
  ['+1 555 123 4567', ['phone']],
  ['text 5551234567 anytime', ['phone']],
  // several at once
  ['Email me at a@b.co or call 555-123-4567', ['email', 'phone']],
];

describe('contact details in free text', () => {
  for (const [text, expected] of CASES) {
    it(`${JSON.stringify(text)} → ${expected.join(', ') || 'nothing'}`, () => {
      assert.deepEqual(findContactDetails(text).sort(), [...expected].sort());
    });
  }
});
