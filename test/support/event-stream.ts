// Server-sent events in tests: a listening server's sign-in cookie for fetch (supertest's agent cannot read
// a stream as it comes), and reading a stream until what is expected has arrived.
import assert from 'node:assert/strict';
import { TEST_PASSWORD } from './factories';
import { CookieJar } from './cookie-jar';
import { csrfFrom } from './http';

/** Signs in at the server listening on `base` with fetch and returns the Cookie header. */
export async function cookieFor(base: string, email: string): Promise<string> {
  const jar = new CookieJar();
  const _csrf = csrfFrom(await (await jar.fetch(`${base}/login`)).text());
  const posted = await jar.fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf, email, password: TEST_PASSWORD }).toString(),
  });
  assert.equal(posted.status, 303);
  return jar.header();
}

/** Reads the stream until `until` holds for its text so far (or 5 s pass). */
export async function readUntil(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  until: (text: string) => boolean,
): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + 5000;
  while (!until(text)) {
    if (Date.now() > deadline) throw new Error(`stream did not deliver in time: ${text}`);
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}
