// Secrets, masks, phone numbers and the redirect allow-list: small rules with no database.
import assert from 'node:assert/strict';
import { allowedRedirect } from '../../../../server/features/auth/service';
import {
  practiceManagementUrl,
  hashToken,
  looksLikeLinkToken,
  maskEmail,
  matchesHash,
  newCode,
  newLinkToken,
  normalizePhone,
  PHONE_MESSAGES,
  phoneNumber,
} from '../../../../server/domain/accounts';
describe('one-time secrets', () => {
  it('link tokens are 256-bit base64url and differ every time', () => {
    const a = newLinkToken();
    assert.ok(looksLikeLinkToken(a));
    assert.notEqual(a, newLinkToken());
    assert.equal(looksLikeLinkToken('../etc'), false);
  });

  it('codes are six digits', () => {
    for (let i = 0; i < 50; i += 1) assert.match(newCode(), /^\d{6}$/);
  });

  it('stores sha256 hex and compares in constant time', () => {
    assert.equal(hashToken('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    assert.equal(matchesHash('123456', hashToken('123456')), true);
    assert.equal(matchesHash('123457', hashToken('123456')), false);
    assert.equal(matchesHash('123456', 'not-hex'), false);
  });

  it('masks an e-mail address so it can be recognised but not learnt', () => {
    assert.equal(maskEmail('dana.rivera@example.com'), 'd******a@e******.com');
    assert.equal(maskEmail('al@x.io'), 'a*@x*.io');
  });
});

describe('US phone numbers (spec 1 §5 Phone)', () => {
  it('accepts the usual ways of typing a US number and stores +1 and ten digits', () => {
    for (const typed of ['(212) 555-0142', '212.555.0142', '2125550142', '+12125550142', '1 212 555 0142']) {
      assert.deepEqual(normalizePhone(typed), { phone: '+12125550142' }, typed);
    }
  });

  it('has the spec messages', () => {
    assert.deepEqual(normalizePhone(''), { error: 'required' });
    assert.deepEqual(normalizePhone('555-0142'), { error: 'invalid' });
    assert.deepEqual(normalizePhone('(012) 555-0142'), { error: 'invalid' });
    assert.deepEqual(normalizePhone('+442071838750'), { error: 'international' });
    assert.deepEqual(normalizePhone('+1212555014299'), { error: 'international' });
    assert.equal(phoneNumber().validate('').error?.message, 'Phone number required.');
    assert.equal(phoneNumber().validate('12').error?.message, PHONE_MESSAGES.invalid);
    assert.equal(
      PHONE_MESSAGES.invalid,
      'Please enter a valid US phone number. Note that we do not share your phone number with anyone.',
    );
  });
});

describe('reimbursify_redirect_url (no open redirect)', () => {
  const config = { reimbursifyRedirectHosts: ['reimbursify.example.com'] };
  it('is honoured only for https on an allow-listed host', () => {
    assert.equal(
      allowedRedirect(config, 'https://reimbursify.example.com/sso?x=1'),
      'https://reimbursify.example.com/sso?x=1',
    );
    assert.equal(allowedRedirect(config, 'http://reimbursify.example.com/sso'), null);
    assert.equal(allowedRedirect(config, 'https://evil.example.net/'), null);
    assert.equal(allowedRedirect(config, 'https://reimbursify.example.com.evil.net/'), null);
    assert.equal(allowedRedirect(config, 'https://user:pw@reimbursify.example.com/'), null);
    assert.equal(allowedRedirect(config, '//reimbursify.example.com/'), null);
    assert.equal(allowedRedirect(config, 'javascript:alert(1)'), null);
  });

  it('builds the practice-management link from a safe subdomain only', () => {
    const pm = { practiceManagementUrl: 'https://{subdomain}.practice.example.com' };
    assert.equal(practiceManagementUrl(pm, 'calm-waters'), 'https://calm-waters.practice.example.com');
    assert.equal(practiceManagementUrl(pm, 'evil.com/x'), 'https://app.practice.example.com');
  });
});
