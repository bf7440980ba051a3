// Create a new profile, the payment-step placeholder and the role pages (spec 1 §2 Create a new profile,
// §4 After payment, §5 Create profile and Phone, §6 Roles and permissions, §8; spec 3 §2 Referral Data).
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import { PHONE_MESSAGES, hashToken } from '../../server/domain/accounts';
import { creationAccount, INVITE_TTL_MS } from '../../server/features/profile-creation/service';
import { afterPayment, PAYMENT_SUCCESS } from '../../server/features/membership/service';
import { ctx } from '../support/context';
import { createProviderUser, type MadeUser } from '../support/factories';
import { agent, csrfFrom, mainTextOf, signIn, textOf, type Agent } from '../support/http';
import { linkPath, outbox } from './auth-helpers';

const ACCESS_DENIED = 'You do not have access to this part of the Members Portal';

async function signedIn(
  options: Parameters<typeof createProviderUser>[1] = {},
): Promise<{ user: MadeUser; client: Agent }> {
  const user = await createProviderUser(ctx().db, options);
  const client = agent();
  await signIn(client, user.email);
  return { user, client };
}

/** Posts the create form of `type` with the page's CSRF token. */
async function create(client: Agent, body: Record<string, string>) {
  const page = await client.get(`/profiles/create?type=${body.type ?? 'individual'}`).expect(200);
  return client
    .post('/profiles/create')
    .type('form')
    .send({ _csrf: csrfFrom(page.text), ...body });
}

const individual = { type: 'individual', first_name: 'Robin', last_name: 'Park', phone_number: '(212) 555-0142' };
const practice = {
  type: 'practice',
  company_name: 'Bright Path Counseling',
  full_name: 'Jordan Hale',
  phone_number: '2125550143',
};
const newUser = {
  type: 'new-user',
  first_name: 'Sam',
  last_name: 'Ortiz',
  email: 'sam.ortiz@example.test',
  contact_email_choice: 'provider-email',
  ownerHasClinicianPermission: 'yes',
};

describe('create a new profile: who may', () => {
  it('users without an account see "You do not have access to this part of the Members Portal" (403)', async () => {
    const { client } = await signedIn({ roles: [] });
    const page = await client.get('/profiles/create').expect(403);
    assert.match(textOf(page.text), new RegExp(ACCESS_DENIED));
    const csrf = csrfFrom(page.text);
    const post = await client
      .post('/profiles/create')
      .type('form')
      .send({ _csrf: csrf, ...individual })
      .expect(403);
    assert.match(textOf(post.text), new RegExp(ACCESS_DENIED));
    assert.equal(Number((await ctx().db('providers').count({ n: '*' }))[0]!.n), 1, 'nothing created');
  });

  it('only owners create profiles: an intake coordinator gets the same 403', async () => {
    const { client } = await signedIn({ roles: ['intake-coordinator'] });
    assert.match(textOf((await client.get('/profiles/create').expect(403)).text), new RegExp(ACCESS_DENIED));
  });

  it('plan pages answer the same 403 to users without an account, and open for owners', async () => {
    const { client } = await signedIn({ roles: [] });
    // (/checkout/success/{priceId} is open to anyone: purchases made without signing in come back there.)
    for (const path of ['/plan-management', '/checkout/price_basic', '/membership/switch-to-monthly/sub_1']) {
      assert.match(textOf((await client.get(path).expect(403)).text), new RegExp(ACCESS_DENIED), path);
    }
    const owner = await signedIn();
    await owner.client.get('/plan-management').expect(200);
  });

  it('the profile menu offers Create New Profile and Plan Management to owners only', async () => {
    const menuOf = (html: string) => textOf(/<ul class="menu__list">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '');
    const owner = await signedIn();
    const ownerMenu = menuOf((await owner.client.get('/account-preferences').expect(200)).text);
    assert.match(ownerMenu, /Create New Profile/);
    assert.match(ownerMenu, /Plan Management/);
    const clinician = await signedIn({ roles: [] });
    const clinicianMenu = menuOf((await clinician.client.get('/account-preferences').expect(200)).text);
    assert.match(clinicianMenu, /Account Settings/);
    assert.doesNotMatch(clinicianMenu, /Create New Profile|Plan Management/);
  });
});

