// Sign-out holds (Security and reliability III, item 7): a request of the session still running when it
// ends cannot bring it back; a live stream ends with its session (sign-out, expiry, password change);
// the limit of live streams per user holds across server processes.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type session from 'express-session';
import { createApp, type PortalApp } from '../../server/app';
import { receiveClientMessage, sendProviderMessage } from '../../server/domain/messaging';
import { STREAMS_PER_USER } from '../../server/http/event-stream';
import { createSessionMiddleware, SESSION_IDLE_MS, type SessionStore } from '../../server/http/session';
import { createLogger } from '../../server/logger';
import { ctx } from '../support/context';
import { CookieJar } from '../support/cookie-jar';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { csrfFrom } from '../support/http';

const db = () => ctx().db;
const NEW_PASSWORD = 'Another-password-2!';

async function listen(app: Express): Promise<{ server: Server; base: string }> {
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/** A browser: keeps its cookies, talks to `base` with fetch (streams need a real connection). */
function browser(base: string) {
  const jar = new CookieJar();
  const get = (path: string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    jar.fetch(`${base}${path}`, { headers, signal });
  const post = async (page: string, path: string, values: Record<string, string>) => {
    const _csrf = csrfFrom(await (await get(page)).text());
    return jar.fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf, ...values }).toString(),
    });
  };
  return {
    get,
    post,
    async signIn(email: string, password = TEST_PASSWORD) {
      assert.equal((await post('/login', '/login', { email, password })).status, 303);
    },
    /** The portal's session cookie alone (to be another browser tab later). */
    sessionCookie: () => jar.header(),
  };
}

async function sessionIdsOf(userId: number): Promise<string[]> {
  return (await db()('sessions').where({ user_id: userId }).select('sid')).map((row: { sid: string }) => row.sid);
}

/** What a slow request of another process does: load the session now, save it later. */
function loadSession(store: session.Store, sid: string): Promise<session.Session & Partial<session.SessionData>> {
  return new Promise((resolve, reject) =>
    store.load(sid, (error, loaded) =>
      error || !loaded ? reject(error ?? new Error('no session')) : resolve(loaded as never),
    ),
  );
}
const save = (loaded: session.Session) =>
  new Promise<void>((resolve, reject) => loaded.save((error) => (error ? reject(error) : resolve())));

async function conversation(providerId: number) {
  return receiveClientMessage(db(), ctx().integrations.jobs, {
    providerId,
    client: {
      email: `client-${Date.now()}-${Math.random()}@example.test`,
      firstName: 'Alex',
      lastName: 'Morgan',
      phone: '+12125550142',
    },
    content: 'Hello',
    type: 'message',
    now: new Date(),
  });
}

/** Reads the stream until it ends (true) or `ms` pass (false); collects what it said. */
async function endsWithin(response: Response, ms: number): Promise<{ ended: boolean; text: string }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
    ]);
    if (chunk === null) break;
    if (chunk.done) return { ended: true, text };
    text += decoder.decode(chunk.value, { stream: true });
  }
  return { ended: false, text };
}

