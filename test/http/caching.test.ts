// Hot reads served from memory (server/db/change-feed.ts, read-cache.ts, the session store): a change
// made anywhere, not only by this process, reaches the next page; a session ended anywhere is signed
// out at once; while change notifications are lost nothing is served from memory; and no table that a
// cached read may depend on is left without its notification trigger.
import assert from 'node:assert/strict';
import { ChangeFeed, FEED_APPLICATION_NAME } from '../../server/db/change-feed';
import {
  SESSION_CHANNEL,
  UNWATCHED_TABLES,
  writeMayChangeCachedReads,
  writtenTable,
} from '../../server/db/change-triggers';
import { createLogger } from '../../server/logger';
import { ctx } from '../support/context';
import { elsewhere, eventually } from '../support/elsewhere';
import { createProviderUser } from '../support/factories';
import { agent, postForm, signIn } from '../support/http';
import { signedInWithCaching } from './dashboard-helpers';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('cached reads: a change made outside this process reaches the next page', () => {
  it('a profile renamed directly in the database shows on the dashboard within moments', async () => {
    const { client, providerId } = await signedInWithCaching();
    assert.match((await client.get('/').expect(200)).text, /Robin/);
    await elsewhere((db) => db.query(`update providers set first_name = 'Morgan' where id = $1`, [providerId]));
    await eventually(
      async () => /Morgan/.test((await client.get('/').expect(200)).text),
      'the new name on the dashboard',
    );
  });

  it('it is the notification that does it: with the trigger off, the dashboard keeps the remembered name', async () => {
    const { client, providerId } = await signedInWithCaching();
    assert.match((await client.get('/').expect(200)).text, /Robin/);
    await elsewhere(async (db) => {
      await db.query('alter table providers disable trigger providers_notify_change');
      try {
        await db.query(`update providers set first_name = 'Morgan' where id = $1`, [providerId]);
        await pause(200);
        assert.doesNotMatch((await client.get('/').expect(200)).text, /Morgan/);
      } finally {
        await db.query('alter table providers enable trigger providers_notify_change');
      }
    });
  });

  it('Referral Data’s monthly counts: a conversation a client opens through another process counts on a later view', async () => {
    const exporter = await createProviderUser(ctx().db, { roles: ['intake-exporter'] });
    const client = agent();
    await signIn(client, exporter.email);
    await ctx().changes.whenLive();
    const total = async () => {
      const page = (await client.get('/referral-data').expect(200)).text;
      return [...page.matchAll(/class="referral-count">(\d+)</g)].map((m) => Number(m[1])).reduce((a, b) => a + b, 0);
    };
    assert.equal(await total(), 0);
    assert.equal(await total(), 0, 'read again, from memory');
    const providerId = exporter.providerIds[0]!;
    await elsewhere(async (db) => {
      const person = await db.query(
        `insert into users (email, first_name, scopes) values ('kit@example.test', 'Kit', '{client}') returning id`,
      );
      const clientId = person.rows[0].id;
      const conversation = await db.query(
        'insert into conversations (provider_id, client_user_id) values ($1, $2) returning id',
        [providerId, clientId],
      );
      await db.query(
        `insert into messages (conversation_id, provider_id, client_user_id, sender, type, send_date)
         values ($1, $2, $3, 'client', 'message', now())`,
        [conversation.rows[0].id, providerId, clientId],
      );
    });
    await eventually(async () => (await total()) > 0, 'the new referral counted');
  });

  it('a change made by this process is seen by the very next request', async () => {
    const { client, providerId } = await signedInWithCaching();
    await client.get('/').expect(200);
    await ctx().db('providers').where({ id: providerId }).update({ first_name: 'Avery' });
    assert.match((await client.get('/').expect(200)).text, /Avery/);
  });
});

describe('cached sessions: a session ended anywhere is signed out at once', () => {
  it('a session deleted directly in the database (signed out by another process) no longer signs in', async () => {
    const { client } = await signedInWithCaching();
    // The first page after sign-in still writes the session (a fresh CSRF token); the second only reads it.
    await client.get('/').expect(200);
    await client.get('/').expect(200);
    await elsewhere((db) => db.query('delete from sessions'));
    await eventually(async () => {
      const response = await client.get('/');
      return response.status === 303 && String(response.headers.location).startsWith('/login');
    }, 'the redirect to /login');
  });
});

/** A change feed of the test's own, live, with the session notifications it heard. */
async function liveFeed(): Promise<{ feed: ChangeFeed; sessions: string[] }> {
  const feed = new ChangeFeed(ctx().database.url, createLogger('silent'));
  const sessions: string[] = [];
  feed.onSessionChange((sid) => sessions.push(sid));
  feed.start();
  await feed.whenLive();
  sessions.length = 0;
  return { feed, sessions };
}