describe('role pages: Referral Data and Practice Inbox', () => {
  it('/referral-data needs intake-exporter: "Oops! You are unable to access this resource..." with a contact-support link', async () => {
    const { client } = await signedIn();
    const denied = await client.get('/referral-data').expect(403);
    assert.match(mainTextOf(denied.text), /Oops! You are unable to access this resource\.\.\./);
    assert.match(denied.text, /<a href="\/contact">contact support<\/a>/);
    const exporter = await signedIn({ roles: ['intake-exporter'] });
    await exporter.client.get('/referral-data').expect(200);
  });

  it('/practice-inbox and its pages need intake-coordinator', async () => {
    const { client } = await signedIn({ roles: ['owner', 'intake-exporter'] });
    for (const path of [
      '/practice-inbox',
      '/practice-inbox/appointments',
      '/practice-inbox/messages',
      '/practice-inbox/client-list',
    ]) {
      assert.match(
        mainTextOf((await client.get(path).expect(403)).text),
        /Oops! You are unable to access this resource\.\.\./,
        path,
      );
    }
    const coordinator = await signedIn({ roles: ['intake-coordinator'] });
    await coordinator.client.get('/practice-inbox').expect(200);
    await coordinator.client.get('/practice-inbox/messages').expect(200);
  });
});

describe('create a new profile: which account', () => {
  const owner = {
    user: { scopes: ['provider'] },
    roles: [
      { accountId: 1, role: 'owner' },
      { accountId: 2, role: 'owner' },
      { accountId: 3, role: 'intake-coordinator' },
    ],
    providers: [],
  };
  it('the account asked for, if owned; else the selected profile’s; else the first owned', () => {
    assert.equal(creationAccount(owner, 2), 2);
    assert.equal(creationAccount(owner, null, 2), 2);
    assert.equal(creationAccount(owner, null, 3), 1);
    assert.equal(creationAccount(owner, null), 1);
  });
  it('an account the user does not own is not found', () => {
    assert.throws(() => creationAccount(owner, 3), /Page Not Found/);
    assert.throws(() => creationAccount({ ...owner, roles: [] }, null), /Page Not Found/);
  });
});

describe('create a new profile: choosing the type', () => {
  it('offers the three types worded for you, your practice and your provider', async () => {
    const { client } = await signedIn();
    const text = mainTextOf((await client.get('/profiles/create').expect(200)).text);
    assert.match(text, /Choose a profile type/);
    assert.match(text, /A profile for you\b/);
    assert.match(text, /A profile for your practice/);
    assert.match(text, /A profile for your provider/);
  });

  it('shows only the chosen type’s fields', async () => {
    const { client } = await signedIn();
    const practicePage = (await client.get('/profiles/create?type=practice').expect(200)).text;
    assert.match(practicePage, /name="company_name"/);
    assert.doesNotMatch(practicePage, /name="first_name"/);
    const newUserPage = (await client.get('/profiles/create?type=new-user').expect(200)).text;
    assert.match(newUserPage, /name="ownerHasClinicianPermission"/);
    assert.match(newUserPage, /name="other_email_value"/);
  });
});

