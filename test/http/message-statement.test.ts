// /profile/message-statement (spec 2 §1, §2 "Profile pages", §5 "Text fields", §9 word limits): Statement &
// Message for individuals, Practice Description for practices; one describe per rule.
import { jsonObject } from '../support/json';
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, textOf, tokenFor, type Agent } from '../support/http';

const PAGE = '/profile/message-statement';
const words = (n: number, word = 'calm') => Array.from({ length: n }, () => word).join(' ');

async function signedIn(type: 'individual' | 'practice' = 'individual') {
  const user = await createProviderUser(ctx().db, {
    providers: [{ type, companyName: type === 'practice' ? 'Harbor Light' : undefined }],
  });
  const client = agent();
  await signIn(client, user.email);
  return { client, id: user.providerIds[0]!, user };
}

async function post(client: Agent, section: string, values: Record<string, string>) {
  const _csrf = await tokenFor(client, PAGE);
  return client
    .post(`${PAGE}/${section}`)
    .type('form')
    .send({ _csrf, ...values });
}

const provider = (id: number) => ctx().db('providers').where({ id }).first();
const flashText = async (client: Agent) => textOf((await client.get(PAGE).expect(200)).text);

describe('message-statement: individual vs practice (spec 2 §1)', () => {
  it('an individual sees "Statement & Message" with the professional statement and the message to clients', async () => {
    const { client } = await signedIn('individual');
    const html = (await client.get(PAGE).expect(200)).text;
    assert.match(html, /<title>Statement &amp; Message \|/);
    assert.match(html, /<h1>Statement &amp; Message<\/h1>/);
    const main = mainTextOf(html);
    assert.match(main, /Professional Statement/);
    assert.match(main, /Message to Clients/);
    assert.doesNotMatch(main, /Practice Questions|Practice Description/);
    assert.match(html, /<a href="\/profile\/message-statement"[^>]*>Statement &amp; Message</, 'the side menu label');
  });

  it('a practice sees "Practice Description" with the description and the Q&A boxes, and no message to clients', async () => {
    const { client } = await signedIn('practice');
    const html = (await client.get(PAGE).expect(200)).text;
    assert.match(html, /<h1>Practice Description<\/h1>/);
    const main = mainTextOf(html);
    assert.match(main, /Practice Questions/);
    assert.doesNotMatch(main, /Message to Clients|Professional Statement/);
    assert.match(html, /<a href="\/profile\/message-statement"[^>]*>Practice Description</, 'the side menu label');
  });

  it('a section of the other type, or an unknown one, is not found (404)', async () => {
    const practice = await signedIn('practice');
    assert.equal((await post(practice.client, 'message-to-clients', { message_to_clients: words(120) })).status, 404);
    assert.equal(
      (await post(practice.client, 'professional-statement', { professional_statement: words(120) })).status,
      404,
    );
    const individual = await signedIn('individual');
    assert.equal(
      (
        await post(individual.client, 'practice-questions', {
          box_count: '1',
          'boxes-0-title': 'Q',
          'boxes-0-text': 'A',
        })
      ).status,
      404,
    );
    assert.equal((await post(individual.client, 'nonsense', {})).status, 404);
    assert.equal((await provider(practice.id))!.message_to_clients, null);
  });

  it("signed out goes to /login; another account's profile id is ignored (the selected profile is edited)", async () => {
    assert.equal((await agent().get(PAGE).expect(303)).headers.location, `/login?next=${encodeURIComponent(PAGE)}`);
    const { client, id } = await signedIn();
    const other = await signedIn();
    await client.get(`${PAGE}?current_provider_id=${other.id}`).expect(200);
    assert.equal((await post(client, 'professional-statement', { professional_statement: words(150) })).status, 303);
    assert.equal((await provider(id))!.professional_statement, words(150));
    assert.equal((await provider(other.id))!.professional_statement, null);
  });
});

