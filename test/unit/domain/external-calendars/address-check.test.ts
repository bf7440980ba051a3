// Calendar feeds are fetched from addresses providers type, so they must never reach the portal's own
// network (SSRF): the address classification, the form's address check, the resolver check (every
// answer of a name must be public), and the fetcher's refusals, against a server on this machine that
// only the addresses the test lets through can reach.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  checkFeedUrl,
  FEED_MESSAGES,
  FETCH_MESSAGES,
  fetchFeed,
  isPublicAddress,
  resolvePublicAddress,
} from '../../../../server/domain/external-calendars';

const CALENDAR = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';

describe('external calendars: which addresses are public', () => {
  it('public unicast IPv4 and IPv6 addresses are allowed', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])
      assert.equal(isPublicAddress(address), true, address);
  });

  it('loopback, private, link-local, unique-local, CGNAT, multicast, unspecified and IPv4 inside IPv6 are refused', () => {
    const refused = [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '100.127.255.254',
      '224.0.0.1',
      '239.255.255.250',
      '0.0.0.0',
      '255.255.255.255',
      '192.0.2.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '[::1]',
      'localhost',
      'not an address',
      '',
    ];
    for (const address of refused) assert.equal(isPublicAddress(address), false, address);
  });

  it('refuses every IPv6 form that carries an IPv4 address, except IPv4-mapped with a public one (IPv4-compatible, SIIT, NAT64, 6to4, Teredo)', () => {
    const refused = [
      '::127.0.0.1',
      '::7f00:1',
      '[::7f00:1]',
      '0:0:0:0:0:0:127.0.0.1',
      '::10.0.0.1',
      '::a00:1',
      '::169.254.169.254',
      '::a9fe:a9fe',
      '::8.8.8.8',
      '::808:808',
      '::ffff:0:127.0.0.1',
      '::ffff:0:7f00:1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '::ffff:c0a8:101',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b::8.8.8.8',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::',
      '2002:a00:1::1',
      '2002:c0a8:101::1',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '0:0:0:0:0:1:7f00:1',
      'fec0::1',
      '100::1',
      '2001:db8::1',
    ];
    for (const address of refused) assert.equal(isPublicAddress(address), false, address);
    for (const address of ['::ffff:8.8.8.8', '::ffff:808:808', '2606:4700:4700::1111'])
      assert.equal(isPublicAddress(address), true, address);
  });
});

describe('external calendars: the feed address a provider types', () => {
  const errorOf = (value: string) => {
    const checked = checkFeedUrl(value);
    return 'error' in checked ? checked.error : null;
  };

  it('takes https addresses, turns webcal:// into https:// and drops the fragment', () => {
    assert.deepEqual(checkFeedUrl(' https://calendar.example.com/feeds/abc.ics?key=1#x '), {
      url: 'https://calendar.example.com/feeds/abc.ics?key=1',
    });
    assert.deepEqual(checkFeedUrl('webcal://p01-calendars.example.com/published/2/abc'), {
      url: 'https://p01-calendars.example.com/published/2/abc',
    });
  });

  it('refuses empty, malformed, non-https and credentialed addresses with their messages', () => {
    assert.equal(errorOf(''), FEED_MESSAGES.urlRequired);
    assert.equal(errorOf('calendar.example.com/feed.ics'), FEED_MESSAGES.urlInvalid);
    assert.equal(errorOf('ftp://calendar.example.com/feed.ics'), FEED_MESSAGES.urlInvalid);
    assert.equal(errorOf('file:///etc/passwd'), FEED_MESSAGES.urlInvalid);
    assert.equal(errorOf('http://calendar.example.com/feed.ics'), FEED_MESSAGES.urlNotHttps);
    assert.equal(errorOf('https://me:secret@calendar.example.com/feed.ics'), FEED_MESSAGES.urlCredentials);
    assert.equal(errorOf(`https://calendar.example.com/${'a'.repeat(2000)}`), FEED_MESSAGES.urlTooLong);
  });

  it('refuses private addresses however they are written, and local names', () => {
    for (const address of [
      'https://127.0.0.1/feed.ics',
      'https://2130706433/feed.ics',
      'https://0x7f.0.0.1/feed.ics',
      'https://[::1]/feed.ics',
      'https://[::ffff:169.254.169.254]/latest',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.8/x.ics',
      'https://localhost/feed.ics',
      'https://api.localhost/feed.ics',
      'https://printer.local/x.ics',
      'https://intranet/x.ics',
      'https://[::127.0.0.1]/feed.ics',
      'https://[::7f00:1]/feed.ics',
      'https://[::10.0.0.1]/x.ics',
      'https://[64:ff9b::169.254.169.254]/latest',
      'https://[2002:a9fe:a9fe::1]/latest',
      'https://[::ffff:0:127.0.0.1]/feed.ics',
    ])
      assert.equal(errorOf(address), FEED_MESSAGES.urlPrivate, address);
  });
});