describe('create a new profile: validation (spec 1 §5 Create profile, Phone)', () => {
  it('individual: first and last name and phone required', async () => {
    const { client } = await signedIn();
    const response = await create(client, {
      type: 'individual',
      first_name: ' ',
      last_name: '',
      phone_number: '',
    }).then((r) => r);
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    assert.match(text, /First name required\./);
    assert.match(text, /Last name required\./);
    assert.match(text, /Phone number required\./);
  });

  it('practice: company_name and full_name and phone required', async () => {
    const { client } = await signedIn();
    const response = await create(client, { type: 'practice', company_name: '', full_name: '', phone_number: '' });
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    assert.match(text, /Company name required\./);
    assert.match(text, /Full name required\./);
    assert.match(text, /Phone number required\./);
  });

  it('phone: a US number only, with the spec messages; typed values come back', async () => {
    const { client } = await signedIn();
    const invalid = await create(client, { ...individual, phone_number: '123' });
    assert.equal(invalid.status, 422);
    assert.match(textOf(invalid.text), new RegExp(PHONE_MESSAGES.invalid.replace(/\./g, '\\.')));
    assert.match(invalid.text, /value="Robin"/);
    const international = await create(client, { ...individual, phone_number: '+44 20 7946 0958' });
    assert.equal(international.status, 422);
    assert.match(textOf(international.text), /contact support/);
  });

  it('another clinician: "Invalid email." for a bad address', async () => {
    const { client } = await signedIn();
    const response = await create(client, { ...newUser, email: 'not-an-email' });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Invalid email\./);
  });

  it('another clinician: "Provider email required." when the provider email is chosen without one', async () => {
    const { client } = await signedIn();
    const response = await create(client, { ...newUser, email: '' });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Provider email required\./);
  });

  it('reports every error at once: the missing names and the missing provider email together', async () => {
    const { client } = await signedIn();
    const response = await create(client, { ...newUser, first_name: '', last_name: '', email: '' });
    assert.equal(response.status, 422);
    const text = mainTextOf(response.text);
    assert.match(text, /First name required\./);
    assert.match(text, /Last name required\./);
    assert.match(text, /Provider email required\./);
  });

  it('another clinician: other_email_value is needed, and valid, when another email is chosen', async () => {
    const { client } = await signedIn();
    const missing = await create(client, { ...newUser, contact_email_choice: 'other-email', other_email_value: '' });
    assert.equal(missing.status, 422);
    assert.match(mainTextOf(missing.text), /Enter the other email address\./);
    const bad = await create(client, { ...newUser, contact_email_choice: 'other-email', other_email_value: 'nope' });
    assert.equal(bad.status, 422);
    assert.match(mainTextOf(bad.text), /Invalid email\./);
  });

  it('another clinician: ownerHasClinicianPermission (yes or no) must be chosen', async () => {
    const { client } = await signedIn();
    const response = await create(client, { ...newUser, ownerHasClinicianPermission: '' });
    assert.equal(response.status, 422);
    assert.match(mainTextOf(response.text), /Please choose whether you keep access to this profile\./);
  });

  it('an account the user does not own is not found', async () => {
    const { client } = await signedIn();
    const other = await createProviderUser(ctx().db);
    await create(client, { ...individual, account_id: String(other.accountId) }).then((r) =>
      assert.equal(r.status, 404),
    );
  });
});

