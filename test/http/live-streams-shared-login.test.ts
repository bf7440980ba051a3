// A practice sharing one login (issue [19] item 12): the live views of one user are counted together across
// the Messages page and the practice inbox, and ten may be open at once (six tabs of a front desk were
// refused before, and fell back to polling every 10 seconds); the eleventh is refused, and a closed one
// frees its place.
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { receiveClientMessage } from '../../server/domain/messaging';
import { ctx } from '../support/context';
import { CookieJar } from '../support/cookie-jar';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { csrfFrom } from '../support/http';

async function clientWrites(providerId: number) {
  return receiveClientMessage(ctx().db, ctx().integrations.jobs, {
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

describe('live views of a shared practice login', function () {
  this.timeout(60_000);
  let server: Server;
  let base: string;

  before(async () => {
    await ctx().changes.whenLive();
    server = await new Promise<Server>((resolve) => {
      const s = ctx().app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('ten live views at once across Messages and the practice inbox; the eleventh is refused until one closes', async () => {
    const user = await createProviderUser(ctx().db, {
      paid: true,
      roles: ['owner', 'intake-coordinator'],
      providers: [
        { type: 'practice', companyName: 'Harbor Light Practice' },
        { firstName: 'Priya', lastName: 'Shah' },
      ],
    });
    const [practiceId, clinicianId] = user.providerIds as [number, number];
    const toPractice = await clientWrites(practiceId);
    const toClinician = await clientWrites(clinicianId);

    const jar = new CookieJar();
    const _csrf = csrfFrom(await (await jar.fetch(`${base}/login`)).text());
    const login = await jar.fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ _csrf, email: user.email, password: TEST_PASSWORD }).toString(),
    });
    assert.equal(login.status, 303);

    const controllers: AbortController[] = [];
    const open = (path: string) => {
      const controller = new AbortController();
      controllers.push(controller);
      return jar.fetch(`${base}${path}`, { signal: controller.signal });
    };
    const messagesTab = `/messages/${toPractice.clientUserId}/events`;
    const inboxTab = `/practice-inbox/messages/${toClinician.clientUserId}/${clinicianId}/events`;
    try {
      // Six tabs of the front desk, then four more: every one is live.
      for (let tab = 0; tab < 10; tab += 1)
        assert.equal((await open(tab % 2 ? inboxTab : messagesTab)).status, 200, `tab ${tab + 1}`);
      const refused = await open(inboxTab);
      assert.equal(refused.status, 429);
      assert.equal((await open(messagesTab)).status, 429);

      controllers[0]!.abort();
      let reopened = 0;
      for (let attempt = 0; attempt < 40 && reopened !== 200; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        reopened = (await open(messagesTab)).status;
      }
      assert.equal(reopened, 200);
    } finally {
      for (const controller of controllers) controller.abort();
    }
  });
});
