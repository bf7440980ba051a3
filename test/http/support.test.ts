// Support requests (spec 1 §7 and spec 2 §7 "Support": POST contact-{product}/{id} with template and
// locals): stored, e-mailed to the support address through the job queue, and the spec's flash.
import assert from 'node:assert/strict';
import { loadViewer } from '../../server/domain/accounts';
import { unreadClientMessageCountSql } from '../../server/domain/messaging';
import { submitSupportRequest } from '../../server/domain/support-requests';
import { createLogger } from '../../server/logger';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { type Agent, agent, mainTextOf, signIn, tokenFor } from '../support/http';
import { drainJobs } from '../support/jobs';

const SUBMITTED = "Support request submitted, we'll contact you shortly!";

async function signedIn(options: Parameters<typeof createProviderUser>[1] = {}) {
  const user = await createProviderUser(ctx().db, options);
  const client = agent();
  await signIn(client, user.email);
  return { user, client, id: user.providerIds[0]! };
}

async function request(client: Agent, values: Record<string, string | number>, accept?: string) {
  const _csrf = await tokenFor(client, '/account-preferences');
  const call = client.post('/support-requests').type('form');
  if (accept) call.set('Accept', accept);
  return call.send({ _csrf, ...values });
}

/** A table's rows; sent messages only after the due mail jobs ran. */
const rows = async (table: string) => {
  if (table === 'sent_messages') await drainJobs();
  return ctx().db(table).orderBy('id').select('*');
};

describe('support requests: filing one (POST /support-requests)', () => {
  it('stores the request, e-mails the support address, flashes the spec message and goes back', async () => {
    const { client, id, user } = await signedIn();
    const response = await request(client, {
      provider_id: id,
      template: 'insurance-edit',
      edits: 'Please remove Cigna in New Jersey.',
      return_to: '/profile/insurance-fees#insurance-by-state',
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, '/profile/insurance-fees#insurance-by-state');
    assert.match(mainTextOf((await client.get('/profile/insurance-fees')).text), new RegExp(SUBMITTED));

    const [stored, ...more] = await rows('support_requests');
    assert.equal(more.length, 0);
    assert.equal(Number(stored.provider_id), id);
    assert.equal(Number(stored.account_id), user.accountId);
    assert.equal(Number(stored.user_id), user.userId);
    assert.equal(stored.template, 'insurance-edit');
    assert.deepEqual(stored.locals, { edits: 'Please remove Cigna in New Jersey.' });

    const mail = (await rows('sent_messages')).filter((r) => r.channel === 'email');
    assert.equal(mail.length, 1);
    assert.equal(mail[0].recipient, ctx().config.supportEmail);
    assert.match(mail[0].subject, new RegExp(`^Insurance edit request: Taylor Test \\(#${id}\\)$`));
    assert.match(mail[0].body, new RegExp(`Support request #${stored.id} \\(insurance-edit\\)`));
    assert.match(mail[0].body, /Requested edits:\nPlease remove Cigna in New Jersey\./);
    assert.ok(mail[0].body.includes(user.email));
  });

  it("another account's provider id is not found (404): nothing stored, nothing sent", async () => {
    const { client } = await signedIn();
    const other = await createProviderUser(ctx().db);
    for (const providerId of [other.providerIds[0]!, 0, 999999]) {
      const response = await request(client, { provider_id: providerId, template: 'insurance-edit', edits: 'x' });
      assert.equal(response.status, 404, String(providerId));
    }
    const missing = await request(client, { template: 'insurance-edit' });
    assert.equal(missing.status, 404);
    assert.equal((await rows('support_requests')).length, 0);
    assert.equal((await rows('sent_messages')).length, 0);
  });

  it("a profile of the user's own account without clinician access may be asked about (a role on its account)", async () => {
    const { client, user } = await signedIn();
    const [made] = await ctx()
      .db('providers')
      .insert({ account_id: user.accountId, type: 'individual', status: 'active', first_name: 'Sam', last_name: 'Lee' })
      .returning('id');
    const response = await request(client, {
      provider_id: Number(made.id),
      template: 'insurance-edit',
      edits: 'Please add Aetna.',
    });
    assert.equal(response.status, 303);
    assert.equal((await rows('support_requests')).length, 1);
  });

  it('only same-site return paths; anything else goes to /', async () => {
    const { client, id } = await signedIn();
    for (const returnTo of ['https://evil.example.com/', '//evil.example.com', '/\\evil.example.com', '']) {
      const response = await request(client, {
        provider_id: id,
        template: 'insurance-edit',
        edits: 'Please add Aetna.',
        return_to: returnTo,
      });
      assert.equal(response.headers.location, '/', returnTo);
    }
  });

  it('an unknown template is refused (400)', async () => {
    const { client, id } = await signedIn();
    const response = await request(client, { provider_id: id, template: 'delete-everything' });
    assert.equal(response.status, 400);
    assert.equal((await rows('support_requests')).length, 0);
  });

  it('free text over 2000 characters is refused with a flash, nothing stored', async () => {
    const { client, id } = await signedIn();
    const response = await request(client, {
      provider_id: id,
      template: 'insurance-edit',
      edits: 'x'.repeat(2001),
      return_to: '/profile/insurance-fees',
    });
    assert.equal(response.status, 303);
    assert.match(
      mainTextOf((await client.get('/profile/insurance-fees')).text),
      /Please keep your message under 2000 characters\./,
    );
    assert.equal((await rows('support_requests')).length, 0);
  });

  it('an insurance edit request needs its text: empty or blank is refused with a flash, nothing stored', async () => {
    const { client, id } = await signedIn();
    for (const edits of [undefined, '   ']) {
      const response = await request(client, {
        provider_id: id,
        template: 'insurance-edit',
        ...(edits === undefined ? {} : { edits }),
        return_to: '/profile/insurance-fees',
      });
      assert.equal(response.status, 303);
      assert.match(
        mainTextOf((await client.get('/profile/insurance-fees')).text),
        /Please describe the insurance edits you would like\./,
      );
    }
    assert.equal((await rows('support_requests')).length, 0);
  });

  it("only the template's own fields are kept as locals", async () => {
    const { client, id } = await signedIn();
    await request(client, {
      provider_id: id,
      template: 'photo-video-edit',
      edits: 'Crop my photo',
      requestedVideoEdits: 'Trim the start',
      sneaky: 'no',
    });
    const [stored] = await rows('support_requests');
    assert.deepEqual(stored.locals, { edits: 'Crop my photo', requestedVideoEdits: 'Trim the start' });
  });

  it('answers JSON to scripts (Accept: application/json)', async () => {
    const { client, id } = await signedIn();
    const response = await request(
      client,
      { provider_id: id, template: 'insurance-edit', edits: 'Please add Aetna.' },
      'application/json',
    );
    assert.equal(response.status, 201);
    assert.equal(response.body.message, SUBMITTED);
    assert.equal(Number(response.body.id), Number((await rows('support_requests'))[0].id));
  });

  it('signed-out visitors go to /login', async () => {
    const client = agent();
    const _csrf = await tokenFor(client, '/login');
    const response = await client
      .post('/support-requests')
      .type('form')
      .send({ _csrf, provider_id: 1, template: 'insurance-edit' });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, '/login');
  });

  it('a failing mailer loses nothing: the request is stored, and its e-mail is retried until delivered', async () => {
    const { client, id } = await signedIn();
    const response = await request(client, {
      provider_id: id,
      template: 'insurance-edit',
      edits: 'Please add Aetna.',
      return_to: '/profile/insurance-fees',
    });
    assert.equal(response.status, 303);
    assert.equal(Number((await ctx().db('support_requests').count({ n: '*' }).first())!.n), 1);
    assert.match(mainTextOf((await client.get('/profile/insurance-fees')).text), new RegExp(SUBMITTED));

    const { db, config, integrations } = ctx();
    const smtpDown = {
      ...integrations,
      mail: {
        send: async () => {
          throw new Error('SMTP down');
        },
      },
    };
    await integrations.jobs.runDue({ db, config, integrations: smtpDown, logger: createLogger('silent') });
    const job = await db('pgboss.job').where({ name: 'mail.send' }).first();
    assert.equal(job.state, 'retry');
    assert.equal((await db('sent_messages').select('id')).length, 0);

    await db('pgboss.job').where({ id: job.id }).update({ start_after: db.fn.now() }); // the backoff has passed
    const mail = (await rows('sent_messages')).filter((r) => r.channel === 'email');
    assert.equal(mail.length, 1);
    assert.equal(mail[0].recipient, config.supportEmail);
  });
});