describe('external calendars: a host name is checked on every address it resolves to', () => {
  const resolveTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('connects to a public answer', async () => {
    assert.deepEqual(await resolvePublicAddress('calendar.example.com', { resolve: resolveTo('93.184.216.34') }), {
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('refuses a name with one private answer among public ones, and an unknown name', async () => {
    await assert.rejects(
      resolvePublicAddress('rebind.example.com', { resolve: resolveTo('93.184.216.34', '10.0.0.5') }),
      { message: FETCH_MESSAGES.privateAddress },
    );
    await assert.rejects(resolvePublicAddress('mapped.example.com', { resolve: resolveTo('::ffff:127.0.0.1') }), {
      message: FETCH_MESSAGES.privateAddress,
    });
    await assert.rejects(resolvePublicAddress('compatible.example.com', { resolve: resolveTo('::7f00:1') }), {
      message: FETCH_MESSAGES.privateAddress,
    });
    await assert.rejects(resolvePublicAddress('nat64.example.com', { resolve: resolveTo('64:ff9b::a00:5') }), {
      message: FETCH_MESSAGES.privateAddress,
    });
    await assert.rejects(resolvePublicAddress('[::127.0.0.1]'), { message: FETCH_MESSAGES.privateAddress });
    await assert.rejects(
      resolvePublicAddress('nowhere.example.com', {
        resolve: async () => {
          throw new Error('ENOTFOUND');
        },
      }),
      { message: FETCH_MESSAGES.notFound },
    );
  });
});

describe('external calendars: the fetcher', () => {
  let server: http.Server;
  let base: string;
  const routes = new Map<string, (res: http.ServerResponse) => void>();

  before(async () => {
    server = http.createServer((req, res) => {
      const route = routes.get(req.url ?? '');
      if (route) route(res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => routes.clear());

  const local = { allowAddresses: ['127.0.0.1'] };
  const serve = (path: string, type: string, body: string | Buffer) =>
    routes.set(path, (res) => res.writeHead(200, { 'content-type': type }).end(body));
  const redirect = (path: string, location: string) =>
    routes.set(path, (res) => res.writeHead(302, { location }).end());

  it('refuses the private address by default, before connecting', async () => {
    serve('/feed.ics', 'text/calendar', CALENDAR);
    await assert.rejects(fetchFeed(`${base}/feed.ics`), { message: FETCH_MESSAGES.privateAddress });
    assert.equal(await fetchFeed(`${base}/feed.ics`, local), CALENDAR);
  });

  it('connects to the address it checked, not to a second answer of DNS (the name is never resolved again)', async () => {
    serve('/feed.ics', 'text/calendar; charset=utf-8', CALENDAR);
    const port = new URL(base).port;
    const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
    // feed.invalid resolves nowhere through the system's DNS: only the pinned address can answer.
    assert.equal(await fetchFeed(`http://feed.invalid:${port}/feed.ics`, { ...local, resolve }), CALENDAR);
  });

  it('follows a redirect only to an address that passes the same check, at most 3 times', async () => {
    serve('/feed.ics', 'text/calendar', CALENDAR);
    redirect('/moved', '/feed.ics');
    assert.equal(await fetchFeed(`${base}/moved`, local), CALENDAR);
    redirect('/to-metadata', 'http://169.254.169.254/latest/meta-data');
    await assert.rejects(fetchFeed(`${base}/to-metadata`, local), { message: FETCH_MESSAGES.privateAddress });
    redirect('/to-loopback', `http://127.0.0.2:${new URL(base).port}/feed.ics`);
    await assert.rejects(fetchFeed(`${base}/to-loopback`, local), { message: FETCH_MESSAGES.privateAddress });
    redirect('/to-file', 'file:///etc/passwd');
    await assert.rejects(fetchFeed(`${base}/to-file`, local), { message: FETCH_MESSAGES.badAddress });
    for (let i = 0; i < 4; i++) redirect(`/hop${i}`, `/hop${i + 1}`);
    redirect('/hop4', '/feed.ics');
    await assert.rejects(fetchFeed(`${base}/hop0`, local), { message: FETCH_MESSAGES.tooManyRedirects });
  });

  it('stops at the size limit while reading, refuses other content types, errors and slow servers', async () => {
    routes.set('/big', (res) => {
      res.writeHead(200, { 'content-type': 'text/calendar' });
      // No Content-Length: the limit must be counted as the body streams.
      res.write('BEGIN:VCALENDAR\r\n');
      res.end('X'.repeat(4096));
    });
    await assert.rejects(fetchFeed(`${base}/big`, { ...local, maxBytes: 1024 }), { message: FETCH_MESSAGES.tooLarge });
    serve('/page', 'text/html', '<html></html>');
    await assert.rejects(fetchFeed(`${base}/page`, local), { message: FETCH_MESSAGES.notCalendar });
    await assert.rejects(fetchFeed(`${base}/missing`, local), { message: FETCH_MESSAGES.status(404) });
    routes.set('/slow', () => {});
    await assert.rejects(fetchFeed(`${base}/slow`, { ...local, timeoutMs: 200 }), { message: FETCH_MESSAGES.timeout });
  });
});