describe('cached sessions: sessions ended by this process are forgotten without waiting for a notification', () => {
  it('after "sign out everywhere else" deletes the rows, the very next request of such a session is signed out', async () => {
    const { client } = await signedInWithCaching();
    // The first page after sign-in still writes the session (a fresh CSRF token); the second only reads it.
    await client.get('/').expect(200);
    await client.get('/').expect(200);
    await elsewhere(async (db) => {
      await db.query('alter table sessions disable trigger sessions_notify_change');
      try {
        await ctx().db('sessions').del();
        const response = await client.get('/');
        assert.equal(response.status, 303);
        assert.match(String(response.headers.location), /^\/login/);
      } finally {
        await db.query('alter table sessions enable trigger sessions_notify_change');
      }
    });
  });
});

describe('change feed: notifications and their loss', () => {
  it('counts a change notified by another connection, and passes on which session changed', async () => {
    const { feed, sessions } = await liveFeed();
    try {
      const before = feed.snapshot()!;
      await elsewhere(async (db) => {
        await db.query(`update users set first_name = first_name where false`);
        await db.query(`select pg_notify($1, 'some-session-id')`, [SESSION_CHANNEL]);
      });
      await eventually(
        async () => feed.snapshot()! > before && sessions.includes('some-session-id'),
        'both notifications',
      );
    } finally {
      await feed.close();
    }
    assert.equal(feed.snapshot(), null);
  });

  it('while its connection is lost the feed is not live (nothing is served from memory), and it reconnects', async () => {
    const { feed, sessions } = await liveFeed();
    try {
      // Every feed's connection is cut (the portal's own too: it reconnects the same way).
      await elsewhere((db) =>
        db.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name like $1', [
          `${FEED_APPLICATION_NAME}%`,
        ]),
      );
      await eventually(async () => feed.snapshot() === null, 'the feed going dark');
      assert.ok(sessions.includes('*'), 'every cached session is forgotten');
      await feed.whenLive();
      assert.notEqual(feed.snapshot(), null);
    } finally {
      await feed.close();
      await ctx().changes.whenLive();
    }
  });
});

describe('change feed: only changes a cached read may depend on count', () => {
  it('tells the written table from the start of a statement, and nothing from statements it cannot read', () => {
    assert.equal(writtenTable('insert into "audit_log" ("action") values ($1)'), 'audit_log');
    assert.equal(writtenTable('update "providers" set "first_name" = $1 where "id" = $2'), 'providers');
    assert.equal(writtenTable('delete from "sessions" where "sid" = $1'), 'sessions');
    assert.equal(writtenTable('truncate table events'), 'events');
    assert.equal(writtenTable('with moved as (update providers set x = 1) select 1'), null);
    assert.equal(writtenTable('update "public"."providers" set "first_name" = $1'), 'providers');
    assert.equal(
      writtenTable('update "local_stripe"."events" set "delivered_at" = CURRENT_TIMESTAMP where "id" = $1'),
      'local_stripe.events',
    );
  });

  it("a write to another schema's table (the local card server's, the job queue's) counts as no change", () => {
    assert.equal(writeMayChangeCachedReads('update "local_stripe"."events" set "delivered_at" = now()'), false);
    assert.equal(writeMayChangeCachedReads('insert into pgboss.job (name) values ($1)'), false);
    assert.equal(writeMayChangeCachedReads('update "public"."providers" set "first_name" = $1'), true);
    assert.equal(writeMayChangeCachedReads('update "providers" set "first_name" = $1'), true);
  });

  it('a wrong password (audit log, throttles) leaves every cache as it was; a profile change empties them', async () => {
    const user = await createProviderUser(ctx().db);
    await ctx().changes.whenLive();
    await pause(300); // the notifications of making the user have arrived
    const before = ctx().changes.snapshot()!;
    const refused = await postForm(agent(), '/login', '/login', { email: user.email, password: 'Not-the-password-1' });
    assert.equal(refused.status, 401);
    assert.ok(
      Number((await ctx().db('audit_log').where({ action: 'sign_in_failed' }).count({ n: '*' }).first())!.n) > 0,
    );
    await pause(300); // a notification, had there been one, would have arrived by now
    assert.equal(ctx().changes.snapshot(), before, 'no generation passed');
    await ctx().db('providers').whereRaw('false').update({ first_name: 'x' });
    assert.ok(ctx().changes.snapshot()! > before, 'a write to a watched table counts at once');
  });
});

describe('change triggers: every table a cached read may depend on notifies its changes', () => {
  it('each table but the documented exceptions has its notify trigger', async () => {
    const rows: { tablename: string; has: boolean }[] = (
      await ctx().db.raw(`
      select t.tablename, exists (
        select 1 from pg_trigger g join pg_class c on c.oid = g.tgrelid
        where c.relname = t.tablename and g.tgname = t.tablename || '_notify_change' and g.tgenabled <> 'D'
      ) as has
      from pg_tables t where t.schemaname = current_schema()`)
    ).rows;
    const missing = rows
      .filter((r) => !r.has && !(UNWATCHED_TABLES as readonly string[]).includes(r.tablename))
      .map((r) => r.tablename);
    assert.deepEqual(
      missing,
      [],
      `add its change trigger (create trigger <table>_notify_change … portal_notify_change()) to the migration that created: ${missing.join(', ')}`,
    );
  });
});