describe('create a new profile: same first and last name', () => {
  it('offers "Create anyway" (resubmits, confirmed) or "Edit the existing one" (switches to it)', async () => {
    const { user, client } = await signedIn({ providers: [{ firstName: 'Robin', lastName: 'Park' }] });
    const response = await create(client, { ...individual, first_name: 'robin', last_name: ' PARK ' });
    assert.equal(response.status, 200);
    const text = mainTextOf(response.text);
    assert.match(text, /A profile named Robin Park already exists/);
    assert.match(text, /Create anyway/);
    assert.match(text, /Edit the existing one/);
    assert.match(response.text, new RegExp(`action="/profiles/${user.providerIds[0]}/selection"`));
    assert.equal((await ctx().db('providers').where({ account_id: user.accountId })).length, 1, 'nothing created yet');

    // "Create anyway" posts the same values again with confirm_duplicate=1.
    const hidden = Object.fromEntries(
      [...response.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    assert.equal(hidden.confirm_duplicate, '1');
    assert.equal(hidden.first_name, 'robin');
    const created = await client.post('/profiles/create').type('form').send(hidden).expect(303);
    assert.match(created.headers.location!, /^\/profiles\/pay-for\/\d+$/);
    assert.equal((await ctx().db('providers').where({ account_id: user.accountId })).length, 2);
  });

  it('"Edit the existing one" switches to that profile', async () => {
    const { user, client } = await signedIn({
      providers: [{ firstName: 'Ann' }, { firstName: 'Robin', lastName: 'Park' }],
    });
    const response = await create(client, individual);
    const csrf = csrfFrom(response.text);
    const switched = await client
      .post(`/profiles/${user.providerIds[1]}/selection`)
      .type('form')
      .send({ _csrf: csrf, next: '/profile/general-information' })
      .expect(303);
    assert.equal(switched.headers.location, '/profile/general-information');
    assert.match(mainTextOf((await client.get('/').expect(200)).text), /You've switched to Robin Park's profile/);
  });

  it('practices are not name-checked (company names may repeat)', async () => {
    const { client } = await signedIn({ providers: [{ type: 'practice', companyName: 'Bright Path Counseling' }] });
    await create(client, practice).then((r) => assert.equal(r.status, 303));
  });
});

describe('create a new profile: what is created', () => {
  it('an individual profile: incomplete, new wizard, in the owner’s account, with clinician access; unpaid → the payment step', async () => {
    const { user, client } = await signedIn();
    const response = await create(client, { ...individual, first_name: 'ROBIN' });
    assert.equal(response.status, 303);
    const id = Number(/^\/profiles\/pay-for\/(\d+)$/.exec(response.headers.location!)![1]);
    const provider = await ctx().db('providers').where({ id }).first();
    assert.equal(Number(provider!.account_id), user.accountId);
    assert.equal(provider!.type, 'individual');
    assert.equal(provider!.status, 'incomplete');
    assert.equal(provider!.created_with_new_wizard, true);
    assert.equal(provider!.first_name, 'Robin', 'an all-caps name is capitalised');
    assert.equal(provider!.phone_number, '+12125550142');
    assert.ok(await ctx().db('provider_clinicians').where({ user_id: user.userId, provider_id: id }).first());
    assert.ok(await ctx().db('audit_log').where({ user_id: user.userId, action: 'profile_created' }).first());
  });

  it('a practice profile keeps the head of practice', async () => {
    const { client } = await signedIn();
    const response = await create(client, practice);
    const id = Number(/(\d+)$/.exec(response.headers.location!)![1]);
    const provider = await ctx().db('providers').where({ id }).first();
    assert.equal(provider!.type, 'practice');
    assert.equal(provider!.company_name, 'Bright Path Counseling');
    assert.equal(jsonObject(provider!.custom_content).head_of_practice, 'Jordan Hale');
  });

  it('with a paid plan → the success page, which switches to the new profile', async () => {
    const { client } = await signedIn({ paid: true, providers: [{ type: 'practice', companyName: 'Harbor Light' }] });
    const response = await create(client, individual).then((r) => r);
    assert.equal(response.status, 303);
    assert.match(response.headers.location!, /^\/profiles\/created\/\d+$/);
    const page = await client.get(response.headers.location!).expect(200);
    assert.match(mainTextOf(page.text), /Robin Park is ready to be completed/);
    assert.match(mainTextOf(page.text), /Switch to Robin Park/);
    const id = Number(/(\d+)$/.exec(response.headers.location!)![1]);
    await client
      .post(`/profiles/${id}/selection`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text), next: '/' })
      .expect(303);
    // Home sends an incomplete new-wizard profile on into its wizard; the flash shows where it lands.
    const landed = await client.get('/').redirects(5).expect(200);
    assert.match(mainTextOf(landed.text), /You've switched to Robin Park's profile/);
  });

  it('for another clinician: an invitation e-mail with /signup/invite/{token}; only the sha256 is stored; 14 days', async () => {
    const { user, client } = await signedIn({ paid: true });
    const before = Date.now();
    const response = await create(client, { ...newUser, ownerHasClinicianPermission: 'no' });
    assert.equal(response.status, 303);
    const id = Number(/(\d+)$/.exec(response.headers.location!)![1]);
    const mail = (await outbox('email')).find((m) => m.recipient === 'sam.ortiz@example.test');
    assert.ok(mail, 'the invitation was sent');
    const path = linkPath(mail, '/signup/invite/');
    const token = path.split('/').at(-1)!;
    const invite = await ctx().db('invite_tokens').where({ provider_id: id }).first();
    assert.equal(invite!.token_hash, hashToken(token));
    assert.notEqual(invite!.token_hash, token);
    assert.equal(invite!.email, 'sam.ortiz@example.test');
    assert.equal(Number(invite!.created_by_user_id), user.userId);
    const ttl = new Date(invite!.expires_at).getTime() - before;
    assert.ok(ttl > INVITE_TTL_MS - 60_000 && ttl <= INVITE_TTL_MS + 60_000, 'expires in 14 days');
    const provider = await ctx().db('providers').where({ id }).first();
    assert.equal(provider!.contact_email, 'sam.ortiz@example.test');
    assert.equal(
      await ctx().db('provider_clinicians').where({ user_id: user.userId, provider_id: id }).first(),
      undefined,
      'no: the owner keeps no access',
    );
    // The success page speaks of "your provider" and cannot switch to a profile the owner cannot edit.
    const page = mainTextOf((await client.get(response.headers.location!).expect(200)).text);
    assert.match(page, /We sent an invitation to sam\.ortiz@example\.test\./);
    assert.match(page, /your provider's profile/);
    assert.match(page, /Your provider completes the profile after accepting the invitation/);
  });

  it('for another clinician with ownerHasClinicianPermission yes: the owner keeps access; client e-mails can go elsewhere', async () => {
    const { user, client } = await signedIn();
    const response = await create(client, {
      ...newUser,
      contact_email_choice: 'other-email',
      other_email_value: 'Front.Desk@example.test',
    });
    const id = Number(/(\d+)$/.exec(response.headers.location!)![1]);
    assert.ok(await ctx().db('provider_clinicians').where({ user_id: user.userId, provider_id: id }).first());
    assert.equal((await ctx().db('providers').where({ id }).first())!.contact_email, 'front.desk@example.test');
  });

  it('a failed create says "There was an error creating your account." and keeps the typed values', async () => {
    const { db } = ctx();
    await db.raw(`alter table providers add constraint test_sabotage check (first_name is distinct from 'Sabotage')`);
    try {
      const { client } = await signedIn();
      const response = await create(client, { ...individual, first_name: 'Sabotage' });
      assert.equal(response.status, 500);
      assert.match(mainTextOf(response.text), /There was an error creating your account\./);
      assert.match(response.text, /value="Sabotage"/);
    } finally {
      await db.raw('alter table providers drop constraint test_sabotage');
    }
  });
});

describe("create a new profile: someone else's practice asks for its owner (spec 1 §5: owner name, e-mail and phone)", () => {
  const forSomeoneElse = {
    ...practice,
    practice_owner: 'someone-else',
    owner_first_name: 'Casey',
    owner_last_name: 'Morgan',
    owner_email: 'Casey.Morgan@Example.test',
    owner_phone_number: '(212) 555-0199',
  };

  it('the practice form asks whose practice it is, and the owner first name, last name, email and phone', async () => {
    const { client } = await signedIn();
    const html = (await client.get('/profiles/create?type=practice').expect(200)).text;
    assert.match(mainTextOf(html), /Whose practice is this\? My own practice Someone else's practice/);
    for (const [name, label] of [
      ['owner_first_name', 'Owner first name'],
      ['owner_last_name', 'Owner last name'],
      ['owner_email', 'Owner email'],
      ['owner_phone_number', 'Owner phone number'],
    ]) {
      assert.match(html, new RegExp(`<label for="${name}">${label}</label>`), name);
    }
    assert.doesNotMatch((await client.get('/profiles/create?type=individual').expect(200)).text, /name="owner_email"/);
  });

  it('the owner fields follow the registration rules and messages: "{Field name} required.", "Invalid email.", the phone messages', async () => {
    const { client } = await signedIn();
    const missing = await create(client, { ...practice, practice_owner: 'someone-else' });
    assert.equal(missing.status, 422);
    const text = mainTextOf(missing.text);
    for (const message of [
      'Owner first name required.',
      'Owner last name required.',
      'Owner email required.',
      PHONE_MESSAGES.required,
    ])
      assert.ok(text.includes(message), message);
    assert.match(missing.text, /value="Bright Path Counseling"/, 'the typed values come back');
    assert.match(
      missing.text,
      /id="practice_owner-someone-else"[^>]*checked=""|checked=""[^>]*id="practice_owner-someone-else"/,
    );

    const bad = await create(client, { ...forSomeoneElse, owner_email: 'casey@', owner_phone_number: '123' });
    assert.equal(bad.status, 422);
    assert.ok(mainTextOf(bad.text).includes('Invalid email.'));
    assert.ok(textOf(bad.text).includes(PHONE_MESSAGES.invalid));
    assert.match(bad.text, /name="owner_email"[^>]*value="casey@"|value="casey@"[^>]*name="owner_email"/);
    assert.equal(Number((await ctx().db('providers').count({ n: '*' }))[0]!.n), 1, 'nothing created');
  });

  it('the owner fields are not asked for your own practice (left empty, nothing stored)', async () => {
    const { client } = await signedIn();
    const response = await create(client, { ...practice, practice_owner: 'me', owner_email: 'ignored' });
    assert.equal(response.status, 303);
    const id = Number(/(\d+)$/.exec(response.headers.location!)![1]);
    const provider = await ctx().db('providers').where({ id }).first();
    assert.equal(jsonObject(provider!.custom_content).practice_owner, undefined);
  });

  it("someone else's practice keeps its owner (names tidied like sign-up, e-mail lower-cased, phone as +1), reaches them by e-mail and invites them", async () => {
    const { user, client } = await signedIn();
    const response = await create(client, { ...forSomeoneElse, owner_first_name: '  CASEY ' });
    assert.equal(response.status, 303);
    const id = Number(/(\d+)$/.exec(response.headers.location!)![1]);
    const provider = await ctx().db('providers').where({ id }).first();
    assert.equal(provider!.type, 'practice');
    assert.deepEqual(jsonObject(provider!.custom_content).practice_owner, {
      first_name: 'Casey',
      last_name: 'Morgan',
      email: 'casey.morgan@example.test',
      phone_number: '+12125550199',
    });
    assert.equal(provider!.contact_email, 'casey.morgan@example.test');
    const invite = await ctx().db('invite_tokens').where({ provider_id: id }).first();
    assert.equal(invite!.email, 'casey.morgan@example.test');
    assert.ok(
      (await outbox('email')).some(
        (m) => m.recipient === 'casey.morgan@example.test' && m.body.includes('/signup/invite/'),
      ),
      'the owner is invited',
    );
    assert.ok(
      await ctx().db('provider_clinicians').where({ user_id: user.userId, provider_id: id }).first(),
      'the creator keeps access',
    );
  });
});

describe('the payment step (/profiles/pay-for) and spec 1 §4 After payment', () => {
  it('opens on "Your plan", and "Do this later" continues at About You for a clinician', async () => {
    const { client } = await signedIn();
    const created = await create(client, individual);
    const page = await client.get(created.headers.location!).expect(200);
    assert.match(mainTextOf(page.text), /Your plan/);
    const id = Number(/(\d+)$/.exec(created.headers.location!)![1]);
    const later = await client
      .post(`/profiles/pay-for/${id}/later`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text) })
      .expect(303);
    assert.equal(later.headers.location, `/profiles/about-you-for/${id}?doPaymentLater=1`);
  });

  it('"Do this later" goes to /plan-management for an owner without clinician access', async () => {
    const { client } = await signedIn();
    const created = await create(client, { ...newUser, ownerHasClinicianPermission: 'no' });
    const page = await client.get(created.headers.location!).expect(200);
    assert.match(mainTextOf(page.text), /your provider's profile/);
    const id = Number(/(\d+)$/.exec(created.headers.location!)![1]);
    const later = await client
      .post(`/profiles/pay-for/${id}/later`)
      .type('form')
      .send({ _csrf: csrfFrom(page.text) })
      .expect(303);
    assert.equal(later.headers.location, '/plan-management');
  });

  it('needs billing permission (403 with the spec text); another account’s profile is not found', async () => {
    const owner = await createProviderUser(ctx().db);
    const coordinator = await createProviderUser(ctx().db, { roles: [] });
    await ctx()
      .db('account_roles')
      .insert({ user_id: coordinator.userId, account_id: owner.accountId, role: 'intake-coordinator' });
    const client = agent();
    await signIn(client, coordinator.email);
    assert.match(
      textOf((await client.get(`/profiles/pay-for/${owner.providerIds[0]}`).expect(403)).text),
      new RegExp(ACCESS_DENIED),
    );
    const stranger = await createProviderUser(ctx().db);
    await client.get(`/profiles/pay-for/${stranger.providerIds[0]}`).expect(404);
    const manager = await createProviderUser(ctx().db, { roles: [] });
    await ctx()
      .db('account_roles')
      .insert({ user_id: manager.userId, account_id: owner.accountId, role: 'billing-manager' });
    const managerClient = agent();
    await signIn(managerClient, manager.email);
    await managerClient.get(`/profiles/pay-for/${owner.providerIds[0]}`).expect(200);
  });

  it('a profile the plan already covers skips the payment step: a new one to its success page, a live one home saying so', async () => {
    const { user, client } = await signedIn({ paid: true, providers: [{ status: 'incomplete' }] });
    const response = await client.get(`/profiles/pay-for/${user.providerIds[0]}`).expect(303);
    assert.equal(response.headers.location, `/profiles/created/${user.providerIds[0]}`);

    const live = await signedIn({
      paid: true,
      providers: [{ status: 'active', firstName: 'Robin', lastName: 'Hale' }],
    });
    const skipped = await live.client.get(`/profiles/pay-for/${live.user.providerIds[0]}`).expect(303);
    assert.equal(skipped.headers.location, '/');
    const home = textOf((await live.client.get('/')).text);
    assert.match(home, /The membership of Robin Hale's profile is already active: there is nothing to pay\./);
    assert.doesNotMatch(home, /New Profile Is Ready|is ready to be completed/);
  });

  it('after a payment: back to /plan-management with the flash when it started there, else About You for clinicians', () => {
    const actor = { user: { scopes: ['provider'] }, roles: [{ accountId: 1, role: 'owner' }], providers: [{ id: 5 }] };
    assert.deepEqual(afterPayment(actor, 5, true), { path: '/plan-management', flash: PAYMENT_SUCCESS });
    assert.equal(PAYMENT_SUCCESS, 'Successful payment! Thank you for starting your membership!');
    assert.deepEqual(afterPayment(actor, 5, false), { path: '/profiles/about-you-for/5', flash: null });
    assert.deepEqual(afterPayment(actor, 6, false), { path: '/plan-management', flash: null });
  });
});