describe('message-statement: the editing pattern (?edit=, 303 + flash)', () => {
  it('?edit=professional-statement opens that form with the saved text and its word count', async () => {
    const { client, id } = await signedIn();
    await ctx()
      .db('providers')
      .where({ id })
      .update({ professional_statement: words(120, 'steady') });
    const html = (await client.get(`${PAGE}?edit=professional-statement`).expect(200)).text;
    assert.match(
      html,
      /<textarea[^>]*name="professional_statement"[^>]*data-word-count="professional_statement-count"/,
    );
    assert.match(html, /data-word-min="100" data-word-max="300"/);
    assert.match(html, /<span id="professional_statement-count">120<\/span> words/);
    assert.match(html, new RegExp(`>${words(120, 'steady')}</textarea>`));
    assert.doesNotMatch(html, /name="message_to_clients"/, 'only one section is open');
  });

  it('a statement within the limits is saved, with a flash, and the page shows it', async () => {
    const { client, id } = await signedIn();
    const response = await post(client, 'professional-statement', { professional_statement: `  ${words(240)}  ` });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `${PAGE}#professional-statement`);
    assert.equal((await provider(id))!.professional_statement, words(240), 'saved trimmed');
    const page = await flashText(client);
    assert.match(page, /Professional Statement saved\./);
    assert.match(page, /240 words/);
  });

  it('the message to clients is saved in message_to_clients', async () => {
    const { client, id } = await signedIn();
    assert.equal((await post(client, 'message-to-clients', { message_to_clients: words(150, 'welcome') })).status, 303);
    const row = await provider(id);
    assert.equal(row!.message_to_clients, words(150, 'welcome'));
    assert.equal(row!.professional_statement, null);
  });
});

describe('message-statement: word maximums (spec 2 §5, §9)', () => {
  const cases = [
    {
      type: 'individual' as const,
      section: 'professional-statement',
      field: 'professional_statement' as const,
      max: 300,
      message: 'Please keep your professional statement under 300 words! (Suggested count: 240)',
    },
    {
      type: 'individual' as const,
      section: 'message-to-clients',
      field: 'message_to_clients' as const,
      max: 250,
      message: 'Please keep your message to clients under 250 words! (Suggested count: 150)',
    },
    {
      type: 'practice' as const,
      section: 'practice-description',
      field: 'professional_statement' as const,
      max: 300,
      message: 'Please keep your practice description under 300 words! (Suggested count: 240)',
    },
  ];
  for (const c of cases) {
    it(`${c.section}: ${c.max + 1} words → 422 "${c.message}", typed text kept, nothing saved; ${c.max} words saves`, async () => {
      const { client, id } = await signedIn(c.type);
      const typed = words(c.max + 1, 'over');
      const response = await post(client, c.section, { [c.field]: typed });
      assert.equal(response.status, 422);
      assert.match(textOf(response.text), new RegExp(c.message.replace(/[()!]/g, '\\$&')));
      assert.match(response.text, new RegExp(`>${typed}</textarea>`));
      assert.match(response.text, new RegExp(`<span id="${c.field}-count">${c.max + 1}</span>`));
      assert.equal((await provider(id))![c.field], null);
      assert.equal((await post(client, c.section, { [c.field]: words(c.max) })).status, 303);
      assert.equal((await provider(id))![c.field], words(c.max));
    });
  }

  it('the live note carries the same message (shown by the script when over)', async () => {
    const { client } = await signedIn();
    const html = (await client.get(`${PAGE}?edit=message-to-clients`).expect(200)).text;
    assert.match(
      html,
      /<p class="field-warning" id="message_to_clients-long" hidden="">Please keep your message to clients under 250 words! \(Suggested count: 150\)<\/p>/,
    );
  });
});

describe('message-statement: no URLs, phone numbers or e-mail addresses', () => {
  const CONTACTS = 'Please do not include URLs, phone numbers, or email addresses in this field!';
  for (const [kind, extra] of [
    ['phone', 'call me at (555) 555-1234'],
    ['e-mail', 'write to dana at gmail dot com'],
    ['URL', 'see www.example.com'],
  ]) {
    it(`a ${kind} in the text → 422 with the detector's message`, async () => {
      const { client, id } = await signedIn();
      const typed = `${words(120)} ${extra}`;
      const response = await post(client, 'professional-statement', { professional_statement: typed, confirmed: '1' });
      assert.equal(response.status, 422);
      assert.match(textOf(response.text), new RegExp(CONTACTS));
      assert.equal((await provider(id))!.professional_statement, null);
    });
  }
});

