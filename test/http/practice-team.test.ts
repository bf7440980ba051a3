// The Team page (issue [22] item 1): owners only (everyone else gets spec 1 §6's refusal), invitations by
// e-mail with a role through the job queue and the existing /signup/invite flow, roles given and taken,
// people removed, the last owner kept, and every change in the audit log with who and whom.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { signedInAtPractice } from './practice-helpers';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { agent, csrfFrom, mainTextOf, postForm, signIn } from '../support/http';
import { lastEmail, linkPath } from './auth-helpers';
import { revokeRole, type TeamActor } from '../../server/domain/accounts';

const DENIED = 'Oops! You are unable to access this resource...';
const TEAM = '/practice/team';

/** Another user with `roles` on `accountId` (and no profile). */
async function teammate(
  accountId: number,
  roles: string[],
  email = `mate${Math.random().toString(36).slice(2, 8)}@example.test`,
) {
  const [row] = await ctx()
    .db('users')
    .insert({ email, first_name: 'Jordan', last_name: 'Blake', scopes: ['provider'] })
    .returning('id');
  for (const role of roles) await ctx().db('account_roles').insert({ user_id: row.id, account_id: accountId, role });
  return { userId: Number(row.id), email };
}

const rolesOf = async (userId: number, accountId: number) =>
  (await ctx()
    .db('account_roles')
    .where({ user_id: userId, account_id: accountId })
    .orderBy('role')
    .pluck('role')) as string[];

interface AuditRow {
  user_id: number;
  created_at: Date;
  details: { account_id?: number; email?: string; role?: string; target_user_id?: number; roles?: string[] };
}
const auditOf = async (action: string): Promise<AuditRow[]> =>
  ctx().db('audit_log').where({ action }).orderBy('id').select('user_id', 'details', 'created_at');

