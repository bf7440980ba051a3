// Contact Us (spec 1 §2, §7; spec 2 §2): the form hands email, firstname, lastname, provider_id,
// account_id, user_id (and the message) to the marketing-form adapter and stores the submission, in one
// transaction; validation messages are ours (docs/decisions.md).
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTACT_MESSAGES } from '../../server/features/contact/validation';
import { createPortalIntegrations } from '../../server/wiring';
import { createHttpMarketingForm } from '../../server/integrations/marketing-form/http';
import type { LocalMarketingForm } from '../../server/integrations/marketing-form/local';
import type { MarketingForm } from '../../server/integrations/marketing-form/port';
import { ctx, testConfig } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, csrfFrom, mainTextOf, signIn, type Agent } from '../support/http';

const PAGE = '/contact';

async function signedIn(options: { paid?: boolean; noProvider?: boolean } = {}) {
  const user = await createProviderUser(ctx().db, {
    paid: options.paid ?? true,
    providers: options.noProvider ? [] : [{ firstName: 'Robin', lastName: 'Banks' }],
  });
  await ctx().db('users').where({ id: user.userId }).update({ first_name: 'Robin', last_name: 'Banks' });
  const client = agent();
  await signIn(client, user.email);
  return { client, user };
}

const integrations = () => ctx().integrations;
const localForm = () => integrations().marketingForm as LocalMarketingForm;

async function send(client: Agent, fields: Record<string, string>) {
  const _csrf = csrfFrom((await client.get(PAGE)).text);
  return client
    .post(PAGE)
    .type('form')
    .send({ _csrf, ...fields });
}

const good = {
  firstname: 'Robin',
  lastname: 'Banks',
  email: 'robin@practice.test',
  message: 'How do I add a second office to my profile?',
};
const requests = () => ctx().db('contact_requests').orderBy('id');

/** Runs fn with another marketing form in place of the app's. */
async function withMarketingForm<T>(form: MarketingForm, fn: () => Promise<T>): Promise<T> {
  const original = integrations().marketingForm;
  integrations().marketingForm = form;
  try {
    return await fn();
  } finally {
    integrations().marketingForm = original;
  }
}

describe('contact: the form (spec 1 §2 /contact)', () => {
  it('asks first name, last name, email and the message, filled in from the account', async () => {
    const { client, user } = await signedIn();
    const html = (await client.get(PAGE).expect(200)).text;
    assert.match(html, /<label for="firstname">First name<\/label>/);
    assert.match(html, /<label for="lastname">Last name<\/label>/);
    assert.match(html, /<label for="email">Email<\/label>/);
    assert.match(html, /<label for="message">Message<\/label>/);
    assert.match(html, /id="firstname"[^>]*name="firstname"[^>]*value="Robin"/);
    assert.match(html, /id="lastname"[^>]*name="lastname"[^>]*value="Banks"/);
    assert.ok(html.includes(`value="${user.email}"`));
    // The ids are never form fields: the server adds them.
    assert.doesNotMatch(html, /name="(provider_id|account_id|user_id)"/);
  });

  it('is open without a paid plan and without a profile: the form, not the activate-your-membership notice', async () => {
    for (const options of [{ paid: false }, { noProvider: true }]) {
      const html = (await (await signedIn(options)).client.get(PAGE).expect(200)).text;
      const text = mainTextOf(html);
      assert.match(text, /Contact Us/);
      assert.doesNotMatch(text, /activate your membership/i);
      assert.match(
        html,
        /<form[^>]*method="post"[^>]*action="\/contact"|<form[^>]*action="\/contact"[^>]*method="post"/,
      );
      for (const field of ['firstname', 'lastname', 'email', 'message'])
        assert.match(html, new RegExp(`name="${field}"`), field);
      assert.match(text, /Send message/);
    }
  });

  it('signed-out visitors go to /login', async () => {
    assert.equal((await agent().get(PAGE).expect(303)).headers.location, `/login?next=${encodeURIComponent(PAGE)}`);
  });
});

describe('contact: sending (spec 1 §7: email, firstname, lastname, provider_id, account_id, user_id)', () => {
  it("hands the fields and the sender's ids to the marketing form, stores the submission and says thank you", async () => {
    const { client, user } = await signedIn();
    const before = localForm().received.length;
    const response = await send(client, good);
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, PAGE);
    const sent = localForm().received.slice(before);
    assert.deepEqual(sent, [
      { ...good, provider_id: user.providerIds[0], account_id: user.accountId, user_id: user.userId },
    ]);
    const [row, ...more] = await requests();
    assert.equal(more.length, 0);
    assert.deepEqual(
      {
        firstname: row.firstname,
        lastname: row.lastname,
        email: row.email,
        message: row.message,
        provider_id: row.provider_id,
        account_id: row.account_id,
        user_id: row.user_id,
        delivered_via: row.delivered_via,
      },
      {
        ...good,
        provider_id: user.providerIds[0],
        account_id: user.accountId,
        user_id: user.userId,
        delivered_via: 'local',
      },
    );
    assert.match(mainTextOf((await client.get(PAGE)).text), new RegExp(CONTACT_MESSAGES.sent.replace(/[!.]/g, '\\$&')));
  });

  it('ids posted with the form are ignored: they come from the session', async () => {
    const { client, user } = await signedIn();
    const other = await createProviderUser(ctx().db);
    const before = localForm().received.length;
    await send(client, {
      ...good,
      provider_id: String(other.providerIds[0]),
      account_id: String(other.accountId),
      user_id: String(other.userId),
    }).then((r) => assert.equal(r.status, 303));
    const [sent] = localForm().received.slice(before);
    assert.equal(sent!.provider_id, user.providerIds[0]);
    assert.equal(sent!.account_id, user.accountId);
    assert.equal(sent!.user_id, user.userId);
  });

  it('a user without a profile sends provider_id null and the account of their role', async () => {
    const { client, user } = await signedIn({ noProvider: true });
    const before = localForm().received.length;
    await send(client, good).then((r) => assert.equal(r.status, 303));
    const [sent] = localForm().received.slice(before);
    assert.equal(sent!.provider_id, null);
    assert.equal(sent!.account_id, user.accountId);
  });

  it('the values are trimmed before they are sent', async () => {
    const { client } = await signedIn();
    const before = localForm().received.length;
    await send(client, { ...good, firstname: '  Robin ', message: `  ${good.message}\n` });
    const [sent] = localForm().received.slice(before);
    assert.equal(sent!.firstname, 'Robin');
    assert.equal(sent!.message, good.message);
  });
});

