// Registration rules that need no database: name normalisation (spec 1 §5 Registration form), the
// offers of the signup link (spec 1 §2, §9) and the local bot check.
import assert from 'node:assert/strict';
import { parseOffer, signupSource } from '../../../../server/features/signup/validation';
import { normalizeName } from '../../../../server/domain/accounts';
import { createLocalCaptcha } from '../../../../server/integrations/captcha/local';

describe('normalizeName (spec 1 §5: trimmed; all upper case with 3+ characters → lower-cased, first letter capitalised)', () => {
  const cases: [string, string][] = [
    ['  Dana  ', 'Dana'],
    ['DANA', 'Dana'],
    ['  RIVERA ', 'Rivera'],
    ['MARY-JANE', 'Mary-jane'],
    ['JOSÉ', 'José'],
    ['AL', 'AL'],
    ['ED ', 'ED'],
    ['McKay', 'McKay'],
    ['de la Cruz', 'de la Cruz'],
    ['dana', 'dana'],
    ["O'NEIL", "O'neil"],
    ['123', '123'],
    ['', ''],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => assert.equal(normalizeName(input), expected));
  }
});

describe('signup offers', () => {
  it('partner=owl is the 25% off first year offer; other partners are ignored', () => {
    assert.deepEqual(parseOffer({ partner: 'owl' }), { kind: 'partner', partner: 'owl', text: '25% off first year' });
    assert.deepEqual(parseOffer({ partner: 'OWL ' }), { kind: 'partner', partner: 'owl', text: '25% off first year' });
    assert.equal(parseOffer({ partner: 'hawk' }), null);
    assert.equal(parseOffer({ partner: ['owl'] }), null);
  });

  it('referral=CODE (or referral_code=) carries the $49 offer; malformed codes are ignored', () => {
    assert.deepEqual(parseOffer({ referral: 'DANA-49' }), {
      kind: 'referral',
      code: 'DANA-49',
      text: '$49 off for both of you',
    });
    assert.equal(parseOffer({ referral_code: 'abc_123' })?.kind, 'referral');
    assert.equal(parseOffer({ referral: '<script>' }), null);
    assert.equal(parseOffer({ referral: 'x' }), null);
  });

  it('the partner wins over a referral; the source is recorded', () => {
    const offer = parseOffer({ partner: 'owl', referral: 'DANA-49' });
    assert.equal(offer?.kind, 'partner');
    assert.equal(signupSource(offer, 'signup'), 'partner:owl');
    assert.equal(signupSource(parseOffer({ referral: 'DANA-49' }), 'signup'), 'referral:DANA-49');
    assert.equal(signupSource(null, 'signup'), 'signup');
  });
});

describe('local captcha (honeypot)', () => {
  it('passes an empty honeypot and refuses a filled one', async () => {
    const captcha = createLocalCaptcha();
    assert.equal(captcha.provider, 'local');
    assert.equal(await captcha.verify({ honeypot: '' }), true);
    assert.equal(await captcha.verify({}), true);
    assert.equal(await captcha.verify({ honeypot: '   ' }), true);
    assert.equal(await captcha.verify({ honeypot: 'https://spam.example' }), false);
  });
});
