// Small rules of the HTTP layer: safe return paths, masked log URLs, profile choice, greeting.
import assert from 'node:assert/strict';
import { greetingFor } from '../../../server/features/dashboard/greeting';
import { chooseProvider } from '../../../server/domain/accounts';
import { safeReturnPath } from '../../../server/http/guards';
import { maskUrl } from '../../../server/http/request-logging';
import type { ProviderSummary } from '../../../server/domain/accounts';

describe('safeReturnPath (no open redirect)', () => {
  it('keeps same-site paths and refuses everything else', () => {
    assert.equal(safeReturnPath('/profile/specialties?edit=1'), '/profile/specialties?edit=1');
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      undefined,
      42,
    ]) {
      assert.equal(safeReturnPath(bad), '/profiles', String(bad));
    }
  });
});

describe('maskUrl (logs never hold tokens)', () => {
  it('drops the query and masks token segments', () => {
    assert.equal(maskUrl('/password/reset/abc123?x=1'), '/password/reset/[redacted]');
    assert.equal(maskUrl('/account/confirm/tok'), '/account/confirm/[redacted]');
    assert.equal(maskUrl('/signup/invite/tok'), '/signup/invite/[redacted]');
    assert.equal(maskUrl('/login?email=a@b.co'), '/login');
  });
});

describe('default profile selection (spec 1 §4)', () => {
  const p = (id: number, type: 'individual' | 'practice') => ({ id, type }) as ProviderSummary;
  it('the remembered one, else the first practice, else the first', () => {
    const list = [p(1, 'individual'), p(2, 'practice'), p(3, 'individual')];
    assert.equal(chooseProvider(list, 3)?.id, 3);
    assert.equal(chooseProvider(list, 99)?.id, 2);
    assert.equal(chooseProvider([p(1, 'individual'), p(3, 'individual')])?.id, 1);
    assert.equal(chooseProvider([]), null);
  });
});

describe('dashboard greeting by the hour in the provider time zone (spec 2 §2)', () => {
  const at = (utcHour: number) => new Date(Date.UTC(2026, 10, 22, utcHour, 30));
  it('morning 3–12, afternoon 12–18, otherwise evening', () => {
    assert.equal(greetingFor(at(3), 'UTC'), 'Good morning');
    assert.equal(greetingFor(at(11), 'UTC'), 'Good morning');
    assert.equal(greetingFor(at(12), 'UTC'), 'Good afternoon');
    assert.equal(greetingFor(at(17), 'UTC'), 'Good afternoon');
    assert.equal(greetingFor(at(18), 'UTC'), 'Good evening');
    assert.equal(greetingFor(at(2), 'UTC'), 'Good evening');
  });
  it('uses the provider time zone', () => {
    assert.equal(greetingFor(at(15), 'America/Los_Angeles'), 'Good morning'); // 07:30 in LA
  });
});
