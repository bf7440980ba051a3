// The local tool's sign-in token (server/integrations/benefits-tool/sso-token.ts): signed with HMAC-SHA256,
// so a token made or changed without the secret is not read; what it carries is checked for shape.
import assert from 'node:assert/strict';
import {
  readSsoToken,
  signSsoToken,
  SSO_TOKEN_LIFETIME_MS,
  type SsoClaims,
} from '../../../../server/integrations/benefits-tool/sso-token';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const claims: SsoClaims = {
  jti: '6f1c2c1e-9a55-4a55-9c1e-2f7d1f0b2a10',
  providerId: 12,
  userId: 7,
  email: 'dana@example.test',
  issuedAt: 1_800_000_000_000,
  expiresAt: 1_800_000_000_000 + SSO_TOKEN_LIFETIME_MS,
};

describe('benefits tool: the local sign-in token', () => {
  it('lives 60 seconds', () => assert.equal(SSO_TOKEN_LIFETIME_MS, 60_000));

  it('reads back what was signed, with the same secret only', () => {
    const token = signSsoToken(claims, SECRET);
    assert.deepEqual(readSsoToken(token, SECRET), claims);
    assert.equal(readSsoToken(token, `${SECRET}-other`), null);
  });

  it('a changed claim, a changed or cut signature, or no token at all is not read', () => {
    const token = signSsoToken(claims, SECRET);
    const [payload, signature] = token.split('.') as [string, string];
    const changed = Buffer.from(JSON.stringify({ ...claims, expiresAt: claims.expiresAt + 3_600_000 })).toString(
      'base64url',
    );
    for (const forged of [
      `${changed}.${signature}`,
      `${payload}.${signature.slice(0, -1)}`,
      `${payload}.${'A'.repeat(43)}`,
      payload,
      '',
      'a.b.c',
    ]) {
      assert.equal(readSsoToken(forged, SECRET), null, forged);
    }
  });

  it('a well-signed token of the wrong shape is not read either', () => {
    const odd = signSsoToken({ ...claims, providerId: 'twelve' as unknown as number }, SECRET);
    assert.equal(readSsoToken(odd, SECRET), null);
  });
});