describe('sign-out holds', function () {
  this.timeout(60_000);
  let server: Server;
  let base: string;
  let otherProcess: SessionStore;

  before(async () => {
    await ctx().changes.whenLive();
    ({ server, base } = await listen(ctx().app));
    otherProcess = createSessionMiddleware({
      databaseUrl: ctx().database.url,
      secret: ctx().config.sessionSecret,
      feed: ctx().changes,
    });
  });
  after(async () => {
    await stop(server);
    await otherProcess.close();
  });

  describe('a session that ended stays ended', () => {
    it('a request that loaded the session before sign-out and saves it afterwards does not bring it back', async () => {
      const user = await createProviderUser(db(), { paid: true });
      const tab = browser(base);
      await tab.signIn(user.email);
      const [sid] = await sessionIdsOf(user.userId);
      const slow = await loadSession(otherProcess.store, sid!);
      const oldCookie = tab.sessionCookie();

      assert.equal((await tab.post('/logout', '/logout', {})).status, 303);
      // The slow request finishes: it noted activity (or a flash) and saves.
      slow.lastSeenAt = Date.now();
      await save(slow);

      assert.equal(
        await db()('sessions')
          .where({ sid })
          .count({ n: '*' })
          .first()
          .then((r) => Number(r!.n)),
        0,
        'the row stayed deleted',
      );
      const again = await fetch(`${base}/messages`, { redirect: 'manual', headers: { Cookie: oldCookie } });
      assert.equal(again.status, 303);
      assert.match(again.headers.get('location')!, /^\/login/);
    });

    it('a session ended by a password change elsewhere stays ended when its slow request saves', async () => {
      const user = await createProviderUser(db(), { paid: true });
      const laptop = browser(base);
      await laptop.signIn(user.email);
      const phone = browser(base);
      await phone.signIn(user.email);
      const sids = await sessionIdsOf(user.userId);
      assert.equal(sids.length, 2);
      const loaded = await Promise.all(sids.map((sid) => loadSession(otherProcess.store, sid)));

      const changed = await laptop.post('/account-preferences', '/password/update', {
        from: 'account-preferences',
        old_password: TEST_PASSWORD,
        new_password: NEW_PASSWORD,
        new_password_confirmation: NEW_PASSWORD,
      });
      assert.equal(changed.status, 303);
      const kept = await sessionIdsOf(user.userId);
      assert.equal(kept.length, 1, 'the other session ended');
      for (const slow of loaded) {
        slow.lastSeenAt = Date.now();
        await save(slow);
      }
      assert.deepEqual(await sessionIdsOf(user.userId), kept, 'the ended session did not come back');
      const phonePage = await phone.get('/messages');
      assert.equal(phonePage.status, 303);
    });

    it('a new session is still stored (sign-in), and a stored one still saves its changes', async () => {
      const user = await createProviderUser(db(), { paid: true });
      const tab = browser(base);
      await tab.signIn(user.email);
      const [sid] = await sessionIdsOf(user.userId);
      const loaded = await loadSession(otherProcess.store, sid!);
      loaded.sideMenuCollapsed = true;
      await save(loaded);
      const row = (await db()('sessions').where({ sid }).first())!;
      assert.equal((typeof row.sess === 'string' ? JSON.parse(row.sess) : row.sess).sideMenuCollapsed, true);
    });
  });

  describe('a live stream ends with its session', () => {
    async function openStream(tab: ReturnType<typeof browser>, providerId: number, controller: AbortController) {
      const received = await conversation(providerId);
      const response = await tab.get(
        `/messages/${received.clientUserId}/events`,
        { Accept: 'text/event-stream' },
        controller.signal,
      );
      assert.equal(response.status, 200);
      return { response, clientUserId: received.clientUserId };
    }

    it('signing out ends the stream at once; a message sent afterwards is not delivered', async () => {
      const user = await createProviderUser(db(), { paid: true });
      const tab = browser(base);
      await tab.signIn(user.email);
      const controller = new AbortController();
      try {
        const { response, clientUserId } = await openStream(tab, user.providerIds[0]!, controller);
        // The same browser signs out in another tab (same cookie).
        const logoutPage = await fetch(`${base}/logout`, { headers: { Cookie: tab.sessionCookie() } });
        const _csrf = csrfFrom(await logoutPage.text());
        const out = await fetch(`${base}/logout`, {
          method: 'POST',
          redirect: 'manual',
          headers: { Cookie: tab.sessionCookie(), 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ _csrf }).toString(),
        });
        assert.equal(out.status, 303);
        await sendProviderMessage(db(), ctx().integrations.jobs, {
          owner: { providerId: user.providerIds[0]! },
          providerId: user.providerIds[0]!,
          clientUserId,
          content: 'After sign-out',
          now: new Date(),
        });
        const { ended, text } = await endsWithin(response, 5000);
        assert.equal(ended, true, 'the stream ended');
        assert.ok(!text.includes('After sign-out'));
      } finally {
        controller.abort();
      }
    });

    it("a password change in another session ends that session's stream; the changing session's own stream stays", async () => {
      const user = await createProviderUser(db(), { paid: true });
      const phone = browser(base);
      await phone.signIn(user.email);
      const laptop = browser(base);
      await laptop.signIn(user.email);
      const phoneStream = new AbortController();
      const laptopStream = new AbortController();
      try {
        const onPhone = await openStream(phone, user.providerIds[0]!, phoneStream);
        const onLaptop = await openStream(laptop, user.providerIds[0]!, laptopStream);
        const changed = await laptop.post('/account-preferences', '/password/update', {
          from: 'account-preferences',
          old_password: TEST_PASSWORD,
          new_password: NEW_PASSWORD,
          new_password_confirmation: NEW_PASSWORD,
        });
        assert.equal(changed.status, 303);
        assert.equal((await endsWithin(onPhone.response, 5000)).ended, true, "the phone's stream ended");
        assert.equal((await endsWithin(onLaptop.response, 1000)).ended, false, "the laptop's stream goes on");
      } finally {
        phoneStream.abort();
        laptopStream.abort();
      }
    });

    it('a session past its idle timeout ends its stream', async () => {
      const user = await createProviderUser(db(), { paid: true });
      const tab = browser(base);
      await tab.signIn(user.email);
      const controller = new AbortController();
      try {
        const { response } = await openStream(tab, user.providerIds[0]!, controller);
        // An hour without a request, as the session reads now (its row changes, so every process hears of it).
        await db().raw(
          `update sessions set sess = jsonb_set(sess::jsonb, '{lastSeenAt}', to_jsonb(?::bigint))::json where user_id = ?`,
          [Date.now() - SESSION_IDLE_MS - 1000, user.userId],
        );
        assert.equal((await endsWithin(response, 5000)).ended, true, 'the stream ended');
      } finally {
        controller.abort();
      }
    });
  });

  describe('the limit of live streams per user holds across processes', () => {
    let second: PortalApp;
    let secondServer: Server;
    let secondBase: string;
    before(async () => {
      second = createApp({
        config: ctx().config,
        db: db(),
        databaseUrl: ctx().database.url,
        logger: createLogger('silent'),
        integrations: ctx().integrations,
      });
      await second.changes.whenLive();
      ({ server: secondServer, base: secondBase } = await listen(second.app));
    });
    after(async () => {
      await stop(secondServer);
      await second.close();
    });

    it(`${STREAMS_PER_USER} streams in all, over two processes; the next is refused on either; a closed one frees its place`, async () => {
      const user = await createProviderUser(db(), { paid: true });
      const tab = browser(base);
      await tab.signIn(user.email);
      const received = await conversation(user.providerIds[0]!);
      const controllers: AbortController[] = [];
      const open = (where: string) => {
        const controller = new AbortController();
        controllers.push(controller);
        return fetch(`${where}/messages/${received.clientUserId}/events`, {
          headers: { Cookie: tab.sessionCookie() },
          signal: controller.signal,
        });
      };
      try {
        for (let i = 0; i < 3; i += 1) assert.equal((await open(base)).status, 200);
        for (let i = 3; i < STREAMS_PER_USER; i += 1) assert.equal((await open(secondBase)).status, 200);
        assert.equal((await open(secondBase)).status, 429);
        assert.equal((await open(base)).status, 429);
        // Many at once cannot slip past the limit either.
        const burst = await Promise.all([open(base), open(secondBase), open(base), open(secondBase)]);
        assert.ok(burst.every((r) => r.status === 429));

        controllers[0]!.abort();
        let reopened = 0;
        for (let attempt = 0; attempt < 40 && reopened !== 200; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          reopened = (await open(secondBase)).status;
        }
        assert.equal(reopened, 200);
      } finally {
        for (const controller of controllers) controller.abort();
      }
    });
  });
});
