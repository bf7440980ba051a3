// The signed-in devices page's words for a session (issue [25] item 4): the browser and system from the user
// agent, and an address coarse enough to recognise a place, not a person.
import assert from 'node:assert/strict';
import { coarseIp, describeUserAgent, publicSessionId } from '../../../server/http/device-sessions';

describe('signed-in devices: describing a session', () => {
  it('names the browser and the system', () => {
    const cases: [string, string][] = [
      [
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        'Chrome on Android',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
        'Safari on iOS',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'Edge on Windows',
      ],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.6; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on macOS'],
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
        'Chrome on Linux',
      ],
      ['curl/8.5.0', 'Unknown browser'],
      ['', 'Unknown browser'],
    ];
    for (const [ua, expected] of cases) assert.equal(describeUserAgent(ua), expected, ua);
  });

  it('keeps only a coarse address', () => {
    assert.equal(coarseIp('203.0.113.57'), '203.0.113.x');
    assert.equal(coarseIp('::ffff:127.0.0.1'), '127.0.0.x');
    assert.equal(coarseIp('2001:db8:85a3:8d3:1319:8a2e:370:7348'), '2001:db8:85a3:…');
    assert.equal(coarseIp(undefined), null);
  });

  it('names a session by a hash, never by its id', () => {
    const id = publicSessionId('secret-session-id');
    assert.match(id, /^[A-Za-z0-9_-]{32}$/);
    assert.ok(!id.includes('secret'));
    assert.equal(publicSessionId('secret-session-id'), id);
  });
});