describe('contact: validation (messages in docs/decisions.md)', () => {
  const cases: Array<[string, Record<string, string>, string, string]> = [
    ['first name missing', { firstname: '' }, 'firstname', CONTACT_MESSAGES.firstname],
    ['first name only spaces', { firstname: '   ' }, 'firstname', CONTACT_MESSAGES.firstname],
    ['first name too long', { firstname: 'x'.repeat(101) }, 'firstname', CONTACT_MESSAGES.nameLength],
    ['last name missing', { lastname: '' }, 'lastname', CONTACT_MESSAGES.lastname],
    ['last name too long', { lastname: 'y'.repeat(101) }, 'lastname', CONTACT_MESSAGES.nameLength],
    ['email missing', { email: '' }, 'email', CONTACT_MESSAGES.email],
    ['email invalid', { email: 'robin-at-practice' }, 'email', CONTACT_MESSAGES.emailInvalid],
    ['message missing', { message: '' }, 'message', CONTACT_MESSAGES.message],
    ['message too long', { message: 'z'.repeat(5001) }, 'message', CONTACT_MESSAGES.messageLength],
  ];
  for (const [name, change, field, message] of cases) {
    it(`${name}: "${message}" beside the field, typed values kept, nothing sent or stored`, async () => {
      const { client } = await signedIn();
      const before = localForm().received.length;
      const typed = { ...good, ...change };
      const response = await send(client, typed);
      assert.equal(response.status, 422);
      assert.ok(
        response.text.includes(`<p class="field-error" id="${field}-error">${message.replace(/'/g, '&#x27;')}</p>`),
        `${message} beside ${field}`,
      );
      if (field !== 'message')
        assert.match(response.text, new RegExp(`id="message"[^>]*>${good.message.replace(/\?/g, '\\?')}</textarea>`));
      if (field !== 'firstname') assert.match(response.text, /name="firstname"[^>]*value="Robin"/);
      assert.equal(localForm().received.length, before);
      assert.equal((await requests()).length, 0);
    });
  }

  it('every missing field at once gets its own message', async () => {
    const { client } = await signedIn();
    const response = await send(client, { firstname: '', lastname: '', email: '', message: '' });
    assert.equal(response.status, 422);
    for (const message of [
      CONTACT_MESSAGES.firstname,
      CONTACT_MESSAGES.lastname,
      CONTACT_MESSAGES.email,
      CONTACT_MESSAGES.message,
    ])
      assert.ok(response.text.includes(message), message);
  });
});

describe('contact: one transaction per submission', () => {
  it('when the marketing form refuses, nothing is stored and the form comes back with the error and the typed values', async () => {
    const { client } = await signedIn();
    const failing: MarketingForm = {
      provider: 'http',
      async submit() {
        throw new Error('form provider is down');
      },
    };
    const response = await withMarketingForm(failing, () => send(client, good));
    assert.equal(response.status, 500);
    assert.ok(response.text.includes(CONTACT_MESSAGES.error.replace(/'/g, '&#x27;')));
    assert.match(response.text, /name="email"[^>]*value="robin@practice\.test"/);
    assert.equal((await requests()).length, 0);
  });
});

describe('marketing-form adapters (server/integrations/marketing-form)', () => {
  it('MARKETING_FORM_URL selects the HTTP adapter; without it, the local one', () => {
    assert.equal(
      createPortalIntegrations(testConfig({ MARKETING_FORM_URL: 'https://forms.example.test/submit' }), ctx().db)
        .marketingForm.provider,
      'http',
    );
    assert.equal(createPortalIntegrations(testConfig(), ctx().db).marketingForm.provider, 'local');
  });

  it('the HTTP adapter posts the submission as JSON and fails on a non-2xx answer', async () => {
    const received: Array<{ type: string | undefined; body: unknown }> = [];
    let status = 200;
    const server = http.createServer((req, res) => {
      let data = '';
      req.on('data', (chunk) => {
        data += chunk;
      });
      req.on('end', () => {
        received.push({ type: req.headers['content-type'], body: JSON.parse(data) });
        res.statusCode = status;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const form = createHttpMarketingForm(`http://127.0.0.1:${(server.address() as AddressInfo).port}/forms/contact`);
      const submission = { ...good, provider_id: 7, account_id: 3, user_id: 11 };
      await form.submit(submission);
      assert.deepEqual(received, [{ type: 'application/json', body: submission }]);
      status = 503;
      await assert.rejects(form.submit(submission), /503/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