describe('Team page (/practice/team)', () => {
  describe('who may use it', () => {
    const routes: { method: 'get' | 'post'; path: string }[] = [
      { method: 'get', path: TEAM },
      { method: 'post', path: `${TEAM}/invitations` },
      { method: 'post', path: `${TEAM}/invitations/1/cancellation` },
      { method: 'get', path: `${TEAM}/members/1` },
      { method: 'post', path: `${TEAM}/members/1/roles` },
      { method: 'post', path: `${TEAM}/members/1/role-revocation` },
      { method: 'post', path: `${TEAM}/members/1/removal` },
    ];
    const others = [
      'intake-coordinator',
      'intake-exporter',
      'billing-manager',
      'reimbursify-lead-practitioner',
      'reimbursify-practitioner',
      'reimbursify-administrator',
    ];

    it('refuses every route to every role but owner, with the spec’s words and 403', async () => {
      for (const role of others) {
        const { client } = await signedInAtPractice([role]);
        const token = csrfFrom((await client.get('/account-settings')).text);
        for (const route of routes) {
          const res =
            route.method === 'get'
              ? await client.get(route.path)
              : await client
                  .post(route.path)
                  .type('form')
                  .send({ _csrf: token, email: 'a@example.test', role: 'owner' });
          assert.equal(res.status, 403, `${role} ${route.method} ${route.path}`);
          assert.ok(mainTextOf(res.text).includes(DENIED), `${role} ${route.path}`);
        }
      }
      assert.equal(
        await ctx()
          .db('invite_tokens')
          .count({ n: '*' })
          .first()
          .then((r) => Number(r?.n)),
        0,
      );
    });

    it('sends a signed-out visitor to sign in', async () => {
      const res = await agent().get(TEAM);
      assert.equal(res.status, 303);
      assert.match(res.headers.location ?? '', /\/login/);
    });

    it('refuses a post without the CSRF token', async () => {
      const { client } = await signedInAtPractice(['owner']);
      const res = await client
        .post(`${TEAM}/invitations`)
        .type('form')
        .send({ email: 'a@example.test', role: 'owner' });
      assert.equal(res.status, 403);
      assert.equal(
        await ctx()
          .db('invite_tokens')
          .count({ n: '*' })
          .first()
          .then((r) => Number(r?.n)),
        0,
      );
    });

    it('shows owners the Team entry in the menu, and no one else', async () => {
      const { client } = await signedInAtPractice(['owner']);
      assert.match((await client.get('/account-settings')).text, /href="\/practice\/team"/);
      const { client: coordinator } = await signedInAtPractice(['intake-coordinator']);
      assert.doesNotMatch((await coordinator.get('/account-settings')).text, /href="\/practice\/team"/);
    });
  });

  describe('the list', () => {
    it('lists the account’s people with their roles, and not another account’s', async () => {
      const { user, client } = await signedInAtPractice(['owner', 'intake-exporter']);
      await teammate(user.accountId, ['intake-coordinator'], 'jordan@example.test');
      const stranger = await createProviderUser(ctx().db, { email: 'stranger@example.test' });
      const res = await client.get(TEAM);
      assert.equal(res.status, 200);
      const text = mainTextOf(res.text);
      assert.ok(text.includes('jordan@example.test'));
      assert.ok(text.includes('Intake coordinator'));
      assert.ok(text.includes('Intake exporter'));
      assert.ok(text.includes(user.email));
      assert.ok(!text.includes(stranger.email));
    });
  });

  describe('inviting', () => {
    it('asks for an e-mail and a role, keeping what was typed', async () => {
      const { client } = await signedInAtPractice(['owner']);
      let res = await postForm(client, TEAM, `${TEAM}/invitations`, { email: '', role: '' });
      assert.equal(res.status, 422);
      assert.ok(mainTextOf(res.text).includes('Enter an email address'));
      assert.ok(mainTextOf(res.text).includes('Choose a role'));
      res = await postForm(client, TEAM, `${TEAM}/invitations`, {
        email: 'not-an-address',
        role: 'intake-coordinator',
      });
      assert.equal(res.status, 422);
      assert.ok(mainTextOf(res.text).includes('Invalid email.'));
      assert.match(res.text, /value="not-an-address"/);
      assert.match(res.text, /<option value="intake-coordinator" selected="">/);
      res = await postForm(client, TEAM, `${TEAM}/invitations`, { email: 'a@example.test', role: 'admin' });
      assert.equal(res.status, 422);
      assert.ok(mainTextOf(res.text).includes('Choose a role'));
      assert.equal(
        await ctx()
          .db('invite_tokens')
          .count({ n: '*' })
          .first()
          .then((r) => Number(r?.n)),
        0,
      );
    });

    it('queues the invitation e-mail with its link and no secret beyond it, lists it and records it', async () => {
      const { user, client } = await signedInAtPractice(['owner']);
      const res = await postForm(client, TEAM, `${TEAM}/invitations`, {
        email: 'Coordinator@Example.test',
        role: 'intake-coordinator',
      });
      assert.equal(res.status, 303);
      assert.equal(res.headers.location, TEAM);
      // The e-mail is a job of the queue, sent once the invitation is committed.
      const queued = await ctx().db('pgboss.job').where({ name: 'mail.send' }).select('data');
      assert.deepEqual(
        queued.map((j: { data: { to: string } }) => j.data.to),
        ['coordinator@example.test'],
      );
      const mail = await lastEmail();
      assert.equal(mail.recipient, 'coordinator@example.test');
      assert.match(mail.body, /intake coordinator/);
      const path = linkPath(mail, '/signup/invite/');
      assert.ok(!mail.body.includes(TEST_PASSWORD));
      const row = (await ctx()
        .db('invite_tokens')
        .first('token_hash', 'account_id', 'role', 'email', 'created_by_user_id'))!;
      assert.equal(Number(row.account_id), user.accountId);
      assert.equal(row.role, 'intake-coordinator');
      assert.ok(!mail.body.includes(row.token_hash), 'the stored hash is not in the e-mail');
      assert.ok(path.length > '/signup/invite/'.length + 20);
      const page = mainTextOf((await client.get(TEAM)).text);
      assert.ok(page.includes('coordinator@example.test'));
      const [entry] = await auditOf('team_invitation_sent');
      assert.equal(Number(entry.user_id), user.userId);
      assert.equal(entry.details.account_id, user.accountId);
      assert.equal(entry.details.email, 'coordinator@example.test');
      assert.equal(entry.details.role, 'intake-coordinator');
    });

    it('refuses a second invitation for the same address and role, and a role the person holds', async () => {
      const { user, client } = await signedInAtPractice(['owner']);
      await postForm(client, TEAM, `${TEAM}/invitations`, { email: 'c@example.test', role: 'intake-exporter' });
      let res = await postForm(client, TEAM, `${TEAM}/invitations`, {
        email: 'C@example.test',
        role: 'intake-exporter',
      });
      assert.equal(res.status, 422);
      assert.ok(mainTextOf(res.text).includes('An invitation for that role has already been sent to this address.'));
      res = await postForm(client, TEAM, `${TEAM}/invitations`, { email: user.email, role: 'owner' });
      assert.equal(res.status, 422);
      assert.ok(mainTextOf(res.text).includes('This person already has that role.'));
    });

    it('sends at most 20 invitations an hour per account, then answers 429 and sends nothing', async () => {
      const { user, client } = await signedInAtPractice(['owner']);
      await ctx()
        .db('invite_tokens')
        .insert(
          Array.from({ length: 20 }, (_, n) => ({
            token_hash: `earlier-${n}`,
            account_id: user.accountId,
            role: 'intake-exporter',
            email: `earlier${n}@example.test`,
            expires_at: new Date(Date.now() + 86_400_000),
          })),
        );
      const res = await postForm(client, TEAM, `${TEAM}/invitations`, {
        email: 'one.more@example.test',
        role: 'owner',
      });
      assert.equal(res.status, 429);
      assert.equal(
        await ctx()
          .db('pgboss.job')
          .where({ name: 'mail.send' })
          .count({ n: '*' })
          .first()
          .then((r) => Number(r?.n)),
        0,
      );
      assert.equal(await ctx().db('invite_tokens').where({ email: 'one.more@example.test' }).first(), undefined);
    });

    it('an invitee without a login signs up through the invitation and holds the role (no profile access)', async () => {
      const { user, client } = await signedInAtPractice(['owner']);
      await postForm(client, TEAM, `${TEAM}/invitations`, {
        email: 'new.coordinator@example.test',
        role: 'intake-coordinator',
      });
      const path = linkPath(await lastEmail(), '/signup/invite/');
      const invitee = agent();
      const page = await invitee.get(path);
      assert.equal(page.status, 200);
      assert.ok(mainTextOf(page.text).includes('as intake coordinator'));
      const res = await invitee
        .post(path)
        .type('form')
        .send({
          _csrf: csrfFrom(page.text),
          first_name: 'Sam',
          last_name: 'Intake',
          email: 'new.coordinator@example.test',
          password: 'Invite-pass-2026!',
          password_confirmation: 'Invite-pass-2026!',
          terms: 'on',
        });
      assert.equal(res.status, 303, res.text.slice(0, 2000));
      assert.equal(res.headers.location, '/practice-inbox');
      const newUser = (await ctx().db('users').where({ email: 'new.coordinator@example.test' }).first('id'))!;
      assert.deepEqual(await rolesOf(newUser.id, user.accountId), ['intake-coordinator']);
      assert.equal(
        await ctx()
          .db('provider_clinicians')
          .where({ user_id: newUser.id })
          .count({ n: '*' })
          .first()
          .then((r) => Number(r?.n)),
        0,
      );
      assert.equal((await invitee.get('/practice-inbox')).status, 200);
      // Without a profile of their own, the coordinator's home is the inbox.
      const home = await invitee.get('/');
      assert.equal(home.status, 303);
      assert.equal(home.headers.location, '/practice-inbox');
      assert.equal((await invitee.get(path)).status, 410, 'the link is used up');
    });

    it('a signed-in user with the invited address accepts and gets the role', async () => {
      const { user, client } = await signedInAtPractice(['owner']);
      const other = await createProviderUser(ctx().db, { email: 'has.login@example.test' });
      await postForm(client, TEAM, `${TEAM}/invitations`, { email: other.email, role: 'intake-exporter' });
      const path = linkPath(await lastEmail(), '/signup/invite/');
      const invitee = agent();
      await signIn(invitee, other.email);
      const page = await invitee.get(path);
      assert.ok(mainTextOf(page.text).includes('as intake exporter'));
      const res = await postForm(invitee, path, `${path}/acceptance`, {});
      assert.equal(res.status, 303);
      assert.equal(res.headers.location, '/referral-data');
      assert.deepEqual(await rolesOf(other.userId, user.accountId), ['intake-exporter']);
      const [accepted] = await auditOf('invite_accepted');
      assert.equal(accepted.details.role, 'intake-exporter');
    });

    it('cancels a pending invitation (its link then fails); another account’s is not found', async () => {
      // Not a suffix of the random addresses the factories give (user…@example.test).
      const INVITEE = 'invitee-to-cancel@example.test';
      const { user, client } = await signedInAtPractice(['owner']);
      await postForm(client, TEAM, `${TEAM}/invitations`, { email: INVITEE, role: 'intake-exporter' });
      assert.ok(mainTextOf((await client.get(TEAM)).text).includes(INVITEE), 'listed while pending');
      const path = linkPath(await lastEmail(), '/signup/invite/');
      const { client: otherOwner } = await signedInAtPractice(['owner']);
      const invite = (await ctx().db('invite_tokens').first('id'))!;
      const foreign = await postForm(otherOwner, TEAM, `${TEAM}/invitations/${invite.id}/cancellation`, {});
      assert.equal(foreign.status, 404);
      const res = await postForm(client, TEAM, `${TEAM}/invitations/${invite.id}/cancellation`, {});
      assert.equal(res.status, 303);
      assert.equal((await agent().get(path)).status, 410);
      assert.ok(!mainTextOf((await client.get(TEAM)).text).includes(INVITEE), 'no longer listed');
      const [entry] = await auditOf('team_invitation_canceled');
      assert.equal(Number(entry.user_id), user.userId);
    });
  });

  describe('roles and people', () => {
    it('gives and takes a role, recording who did it to whom', async () => {
      const { user, client } = await signedInAtPractice(['owner']);
      const mate = await teammate(user.accountId, ['intake-exporter']);
      let res = await postForm(client, `${TEAM}/members/${mate.userId}`, `${TEAM}/members/${mate.userId}/roles`, {
        role: 'intake-coordinator',
      });
      assert.equal(res.status, 303);
      assert.deepEqual(await rolesOf(mate.userId, user.accountId), ['intake-coordinator', 'intake-exporter']);
      // Without JavaScript the revocation asks first, and changes nothing until confirmed.
      res = await postForm(client, `${TEAM}/members/${mate.userId}`, `${TEAM}/members/${mate.userId}/role-revocation`, {
        role: 'intake-exporter',
      });
      assert.equal(res.status, 200);
      assert.ok(mainTextOf(res.text).includes('Take this role away?'));
      assert.deepEqual(await rolesOf(mate.userId, user.accountId), ['intake-coordinator', 'intake-exporter']);
      res = await postForm(client, `${TEAM}/members/${mate.userId}`, `${TEAM}/members/${mate.userId}/role-revocation`, {
        role: 'intake-exporter',
        confirmed: '1',
      });
      assert.equal(res.status, 303);
      assert.deepEqual(await rolesOf(mate.userId, user.accountId), ['intake-coordinator']);
      const [granted] = await auditOf('team_role_granted');
      assert.equal(Number(granted.user_id), user.userId);
      assert.equal(granted.details.target_user_id, mate.userId);
      assert.equal(granted.details.role, 'intake-coordinator');
      assert.ok(granted.created_at instanceof Date);
      const [revoked] = await auditOf('team_role_revoked');
      assert.equal(revoked.details.target_user_id, mate.userId);
      assert.equal(revoked.details.role, 'intake-exporter');
    });

    it('removes a person after the confirmation, recording it', async () => {
      const { user, client } = await signedInAtPractice(['owner']);
      const mate = await teammate(user.accountId, ['intake-exporter', 'billing-manager']);
      let res = await postForm(client, TEAM, `${TEAM}/members/${mate.userId}/removal`, {});
      assert.equal(res.status, 200);
      assert.ok(mainTextOf(res.text).includes('Remove this person from your team?'));
      res = await postForm(client, TEAM, `${TEAM}/members/${mate.userId}/removal`, { confirmed: '1' });
      assert.equal(res.status, 303);
      assert.deepEqual(await rolesOf(mate.userId, user.accountId), []);
      const [entry] = await auditOf('team_member_removed');
      assert.equal(Number(entry.user_id), user.userId);
      assert.equal(entry.details.target_user_id, mate.userId);
      assert.deepEqual([...(entry.details.roles ?? [])].sort(), ['billing-manager', 'intake-exporter']);
    });

    it('refuses another account’s person (404) on every route', async () => {
      const { client } = await signedInAtPractice(['owner']);
      const stranger = await createProviderUser(ctx().db, { roles: ['owner', 'intake-exporter'] });
      assert.equal((await client.get(`${TEAM}/members/${stranger.userId}`)).status, 404);
      for (const [action, body] of [
        ['roles', { role: 'intake-coordinator' }],
        ['role-revocation', { role: 'intake-exporter', confirmed: '1' }],
        ['removal', { confirmed: '1' }],
      ] as const) {
        const res = await postForm(client, TEAM, `${TEAM}/members/${stranger.userId}/${action}`, body);
        assert.equal(res.status, 404, action);
      }
      assert.deepEqual(await rolesOf(stranger.userId, stranger.accountId), ['intake-exporter', 'owner']);
      assert.equal((await client.get(`${TEAM}/members/abc`)).status, 404);
    });

    it('keeps the last owner: neither demoted nor removed', async () => {
      const { user, client } = await signedInAtPractice(['owner']);
      let res = await postForm(
        client,
        `${TEAM}/members/${user.userId}`,
        `${TEAM}/members/${user.userId}/role-revocation`,
        {
          role: 'owner',
          confirmed: '1',
        },
      );
      assert.equal(res.status, 422);
      assert.ok(mainTextOf(res.text).includes('An account needs at least one owner.'));
      res = await postForm(client, TEAM, `${TEAM}/members/${user.userId}/removal`, { confirmed: '1' });
      assert.equal(res.status, 422);
      assert.ok(mainTextOf(res.text).includes('An account needs at least one owner.'));
      assert.deepEqual(await rolesOf(user.userId, user.accountId), ['owner']);
      assert.equal((await auditOf('team_role_revoked')).length, 0);
    });

    it('two owners taking each other’s owner role at once: one wins, the account keeps an owner', async () => {
      const { user } = await signedInAtPractice(['owner']);
      const mate = await teammate(user.accountId, ['owner']);
      const actor = (userId: number, email: string): TeamActor => ({
        userId,
        email,
        accountId: user.accountId,
        meta: {},
      });
      const results = await Promise.allSettled([
        revokeRole(ctx().db, actor(user.userId, user.email), mate.userId, 'owner'),
        revokeRole(ctx().db, actor(mate.userId, mate.email), user.userId, 'owner'),
      ]);
      assert.deepEqual(results.map((r) => r.status).sort(), ['fulfilled', 'rejected']);
      const owners = await ctx()
        .db('account_roles')
        .where({ account_id: user.accountId, role: 'owner' })
        .count({ n: '*' })
        .first();
      assert.equal(Number(owners?.n), 1);
    });

    it('lets an owner step down once another owner exists', async () => {
      const { user, client } = await signedInAtPractice(['owner']);
      const mate = await teammate(user.accountId, ['intake-exporter']);
      await postForm(client, `${TEAM}/members/${mate.userId}`, `${TEAM}/members/${mate.userId}/roles`, {
        role: 'owner',
      });
      const res = await postForm(client, TEAM, `${TEAM}/members/${mate.userId}/role-revocation`, {
        role: 'owner',
        confirmed: '1',
      });
      assert.equal(res.status, 303);
      await postForm(client, `${TEAM}/members/${mate.userId}`, `${TEAM}/members/${mate.userId}/roles`, {
        role: 'owner',
      });
      const removed = await postForm(client, TEAM, `${TEAM}/members/${user.userId}/removal`, { confirmed: '1' });
      assert.equal(removed.status, 303);
      assert.deepEqual(await rolesOf(mate.userId, user.accountId), ['intake-exporter', 'owner']);
      assert.deepEqual(await rolesOf(user.userId, user.accountId), []);
    });
  });
});