describe('message-statement: under the minimum asks for confirmation (spec 2 §5)', () => {
  it('the form carries the question for the script (data-short-confirm) and the warning', async () => {
    const { client } = await signedIn();
    const html = (await client.get(`${PAGE}?edit=professional-statement`).expect(200)).text;
    assert.match(
      html,
      /data-short-confirm="Your professional statement is under 100 words. Are you sure you want to save it\?"/,
    );
    assert.match(
      html,
      /id="professional_statement-short">Your professional statement is under the minimum of 100 words. \(Suggested count: 240\)</,
    );
  });

  it('without confirmation: the confirmation step (422, the warning, typed text, "Save anyway" posting confirmed=1); nothing saved', async () => {
    const { client, id } = await signedIn();
    const typed = words(60, 'brief');
    const response = await post(client, 'professional-statement', { professional_statement: typed });
    assert.equal(response.status, 422);
    const text = textOf(response.text);
    assert.match(text, /Your professional statement is under 100 words\. Are you sure you want to save it\?/);
    assert.match(text, /Your professional statement is under the minimum of 100 words\. \(Suggested count: 240\)/);
    const button = /<button[^>]*>Save anyway<\/button>/.exec(response.text)?.[0] ?? '';
    assert.match(button, /type="submit"/);
    assert.match(button, /name="confirmed"/);
    assert.match(button, /value="1"/);
    assert.match(button, /data-confirm=""/, 'the browser does not ask a second time');
    assert.match(response.text, new RegExp(`>${typed}</textarea>`));
    assert.equal((await provider(id))!.professional_statement, null);
  });

  it('with confirmed=1 the short text is saved, and the read view keeps warning about it', async () => {
    const { client, id } = await signedIn();
    const response = await post(client, 'message-to-clients', {
      message_to_clients: words(40, 'hello'),
      confirmed: '1',
    });
    assert.equal(response.status, 303);
    assert.equal((await provider(id))!.message_to_clients, words(40, 'hello'));
    assert.match(
      await flashText(client),
      /Your message to clients is under the minimum of 100 words\. \(Suggested count: 150\)/,
    );
  });

  it('emptying a text also asks, then stores null', async () => {
    const { client, id } = await signedIn();
    await ctx()
      .db('providers')
      .where({ id })
      .update({ professional_statement: words(150) });
    assert.equal((await post(client, 'professional-statement', { professional_statement: '   ' })).status, 422);
    assert.equal((await provider(id))!.professional_statement, words(150));
    assert.equal(
      (await post(client, 'professional-statement', { professional_statement: '', confirmed: '1' })).status,
      303,
    );
    assert.equal((await provider(id))!.professional_statement, null);
  });

  it('a practice description under 100 words asks too', async () => {
    const { client } = await signedIn('practice');
    const response = await post(client, 'practice-description', { professional_statement: words(30) });
    assert.equal(response.status, 422);
    assert.match(
      textOf(response.text),
      /Your practice description is under 100 words\. Are you sure you want to save it\?/,
    );
  });
});