describe('support requests: submitSupportRequest() for other features', () => {
  it('takes any template name and structured locals; mails them; checks reach', async () => {
    const user = await createProviderUser(ctx().db);
    const viewer = (await loadViewer(ctx().db, { unreadMessageCount: unreadClientMessageCountSql }, user.userId))!;
    const sent: { to: string; subject: string; text: string }[] = [];
    const deps = {
      db: ctx().db,
      outgoing: {
        mail: async (_db: unknown, m: { to: string; subject: string; text: string }) => {
          sent.push(m);
        },
        sms: async () => {},
      },
      supportEmail: 'help@example.test',
    };
    const { id } = await submitSupportRequest(deps, viewer, {
      providerId: user.providerIds[0]!,
      template: 'video-delete',
      locals: { videos: ['a.mp4'] },
    });
    const [stored] = await rows('support_requests');
    assert.equal(Number(stored.id), id);
    assert.deepEqual(stored.locals, { videos: ['a.mp4'] });
    assert.equal(sent[0]!.to, 'help@example.test');
    assert.match(sent[0]!.subject, /^Support request \(video-delete\): /);
    assert.match(sent[0]!.text, /videos:\n\[\n {2}"a\.mp4"\n\]/);

    const other = await createProviderUser(ctx().db);
    await assert.rejects(
      submitSupportRequest(deps, viewer, { providerId: other.providerIds[0]!, template: 'video-delete' }),
      { status: 404 },
    );
    await assert.rejects(
      submitSupportRequest(deps, viewer, { providerId: user.providerIds[0]!, template: 'Bad Name\n' }),
      { status: 400 },
    );
    assert.equal((await rows('support_requests')).length, 1);
  });
});
