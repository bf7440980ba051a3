// Account Settings (/account-preferences) and /password/update: e-mail, name, phone and two-factor,
// password (issue 3; spec 1 §2 Account Settings screen, §4 Two-factor setup, §5 Account settings).
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { agent, signIn, textOf, type Agent } from '../support/http';
import { auditActions, codeIn, enrolTwoFactor, lastSms, outbox, postForm } from './auth-helpers';

const PAGE = '/account-preferences';
const NEW_PASSWORD = 'Brand-new-password-42';
const CURRENT_PASSWORD_REQUIRED = 'Please enter your current passsword. (We just want to make sure this is you!)';

async function signedIn(options: Parameters<typeof createProviderUser>[1] = {}) {
  const user = await createProviderUser(ctx().db, options);
  const client = agent();
  await signIn(client, user.email);
  return { user, client };
}

const post = (client: Agent, action: string, body: Record<string, string>) => postForm(client, PAGE, action, body);
const flashOn = async (client: Agent, path = PAGE) => textOf((await client.get(path)).text);

describe('Account Settings page', () => {
  it('needs sign-in', async () => {
    assert.equal((await agent().get(PAGE).expect(303)).headers.location, `/login?next=${encodeURIComponent(PAGE)}`);
    assert.equal(
      (await agent().get('/password/update').expect(303)).headers.location,
      `/login?next=${encodeURIComponent('/password/update')}`,
    );
  });

  it('is a summary of the four parts (e-mail, name, phone and two-factor, password) and the notifications, each with a Change link to a page of its own (issue [21])', async () => {
    const { client, user } = await signedIn();
    await ctx().db('users').where({ id: user.userId }).update({ phone_number: '+12125550142' });
    const page = await client.get(PAGE).expect(200);
    assert.match(page.text, /<title>Account Settings \| Members Portal<\/title>/);
    assert.doesNotMatch(page.text, /<input[^>]*type="password"/, 'no form on the summary');
    const rows = [...page.text.matchAll(/<dt>([^<]+)<\/dt>/g)].map((match) => match[1]);
    assert.deepEqual(rows, [
      'Email',
      'Name',
      'Phone',
      'Two-factor authentication',
      'Authenticator app',
      'Passkeys',
      'Signed-in devices',
      'Texts about bookings',
      'Messages and referrals',
      'Password',
    ]);
    const text = textOf(page.text);
    for (const value of [user.email, '(212) 555-0142', 'By e-mail', 'Hidden']) assert.ok(text.includes(value), value);
    const pages: Array<[string, string, string[]]> = [
      ['email', 'Change email', ['newEmail', 'password']],
      ['name', 'Change name', ['first_name', 'middle_name', 'last_name', 'company_name']],
      ['phone', 'Change phone', ['phone', 'password']],
      ['notifications', 'Change texts about bookings', ['sms_notifications']],
      ['message-notifications', 'Change notices of messages and referrals', ['email_messages', 'sms_messages']],
      ['password', 'Change password', ['old_password', 'new_password', 'new_password_confirmation']],
    ];
    for (const [path, link, fields] of pages) {
      const href = `${PAGE}/${path}`;
      assert.ok(
        page.text.includes(`<a href="${href}">Change<span class="visually-hidden"> ${link.slice(7)}</span></a>`),
        link,
      );
      const form = await client.get(href).expect(200);
      assert.equal(form.text.match(/<form [^>]*action="\/(account-preferences|password\/update)/g)?.length, 1, href);
      for (const field of fields) assert.match(form.text, new RegExp(`name="${field}"`), `${href}: ${field}`);
      assert.match(form.text, /<a href="\/account-preferences">Cancel<\/a>/, href);
    }
  });

  it('the password row says when it was last changed', async () => {
    const { client, user } = await signedIn();
    await ctx()
      .db('audit_log')
      .insert({ user_id: user.userId, action: 'password_changed', created_at: new Date('2026-03-04T12:00:00Z') });
    assert.match(textOf((await client.get(PAGE)).text), /Password\s*Last changed Mar 4, 2026/);
  });
});

describe('e-mail change (spec 1 §5 Account settings)', () => {
  it('"New email required.", "Please enter a valid email address." and the current-passsword message', async () => {
    const { client } = await signedIn();
    const empty = await post(client, '/account-preferences/email', { newEmail: '', password: '' });
    assert.equal(empty.status, 422);
    assert.ok(textOf(empty.text).includes('New email required.'));
    assert.ok(textOf(empty.text).includes(CURRENT_PASSWORD_REQUIRED));
    const bad = await post(client, '/account-preferences/email', { newEmail: 'nope', password: TEST_PASSWORD });
    assert.ok(textOf(bad.text).includes('Please enter a valid email address.'));
    assert.match(bad.text, /value="nope"/);
  });

  it('a wrong password or an address already in use is refused', async () => {
    const { client } = await signedIn();
    const other = await createProviderUser(ctx().db);
    const wrong = await post(client, '/account-preferences/email', {
      newEmail: 'new@example.test',
      password: 'Not-my-password-1',
    });
    assert.equal(wrong.status, 422);
    assert.ok(textOf(wrong.text).includes('The password you entered is not correct.'));
    const taken = await post(client, '/account-preferences/email', { newEmail: other.email, password: TEST_PASSWORD });
    assert.equal(taken.status, 422);
    assert.ok(textOf(taken.text).includes('This email address is already in use by another account.'));
  });

  it('wrong current passwords count against the sign-in limit for the address', async () => {
    const { client } = await signedIn();
    for (let i = 0; i < 5; i += 1)
      await post(client, '/account-preferences/email', { newEmail: 'new@example.test', password: 'Not-my-password-1' });
    const refused = await post(client, '/account-preferences/email', {
      newEmail: 'new@example.test',
      password: TEST_PASSWORD,
    });
    assert.equal(refused.status, 422);
    assert.ok(textOf(refused.text).includes('There have been too many attempts. Please try again later.'));
  });

  it('success: "Your email has been successfully changed.", a notice to the old address and a confirmation link to the new one', async () => {
    const { client, user } = await signedIn();
    const response = await post(client, '/account-preferences/email', {
      newEmail: 'Moved@Example.test',
      password: TEST_PASSWORD,
    });
    assert.equal(response.status, 303);
    assert.ok((await flashOn(client)).includes('Your email has been successfully changed.'));
    const row = await ctx().db('users').where({ id: user.userId }).first();
    assert.equal(row!.email, 'moved@example.test');
    assert.equal(row!.email_confirmed_at, null);
    const mails = await outbox('email');
    assert.equal(mails[0]!.recipient, user.email);
    assert.match(mails[0]!.body, /was just changed/);
    assert.equal(mails[1]!.recipient, 'moved@example.test');
    assert.match(mails[1]!.body, /\/account\/confirm\/[A-Za-z0-9_-]{43}/);
    assert.ok((await auditActions(user.userId)).includes('email_changed'));
    // The new address signs in.
    const again = agent();
    await signIn(again, 'moved@example.test');
  });
});

describe('name change (spec 1 §5 Account settings)', () => {
  it('either first and last name, or a company name, with the exact messages', async () => {
    const { client } = await signedIn();
    const none = await post(client, '/account-preferences/name', { first_name: '', last_name: '', company_name: '' });
    assert.equal(none.status, 422);
    const text = textOf(none.text);
    for (const message of [
      'First name required.',
      'Last name required.',
      'Either first and last or company name is required.',
    ])
      assert.ok(text.includes(message), message);
    const onlyFirst = await post(client, '/account-preferences/name', {
      first_name: 'Robin',
      last_name: '  ',
      company_name: '',
    });
    assert.equal(onlyFirst.status, 422);
    assert.ok(textOf(onlyFirst.text).includes('Last name required.'));
    assert.ok(!textOf(onlyFirst.text).includes('First name required.'));
    assert.match(onlyFirst.text, /value="Robin"/);
  });

  it('success: "Your name has been successfully changed." and the new name is shown', async () => {
    const { client, user } = await signedIn();
    assert.equal(
      (
        await post(client, '/account-preferences/name', {
          first_name: ' Robin ',
          middle_name: '',
          last_name: 'Hale',
          company_name: '',
        })
      ).status,
      303,
    );
    const page = await client.get(PAGE);
    assert.ok(textOf(page.text).includes('Your name has been successfully changed.'));
    assert.match(textOf(page.text), /Name\s*Robin Hale/);
    const form = await client.get(`${PAGE}/name`);
    assert.match(form.text, /name="first_name"[^>]*value="Robin"|value="Robin"[^>]*name="first_name"/);
    const row = await ctx().db('users').where({ id: user.userId }).first();
    assert.deepEqual([row!.first_name, row!.last_name, row!.full_name], ['Robin', 'Hale', 'Robin Hale']);
    assert.equal(
      (
        await post(client, '/account-preferences/name', {
          first_name: '',
          last_name: '',
          company_name: 'Calm Waters LLC',
        })
      ).status,
      303,
    );
    assert.ok((await auditActions(user.userId)).includes('name_changed'));
  });
});

describe('phone (spec 1 §5 Phone)', () => {
  it('validates the number and asks for the current password', async () => {
    const { client } = await signedIn();
    const bad = await post(client, '/account-preferences/phone', { phone: '12345', password: '' });
    assert.equal(bad.status, 422);
    assert.ok(
      textOf(bad.text).includes(
        'Please enter a valid US phone number. Note that we do not share your phone number with anyone.',
      ),
    );
    assert.ok(textOf(bad.text).includes(CURRENT_PASSWORD_REQUIRED));
    const empty = await post(client, '/account-preferences/phone', { phone: '', password: TEST_PASSWORD });
    assert.ok(textOf(empty.text).includes('Phone number required.'));
    const international = await post(client, '/account-preferences/phone', {
      phone: '+44 20 7183 8750',
      password: TEST_PASSWORD,
    });
    assert.match(textOf(international.text), /contact support/);
  });

  it('success: "Your phone number has been successfully changed."', async () => {
    const { client, user } = await signedIn();
    const response = await post(client, '/account-preferences/phone', {
      phone: '(212) 555-0142',
      password: TEST_PASSWORD,
    });
    assert.equal(response.status, 303);
    assert.ok((await flashOn(client)).includes('Your phone number has been successfully changed.'));
    assert.equal((await ctx().db('users').where({ id: user.userId }).first())!.phone_number, '+12125550142');
    assert.ok((await auditActions(user.userId)).includes('phone_changed'));
  });
});

describe('two-factor setup (spec 1 §4 Two-factor setup; §6 lifted by issue [25])', () => {
  it('is offered to everyone who signs in, with or without a membership (issue [25] lifts spec 1 §6)', async () => {
    const { client } = await signedIn({ paid: false });
    const page = await client.get(PAGE);
    assert.doesNotMatch(textOf(page.text), /available with an active membership/);
    assert.match(page.text, /href="\/account-preferences\/two-factor"/);
    const twoFactor = await client.get(`${PAGE}/two-factor`).expect(200);
    assert.match(twoFactor.text, /action="\/account-preferences\/two-factor"/);
    const started = await post(client, '/account-preferences/two-factor', {
      phone_number: '2125550142',
      password: TEST_PASSWORD,
    });
    assert.equal(started.status, 303);
    assert.equal(started.headers.location, '/account-preferences/two-factor/code');
    assert.equal((await lastSms()).recipient, '+12125550142');
  });

  it('enter phone → enter code → confirmed; the next sign-in asks for a code', async () => {
    const { client, user } = await signedIn({ paid: true });
    const noPassword = await post(client, '/account-preferences/two-factor', {
      phone_number: '2125550142',
      password: '',
    });
    assert.equal(noPassword.status, 422);
    assert.ok(textOf(noPassword.text).includes(CURRENT_PASSWORD_REQUIRED));
    const started = await post(client, '/account-preferences/two-factor', {
      phone_number: '(212) 555-0142',
      password: TEST_PASSWORD,
    });
    assert.equal(started.status, 303);
    assert.equal(started.headers.location, '/account-preferences/two-factor/code');
    const sms = await lastSms();
    assert.equal(sms.recipient, '+12125550142');
    const codePage = await client.get('/account-preferences/two-factor/code').expect(200);
    assert.match(textOf(codePage.text), /ending in 0142/);
    const wrong = await postForm(
      client,
      '/account-preferences/two-factor/code',
      '/account-preferences/two-factor/confirmation',
      { token: codeIn(sms) === '000000' ? '111111' : '000000' },
    );
    assert.equal(wrong.status, 422);
    assert.match(textOf(wrong.text), /The code you entered is not correct/);
    const resent = await postForm(
      client,
      '/account-preferences/two-factor/code',
      '/account-preferences/two-factor/new-code',
      {},
    );
    assert.equal(resent.headers.location, '/account-preferences/two-factor/code');
    assert.match(textOf((await client.get('/account-preferences/two-factor/code')).text), /New code sent!/);
    const done = await postForm(
      client,
      '/account-preferences/two-factor/code',
      '/account-preferences/two-factor/confirmation',
      { token: codeIn(await lastSms()) },
    );
    assert.equal(done.status, 303);
    assert.equal(done.headers.location, PAGE);
    const page = await client.get(PAGE);
    assert.match(textOf(page.text), /Confirmed! Two-factor authentication is on\./);
    assert.match(page.text, /<span class="label label--success">On<\/span>/);
    assert.match(textOf(page.text), /On Codes go to the phone number ending in 0142\./);
    const twoFactor = (await client.get(`${PAGE}/two-factor`)).text;
    assert.match(twoFactor, /<span class="label label--success">On<\/span>/);
    assert.match(textOf(twoFactor), /On .*ending in 0142/);
    assert.equal(
      (await client.get('/account-preferences/two-factor/code').expect(303)).headers.location,
      '/account-preferences/two-factor',
      'no setup waits for a code',
    );
    const row = await ctx().db('users').where({ id: user.userId }).first();
    assert.ok(row!.two_factor_enrolled_at);
    assert.equal(row!.two_factor_phone, '+12125550142');
    assert.ok((await auditActions(user.userId)).includes('two_factor_enabled'));
    const next = agent();
    const login = await postForm(next, '/login', '/login', { email: user.email, password: TEST_PASSWORD });
    assert.equal(login.headers.location, '/login/verify');
  });

  it('disable when on: "You have sucessfully unenrolled from 2FA." and remembered devices are forgotten', async () => {
    const { client, user } = await signedIn({ paid: true });
    await enrolTwoFactor(user.userId);
    await ctx()
      .db('auth_tokens')
      .insert({
        user_id: user.userId,
        purpose: 'two_factor_remember',
        token_hash: 'a'.repeat(64),
        expires_at: new Date(Date.now() + 86_400_000),
      });
    const page = await client.get(`${PAGE}/two-factor`);
    assert.match(page.text, /href="\/account-preferences\/two-factor\/removal"/);
    const removal = await client.get('/account-preferences/two-factor/removal').expect(200);
    assert.match(removal.text, /action="\/account-preferences\/two-factor\/removal"/);
    const wrong = await post(client, '/account-preferences/two-factor/removal', { password: 'Not-my-password-1' });
    assert.equal(wrong.status, 422);
    assert.match(wrong.text, /<title>Error: Turn Off Two-Factor Authentication/);
    assert.ok(textOf(wrong.text).includes('The password you entered is not correct.'));
    const response = await post(client, '/account-preferences/two-factor/removal', { password: TEST_PASSWORD });
    assert.equal(response.status, 303);
    assert.ok((await flashOn(client)).includes('You have sucessfully unenrolled from 2FA.'));
    const row = await ctx().db('users').where({ id: user.userId }).first();
    assert.equal(row!.two_factor_enrolled_at, null);
    assert.equal(
      await ctx()
        .db('auth_tokens')
        .where({ purpose: 'two_factor_remember' })
        .whereNull('used_at')
        .count({ n: '*' })
        .first()
        .then((r) => Number(r!.n)),
      0,
    );
    assert.ok((await auditActions(user.userId)).includes('two_factor_disabled'));
    assert.equal(
      (await client.get('/account-preferences/two-factor/removal').expect(303)).headers.location,
      '/account-preferences/two-factor',
      'nothing left to turn off',
    );
  });

  it('a user without a plan can turn two-factor off, or move it to another phone', async () => {
    const { client, user } = await signedIn({ paid: false });
    await enrolTwoFactor(user.userId);
    assert.match((await client.get(PAGE)).text, /href="\/account-preferences\/two-factor"/);
    const page = await client.get(`${PAGE}/two-factor`);
    assert.match(page.text, /href="\/account-preferences\/two-factor\/removal"/);
    assert.match(page.text, /action="\/account-preferences\/two-factor"/);
    assert.match(
      (await client.get('/account-preferences/two-factor/removal').expect(200)).text,
      /action="\/account-preferences\/two-factor\/removal"/,
    );
  });
});

describe('password change (spec 1 §5 Passwords; /password/update)', () => {
  it('checks each field with the exact messages, on the named field', async () => {
    const { client } = await signedIn();
    const cases: Array<[Record<string, string>, string, string]> = [
      [
        { old_password: '', new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD },
        'old_password',
        'You must enter an password.',
      ],
      [
        { old_password: TEST_PASSWORD, new_password: '', new_password_confirmation: '' },
        'new_password',
        'You must enter an password.',
      ],
      [
        { old_password: TEST_PASSWORD, new_password: 'Short-1', new_password_confirmation: 'Short-1' },
        'new_password',
        'Your password must contain at least twelve characters, an uppercase letter, a lowercase letter, and a symbol or number.',
      ],
      [
        { old_password: TEST_PASSWORD, new_password: NEW_PASSWORD, new_password_confirmation: 'Other-password-42' },
        'new_password_confirmation',
        'New password does not match',
      ],
      [
        { old_password: 'Not-my-password-1', new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD },
        'old_password',
        'The password you entered is not correct.',
      ],
    ];
    for (const [body, field, message] of cases) {
      const response = await post(client, '/password/update', { from: 'account-preferences', ...body });
      assert.equal(response.status, 422, message);
      assert.match(response.text, /<title>Error: Change Password/);
      assert.ok(
        response.text.includes(`<p class="field-error" id="${field}-error">${message}</p>`),
        `${field}: ${message}`,
      );
    }
  });

  it('success: other sessions of the user end, this one stays, the new password signs in', async () => {
    const { client, user } = await signedIn();
    const other = agent();
    await signIn(other, user.email);
    const response = await post(client, '/password/update', {
      from: 'account-preferences',
      old_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
      new_password_confirmation: NEW_PASSWORD,
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, PAGE);
    assert.ok((await flashOn(client)).includes('Your password has been successfully changed.'));
    assert.equal((await other.get('/').expect(303)).headers.location, '/login', 'the other session ended');
    await client.get('/').expect(200);
    await signIn(agent(), user.email, NEW_PASSWORD);
    assert.ok((await auditActions(user.userId)).includes('password_changed'));
  });

  it('/password/update is a page of its own and re-renders itself on error', async () => {
    const { client } = await signedIn();
    const page = await client.get('/password/update').expect(200);
    assert.match(page.text, /<title>Update Password \| Members Portal<\/title>/);
    assert.match(page.text, /data-password-change=""/);
    const failed = await postForm(client, '/password/update', '/password/update', {
      from: 'password-update',
      old_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
      new_password_confirmation: 'x',
    });
    assert.equal(failed.status, 422);
    assert.match(failed.text, /<title>Error: Update Password/);
    assert.ok(textOf(failed.text).includes('New password does not match'));
    const done = await postForm(client, '/password/update', '/password/update', {
      from: 'password-update',
      old_password: TEST_PASSWORD,
      new_password: NEW_PASSWORD,
      new_password_confirmation: NEW_PASSWORD,
    });
    assert.equal(done.headers.location, '/password/update');
  });
});