describe('message-statement: practice Q&A boxes (custom_content.boxes)', () => {
  const boxes = async (id: number) => jsonObject((await provider(id))!.custom_content).boxes;

  it('offers one empty question line; filled lines are saved, blank ones ignored, other custom_content kept', async () => {
    const { client, id } = await signedIn('practice');
    await ctx()
      .db('providers')
      .where({ id })
      .update({ custom_content: { tagline: 'Kept as it was' } });
    const html = (await client.get(`${PAGE}?edit=practice-questions`).expect(200)).text;
    assert.match(html, /name="box_count" value="1"/);
    assert.match(html, /<legend>New question<\/legend>/);
    const response = await post(client, 'practice-questions', {
      box_count: '2',
      box_new: '1',
      'boxes-0-title': ' Do you take insurance? ',
      'boxes-0-text': 'Yes, several plans.',
      'boxes-1-title': '',
      'boxes-1-text': '  ',
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `${PAGE}#practice-questions`);
    const row = await provider(id);
    assert.deepEqual(jsonObject(row!.custom_content).boxes, [
      { title: 'Do you take insurance?', text: 'Yes, several plans.' },
    ]);
    assert.equal(jsonObject(row!.custom_content).tagline, 'Kept as it was');
    const page = await flashText(client);
    assert.match(page, /Practice Questions saved\./);
    assert.match(page, /Do you take insurance\? Yes, several plans\./);
  });

  it('a line marked "Remove this question" is removed', async () => {
    const { client, id } = await signedIn('practice');
    await ctx()
      .db('providers')
      .where({ id })
      .update({
        custom_content: {
          boxes: [
            { title: 'One', text: 'First.' },
            { title: 'Two', text: 'Second.' },
          ],
        },
      });
    const html = (await client.get(`${PAGE}?edit=practice-questions`).expect(200)).text;
    assert.match(html, /<label for="boxes-0-remove">Remove this question<\/label>/);
    assert.doesNotMatch(html, /boxes-2-remove/, 'the new line has nothing to remove');
    await post(client, 'practice-questions', {
      box_count: '3',
      box_new: '2',
      'boxes-0-title': 'One',
      'boxes-0-text': 'First.',
      'boxes-0-remove': '1',
      'boxes-1-title': 'Two',
      'boxes-1-text': 'Second.',
      'boxes-2-title': '',
      'boxes-2-text': '',
    }).then((r) => assert.equal(r.status, 303));
    assert.deepEqual(await boxes(id), [{ title: 'Two', text: 'Second.' }]);
  });

  it('title and answer are required in a used line; answers up to 150 words; no contacts — 422, nothing saved, typed kept', async () => {
    const { client, id } = await signedIn('practice');
    await ctx()
      .db('providers')
      .where({ id })
      .update({ custom_content: { boxes: [{ title: 'Old', text: 'Old answer.' }] } });
    const long = words(151, 'long');
    const response = await post(client, 'practice-questions', {
      box_count: '4',
      'boxes-0-title': 'Fine question',
      'boxes-0-text': 'Fine answer.',
      'boxes-1-title': '',
      'boxes-1-text': 'An answer without a title',
      'boxes-2-title': 'No answer',
      'boxes-2-text': '',
      'boxes-3-title': 'Too long',
      'boxes-3-text': long,
    });
    assert.equal(response.status, 422);
    const text = textOf(response.text);
    assert.match(text, /Enter a title/);
    assert.match(text, /Enter an answer/);
    assert.match(text, /Please keep your answer under 150 words! \(Suggested count: 75\)/);
    assert.match(response.text, /value="Fine question"/);
    assert.match(response.text, new RegExp(`>${long}</textarea>`));
    assert.deepEqual(await boxes(id), [{ title: 'Old', text: 'Old answer.' }], 'one transaction: nothing half-saved');

    const contacts = await post(client, 'practice-questions', {
      box_count: '1',
      'boxes-0-title': 'Reach us',
      'boxes-0-text': 'Email intake@harbor.com',
    });
    assert.equal(contacts.status, 422);
    assert.match(textOf(contacts.text), /Please do not include URLs, phone numbers, or email addresses in this field!/);
    const exactly = await post(client, 'practice-questions', {
      box_count: '1',
      'boxes-0-title': 'Max',
      'boxes-0-text': words(150),
    });
    assert.equal(exactly.status, 303);
  });

  it('answers have no minimum: a one-word answer saves without confirmation', async () => {
    const { client, id } = await signedIn('practice');
    assert.equal(
      (
        await post(client, 'practice-questions', {
          box_count: '1',
          'boxes-0-title': 'Evenings?',
          'boxes-0-text': 'Yes.',
        })
      ).status,
      303,
    );
    assert.deepEqual(await boxes(id), [{ title: 'Evenings?', text: 'Yes.' }]);
  });
});

describe('message-statement: a failing save (spec 2 §8)', () => {
  it('answers 500 with "There was an error updating your profile." and keeps the typed text', async () => {
    const { client, id } = await signedIn();
    const { db } = ctx();
    // This run's own database: a trigger makes the update fail, and is dropped again.
    await db.raw(
      `create or replace function test_fail_update() returns trigger language plpgsql as $$ begin raise exception 'disk on fire'; end $$`,
    );
    await db.raw(
      'create trigger test_fail_update before update of professional_statement on providers for each row execute function test_fail_update()',
    );
    try {
      const typed = words(150, 'kept');
      const response = await post(client, 'professional-statement', { professional_statement: typed });
      assert.equal(response.status, 500);
      assert.match(textOf(response.text), /There was an error updating your profile\./);
      assert.match(response.text, new RegExp(`>${typed}</textarea>`));
    } finally {
      await db.raw('drop trigger if exists test_fail_update on providers');
      await db.raw('drop function if exists test_fail_update()');
    }
    assert.equal((await provider(id))!.professional_statement, null);
  });
});

describe('message-statement: the premium setup (spec 2 §4 "A professional statement for a premium setup is drafted within 48 business hours.")', () => {
  const NOTICE = /Your premium setup includes a professional statement, drafted within 48 business hours\./;

  /** The catalogue price of a lookup key (mirrored from the card server, or made here), for a purchase row. */
  async function priceId(lookupKey: string): Promise<string> {
    const db = ctx().db;
    const found = await db('billing_prices').where({ lookup_key: lookupKey }).first('id');
    if (found) return found.id;
    const id = `price_test_${lookupKey}`;
    await db('billing_prices').insert({
      id,
      lookup_key: lookupKey,
      product_id: `prod_${lookupKey}`,
      product_name: lookupKey,
      unit_amount: 7000,
      recurring: false,
    });
    return id;
  }
  async function purchase(accountId: number, lookupKey: string) {
    await ctx()
      .db('billing_purchases')
      .insert({
        checkout_session_id: `cs_test_${Math.random().toString(36).slice(2)}`,
        account_id: accountId,
        price_id: await priceId(lookupKey),
        product_name: lookupKey,
        amount: 7000,
      });
  }
  const statementSection = async (client: Agent) => {
    const html = (await client.get(PAGE).expect(200)).text;
    return mainTextOf(
      /<section[^>]*id="(professional-statement|practice-description)"[\s\S]*?<\/section>/.exec(html)![0],
    );
  };

  it('a profile flagged with the premium setup reads that its statement is drafted within 48 business hours, in the read view and the form', async () => {
    const { client, id } = await signedIn();
    assert.doesNotMatch(await statementSection(client), NOTICE, 'not without the premium setup');
    await ctx().db('providers').where({ id }).update({ has_premium_setup: true });
    assert.match(await statementSection(client), NOTICE);
    assert.match(mainTextOf((await client.get(`${PAGE}?edit=professional-statement`).expect(200)).text), NOTICE);
    // The message to clients says nothing of it.
    const html = (await client.get(PAGE)).text;
    assert.doesNotMatch(mainTextOf(/<section[^>]*id="message-to-clients"[\s\S]*?<\/section>/.exec(html)![0]), NOTICE);
  });

  it("professional copywriting bought by the account is the premium setup; a photo shoot, or another account's copywriting, is not", async () => {
    const { client, user } = await signedIn();
    const other = await createProviderUser(ctx().db);
    await purchase(other.accountId, 'copywriting_v3');
    await purchase(user.accountId, 'remote_shoot_v3');
    assert.doesNotMatch(await statementSection(client), NOTICE);
    await purchase(user.accountId, 'copywriting_v3');
    assert.match(await statementSection(client), NOTICE);
  });

  it('a practice description gets it too; once the statement is written (at its minimum) the notice goes', async () => {
    const { client, id } = await signedIn('practice');
    await ctx().db('providers').where({ id }).update({ has_premium_setup: true });
    assert.match(await statementSection(client), NOTICE);
    await ctx()
      .db('providers')
      .where({ id })
      .update({ professional_statement: words(100) });
    assert.doesNotMatch(await statementSection(client), NOTICE);
  });
});
