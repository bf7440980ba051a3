// /profile/insurance-fees (spec 2 §2, §3, §5 "Sessions and fees", "Text fields" (fee note), "Insurance"),
// one describe per rule, the spec's messages in the assertions.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser, type ProviderSpec } from '../support/factories';
import { agent, mainTextOf, signIn, type Agent, postForm, type FormValues } from '../support/http';

const PAGE = '/profile/insurance-fees';

const post = (client: Agent, path: string, values: FormValues) => postForm(client, PAGE, path, values);

async function signedIn(spec: ProviderSpec = {}) {
  const user = await createProviderUser(ctx().db, { providers: [{ type: 'individual', status: 'active', ...spec }] });
  const client = agent();
  await signIn(client, user.email);
  return { user, client, id: user.providerIds[0]! };
}

const content = async (id: number) =>
  (await ctx().db('providers').where({ id }).first('custom_content'))!.custom_content as Record<string, unknown>;
const insuranceId = async (name: string) =>
  Number((await ctx().db('tags').where({ type: 'insurances', name }).first('id'))!.id);
const fieldValue = (html: string, name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];
/** The message shown right after a field (its field-error paragraph). */
const errorOf = (html: string, name: string) =>
  new RegExp(`id="${name}-error">([^<]*)<`)
    .exec(html)?.[1]
    ?.replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const goodFees = { session_fee_ongoing: '150', session_length_ongoing: '50' };

describe('insurance-fees: the page and its sections (spec 2 §2)', () => {
  it('signed-out visitors go to /login', async () => {
    const response = await agent().get(PAGE).expect(303);
    assert.equal(response.headers.location, `/login?next=${encodeURIComponent(PAGE)}`);
  });

  it('shows Session Fees, Fee Note, Insurance (#insurance-by-state) and Other Session Information as read views with Edit links', async () => {
    const { client } = await signedIn();
    const html = (await client.get(PAGE).expect(200)).text;
    const text = mainTextOf(html);
    for (const heading of ['Insurance & Fees', 'Session Fees', 'Fee Note', 'Insurance', 'Other Session Information'])
      assert.ok(text.includes(heading), heading);
    assert.match(html, /id="insurance-by-state"/);
    assert.match(html, /href="\/profile\/insurance-fees\?edit=session-fees#session-fees"/);
    assert.match(text, /Insurance updates are reflected within 24 business hours\./);
    assert.doesNotMatch(html, /name="session_fee_ongoing"/, 'no form until Edit');
    const editing = (await client.get(`${PAGE}?edit=session-fees`).expect(200)).text;
    assert.match(editing, /name="session_fee_ongoing"/);
    assert.match(editing, /data-warn-unsaved/);
    for (const type of [
      'ongoing',
      'initial',
      'couples',
      'family',
      'group',
      'med_management_and_therapy',
      'med_management',
    ]) {
      assert.match(editing, new RegExp(`name="session_fee_${type}"`));
      assert.match(editing, new RegExp(`name="session_length_${type}"`));
    }
  });

  it('the fee and length saved by the onboarding wizard are the ones shown here', async () => {
    const { client, id } = await signedIn();
    await ctx()
      .db('providers')
      .where({ id })
      .update({ custom_content: JSON.stringify({ session_fee_ongoing: 175, session_length_ongoing: 45 }) });
    const html = (await client.get(`${PAGE}?edit=session-fees`).expect(200)).text;
    assert.equal(fieldValue(html, 'session_fee_ongoing'), '175');
    assert.equal(fieldValue(html, 'session_length_ongoing'), '45');
    assert.match(mainTextOf((await client.get(PAGE)).text), /Individual session \(ongoing\) \$175 · 45 minutes/);
  });
});

describe('insurance-fees: session fees (spec 2 §5 "Sessions and fees")', () => {
  it('the individual (ongoing) session is required: "Fee and length required"', async () => {
    const { client, id } = await signedIn();
    const response = await post(client, `${PAGE}/session-fees`, {});
    assert.equal(response.status, 422);
    assert.equal(errorOf(response.text, 'session_fee_ongoing'), 'Fee and length required');
    assert.equal(errorOf(response.text, 'session_length_ongoing'), 'Fee and length required');
    assert.deepEqual(await content(id), {});
  });

  it('fee and length both or neither: only one gives "Fee and length required" beside the missing one, typed values kept', async () => {
    const { client, id } = await signedIn();
    const response = await post(client, `${PAGE}/session-fees`, {
      ...goodFees,
      session_fee_couples: '120',
      session_length_family: '90',
    });
    assert.equal(response.status, 422);
    assert.equal(errorOf(response.text, 'session_length_couples'), 'Fee and length required');
    assert.equal(errorOf(response.text, 'session_fee_family'), 'Fee and length required');
    assert.equal(errorOf(response.text, 'session_fee_couples'), undefined);
    assert.equal(fieldValue(response.text, 'session_fee_couples'), '120');
    assert.equal(fieldValue(response.text, 'session_length_family'), '90');
    assert.equal(fieldValue(response.text, 'session_fee_ongoing'), '150');
    assert.deepEqual(await content(id), {}, 'nothing half-saved');
  });

  it('fee in whole dollars, length in minutes', async () => {
    const { client } = await signedIn();
    const response = await post(client, `${PAGE}/session-fees`, {
      session_fee_ongoing: '12.50',
      session_length_ongoing: 'an hour',
    });
    assert.equal(response.status, 422);
    assert.equal(errorOf(response.text, 'session_fee_ongoing'), 'Please enter the fee in whole dollars.');
    assert.equal(errorOf(response.text, 'session_length_ongoing'), 'Please enter the length in minutes.');
  });

  it('saves every session type in custom_content (absent ones as null), then 303 back with a flash', async () => {
    const { client, id } = await signedIn();
    const response = await post(client, `${PAGE}/session-fees`, {
      ...goodFees,
      session_fee_couples: '200',
      session_length_couples: '80',
      session_fee_initial: '0',
      session_length_initial: '15',
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `${PAGE}#session-fees`);
    const saved = await content(id);
    assert.equal(saved.session_fee_ongoing, 150);
    assert.equal(saved.session_length_ongoing, 50);
    assert.equal(saved.session_fee_couples, 200);
    assert.equal(saved.session_length_couples, 80);
    assert.equal(saved.session_fee_initial, 0);
    assert.equal(saved.session_fee_family, null);
    assert.deepEqual(saved.custom_sessions, []);
    const page = mainTextOf((await client.get(PAGE)).text);
    assert.match(page, /Your session fees have been saved\./);
    assert.match(page, /Couples session \$200 · 80 minutes/);
  });

  it('custom sessions: "Please keep your session name < 40 characters" for individuals', async () => {
    const { client, id } = await signedIn();
    const tooLong = 'x'.repeat(40);
    const response = await post(client, `${PAGE}/session-fees`, {
      ...goodFees,
      custom_session_name_0: tooLong,
      custom_session_fee_0: '90',
      custom_session_length_0: '30',
    });
    assert.equal(response.status, 422);
    assert.equal(errorOf(response.text, 'custom_session_name_0'), 'Please keep your session name < 40 characters');
    assert.equal(fieldValue(response.text, 'custom_session_name_0'), tooLong);
    const ok = await post(client, `${PAGE}/session-fees`, {
      ...goodFees,
      custom_session_name_0: 'x'.repeat(39),
      custom_session_fee_0: '90',
      custom_session_length_0: '30',
    });
    assert.equal(ok.status, 303);
    assert.deepEqual((await content(id)).custom_sessions, [{ name: 'x'.repeat(39), fee: 90, length: 30 }]);
  });

  it('custom sessions: "Please keep your session name < 80 characters" for practices', async () => {
    const { client, id } = await signedIn({ type: 'practice', companyName: 'Harbor Practice' });
    const response = await post(client, `${PAGE}/session-fees`, {
      ...goodFees,
      custom_session_name_0: 'y'.repeat(80),
      custom_session_fee_0: '90',
      custom_session_length_0: '30',
    });
    assert.equal(response.status, 422);
    assert.equal(errorOf(response.text, 'custom_session_name_0'), 'Please keep your session name < 80 characters');
    const ok = await post(client, `${PAGE}/session-fees`, {
      ...goodFees,
      custom_session_name_0: 'y'.repeat(79),
      custom_session_fee_0: '90',
      custom_session_length_0: '30',
    });
    assert.equal(ok.status, 303);
    assert.equal(((await content(id)).custom_sessions as unknown[]).length, 1);
  });

  it('custom sessions: a filled row needs a name, a fee and a length; no contact details; empty rows are dropped', async () => {
    const { client, id } = await signedIn();
    const response = await post(client, `${PAGE}/session-fees`, {
      ...goodFees,
      custom_session_name_0: 'Walk and talk',
      custom_session_fee_1: '60',
      custom_session_length_1: '30',
      custom_session_name_3: 'See www.example.com',
      custom_session_fee_3: '10',
      custom_session_length_3: '10',
    });
    assert.equal(response.status, 422);
    assert.equal(errorOf(response.text, 'custom_session_fee_0'), 'Fee and length required');
    assert.equal(errorOf(response.text, 'custom_session_length_0'), 'Fee and length required');
    assert.equal(errorOf(response.text, 'custom_session_name_1'), 'Please enter a session name.');
    assert.equal(
      errorOf(response.text, 'custom_session_name_3'),
      'Please do not include URLs, phone numbers, or email addresses in this field!',
    );
    assert.equal(
      fieldValue(response.text, 'custom_session_name_3'),
      'See www.example.com',
      'rows keep their positions',
    );
    const ok = await post(client, `${PAGE}/session-fees`, {
      ...goodFees,
      custom_session_name_2: 'Walk and talk',
      custom_session_fee_2: '130',
      custom_session_length_2: '60',
    });
    assert.equal(ok.status, 303);
    assert.deepEqual((await content(id)).custom_sessions, [{ name: 'Walk and talk', fee: 130, length: 60 }]);
    const editing = (await client.get(`${PAGE}?edit=session-fees`)).text;
    assert.equal(fieldValue(editing, 'custom_session_name_0'), 'Walk and talk');
    assert.equal(fieldValue(editing, 'custom_session_name_2'), '', 'two blank rows to add more');
    assert.equal(fieldValue(editing, 'custom_session_name_3'), undefined);
  });

  it('sliding scale: "To display a sliding scale, please indicate a lower limit.", and lower than the ongoing fee', async () => {
    const { client, id } = await signedIn();
    const missing = await post(client, `${PAGE}/session-fees`, { ...goodFees, display_sliding_scale_slots: '1' });
    assert.equal(missing.status, 422);
    assert.equal(
      errorOf(missing.text, 'session_fee_sliding_scale_min'),
      'To display a sliding scale, please indicate a lower limit.',
    );
    assert.match(missing.text, /name="display_sliding_scale_slots"[^>]*checked=""/, 'the ticked box stays ticked');
    const higher = await post(client, `${PAGE}/session-fees`, {
      ...goodFees,
      display_sliding_scale_slots: '1',
      session_fee_sliding_scale_min: '150',
    });
    assert.equal(higher.status, 422);
    assert.equal(
      errorOf(higher.text, 'session_fee_sliding_scale_min'),
      'The lower limit of your sliding scale must be lower than your individual session fee.',
    );
    assert.deepEqual(await content(id), {});
    const ok = await post(client, `${PAGE}/session-fees`, {
      ...goodFees,
      display_sliding_scale_slots: '1',
      session_fee_sliding_scale_min: '80',
    });
    assert.equal(ok.status, 303);
    const saved = await content(id);
    assert.equal(saved.display_sliding_scale_slots, true);
    assert.equal(saved.session_fee_sliding_scale_min, 80);
    assert.match(mainTextOf((await client.get(PAGE)).text), /Shown on the profile, from \$80\./);
  });

  it("other custom_content keys are left alone (e.g. the wizard's takes_insurance)", async () => {
    const { client, id } = await signedIn();
    await ctx()
      .db('providers')
      .where({ id })
      .update({ custom_content: JSON.stringify({ takes_insurance: true, tagline: 'Hello' }) });
    await post(client, `${PAGE}/session-fees`, goodFees).then((r) => assert.equal(r.status, 303));
    const saved = await content(id);
    assert.equal(saved.takes_insurance, true);
    assert.equal(saved.tagline, 'Hello');
  });
});

describe('insurance-fees: custom fee note (spec 2 §5 "Text fields")', () => {
  it('"Please keep your note under 1000 characters!", the typed note kept', async () => {
    const { client, id } = await signedIn();
    const note = 'a'.repeat(1001);
    const response = await post(client, `${PAGE}/fee-note`, {
      custom_fee_message: note,
      display_custom_fee_message: '1',
    });
    assert.equal(response.status, 422);
    assert.equal(errorOf(response.text, 'custom_fee_message'), 'Please keep your note under 1000 characters!');
    assert.ok(response.text.includes(`>${note}</textarea>`));
    assert.deepEqual(await content(id), {});
  });

  it('no URLs, phone numbers or e-mail addresses (the shared detector)', async () => {
    const { client } = await signedIn();
    for (const note of [
      'Call (555) 555-1234 for rates',
      'Write to me at robin at gmail dot com',
      'Rates at https://example.com',
    ]) {
      const response = await post(client, `${PAGE}/fee-note`, { custom_fee_message: note });
      assert.equal(response.status, 422, note);
      assert.equal(
        errorOf(response.text, 'custom_fee_message'),
        'Please do not include URLs, phone numbers, or email addresses in this field!',
      );
    }
  });

  it('saves the note and its display toggle', async () => {
    const { client, id } = await signedIn();
    const note = 'b'.repeat(1000);
    await post(client, `${PAGE}/fee-note`, { custom_fee_message: note, display_custom_fee_message: '1' }).then((r) =>
      assert.equal(r.status, 303),
    );
    assert.deepEqual(await content(id), { custom_fee_message: note, display_custom_fee_message: true });
    await post(client, `${PAGE}/fee-note`, { custom_fee_message: 'Reduced fees for students.' }).then((r) =>
      assert.equal(r.status, 303),
    );
    assert.deepEqual(await content(id), {
      custom_fee_message: 'Reduced fees for students.',
      display_custom_fee_message: false,
    });
    assert.match(
      mainTextOf((await client.get(PAGE)).text),
      /Your fee note has been saved\..*Reduced fees for students\. Shown on the profile No/,
    );
  });
});

describe('insurance-fees: Other Session Information (spec 2 §3 payment methods, session frequency; §5 out-of-network options)', () => {
  it('saves payment methods, session frequency and the three out-of-network options', async () => {
    const { client, id } = await signedIn();
    const response = await post(client, `${PAGE}/other-session-information`, {
      payment_methods: ['cash', 'venmo', 'nirvana_health'],
      session_frequency: ['weekly', 'every_other_week'],
      offer_oon_reimbursement_superbills: '1',
      offer_oon_reimbursement_direct: '1',
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `${PAGE}#other-session-information`);
    assert.deepEqual(await content(id), {
      payment_methods: ['cash', 'venmo', 'nirvana_health'],
      session_frequency: ['weekly', 'every_other_week'],
      offer_oon_reimbursement_superbills: true,
      offer_oon_reimbursement_courtesy: false,
      offer_oon_reimbursement_direct: true,
    });
    const text = mainTextOf((await client.get(PAGE)).text);
    assert.match(text, /Payment methods Cash, Venmo, Nirvana Health/);
    assert.match(text, /Session frequency Weekly, Every other week/);
    assert.match(text, /Out-of-network options Superbills, Direct billing/);
  });

  it('only the listed values', async () => {
    const { client, id } = await signedIn();
    const response = await post(client, `${PAGE}/other-session-information`, {
      payment_methods: ['cash', 'bitcoin'],
      session_frequency: 'weekly',
    });
    assert.equal(response.status, 422);
    assert.equal(errorOf(response.text, 'payment_methods'), 'Please choose from the list.');
    assert.match(response.text, /id="session_frequency-weekly"[^>]*checked=""/, 'ticked boxes kept');
    assert.deepEqual(await content(id), {});
  });
});

describe('insurance-fees: adding insurances (spec 2 §5 "Insurance")', () => {
  it('a filter box (a GET form) narrows the list; insurances already carried are not offered again', async () => {
    const { client, id } = await signedIn();
    await ctx()
      .db('taggings')
      .insert({ provider_id: id, tag_id: await insuranceId('Anthem') });
    const all = mainTextOf((await client.get(`${PAGE}?edit=add-insurances`).expect(200)).text);
    assert.match(all, /Aetna/);
    assert.match(all, /Cigna/);
    const html = (await client.get(`${PAGE}?edit=add-insurances&q=a`).expect(200)).text;
    assert.doesNotMatch(html, new RegExp(`name="insurances" value="${await insuranceId('Anthem')}"`));
    const filtered = mainTextOf((await client.get(`${PAGE}?edit=add-insurances&q=aet`).expect(200)).text);
    assert.match(filtered, /Aetna/);
    assert.doesNotMatch(filtered, /Cigna/);
    assert.match(
      mainTextOf((await client.get(`${PAGE}?edit=add-insurances&q=zzzz`).expect(200)).text),
      /No results! Please search again\.\.\./,
    );
  });

  it('requires the in-network confirmation and at least one insurance', async () => {
    const { client, id } = await signedIn();
    const aetna = await insuranceId('Aetna');
    const unconfirmed = await post(client, `${PAGE}/insurances/new`, { insurances: aetna, q: 'aet' });
    assert.equal(unconfirmed.status, 422);
    assert.equal(
      errorOf(unconfirmed.text, 'confirm_in_network'),
      'Please confirm that you are in-network with the insurances you selected.',
    );
    assert.match(unconfirmed.text, new RegExp(`id="insurances-${aetna}"[^>]*checked=""`), 'the choice is kept');
    assert.equal(fieldValue(unconfirmed.text, 'q'), 'aet', 'and the filter');
    const none = await post(client, `${PAGE}/insurances/new`, { confirm_in_network: '1' });
    assert.equal(none.status, 422);
    assert.equal(errorOf(none.text, 'insurances'), 'You must have at least 1 selection(s).');
    assert.equal(Number((await ctx().db('taggings').where({ provider_id: id }).count({ n: '*' }).first())!.n), 0);
  });

  it('adds them, accepted in every state (no opt-outs), and says updates are reflected within 24 business hours', async () => {
    const { client, id } = await signedIn();
    await ctx()
      .db('locations')
      .insert([
        { provider_id: id, state: 'NY', remote_location: true },
        { provider_id: id, state: 'NJ', remote_location: true },
      ]);
    const [aetna, cigna] = [await insuranceId('Aetna'), await insuranceId('Cigna')];
    const response = await post(client, `${PAGE}/insurances/new`, {
      insurances: [aetna, cigna],
      confirm_in_network: '1',
    });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `${PAGE}#insurance-by-state`);
    const carried = await ctx().db('taggings').where({ provider_id: id }).orderBy('tag_id').pluck('tag_id');
    assert.deepEqual(
      carried.map(Number),
      [aetna, cigna].sort((a, b) => a - b),
    );
    assert.equal(
      Number((await ctx().db('insurance_opt_outs').where({ provider_id: id }).count({ n: '*' }).first())!.n),
      0,
    );
    assert.equal((await content(id)).takes_insurance, true);
    const text = mainTextOf((await client.get(PAGE)).text);
    assert.match(text, /Your insurances have been added\. Insurance updates are reflected within 24 business hours\./);
    assert.match(text, /Aetna Accepted in New Jersey, New York/);
  });
});

describe('insurance-fees: insurances by state (spec 2 §5 "Insurance", insurance_opt_outs)', () => {
  async function insuredProvider() {
    const made = await signedIn();
    const { id } = made;
    await ctx()
      .db('locations')
      .insert([
        { provider_id: id, state: 'NY', remote_location: true },
        { provider_id: id, state: 'NJ', remote_location: true },
      ]);
    const aetna = await insuranceId('Aetna');
    const cigna = await insuranceId('Cigna');
    await ctx()
      .db('taggings')
      .insert([
        { provider_id: id, tag_id: aetna },
        { provider_id: id, tag_id: cigna },
      ]);
    return { ...made, aetna, cigna };
  }
  const optOutsOf = async (id: number) =>
    (
      await ctx()
        .db('insurance_opt_outs')
        .where({ provider_id: id })
        .orderBy(['tag_id', 'state'])
        .select('tag_id', 'state')
    ).map((r) => `${r.tag_id}:${r.state}`);

  it("the edit form lists each insurance with a checkbox per state of the provider's locations", async () => {
    const { client, aetna } = await insuredProvider();
    const html = (await client.get(`${PAGE}?edit=insurance-by-state`).expect(200)).text;
    assert.match(html, new RegExp(`id="states_${aetna}-NY"[^>]*checked=""`));
    assert.match(html, new RegExp(`id="states_${aetna}-NJ"[^>]*checked=""`));
    assert.match(html, new RegExp(`name="remove" value="${aetna}"`));
  });

  it('an unticked state becomes an opt-out; ticking it again removes the opt-out', async () => {
    const { client, id, aetna, cigna } = await insuredProvider();
    const response = await post(client, `${PAGE}/insurances`, {
      [`states_${aetna}`]: 'NY',
      [`states_${cigna}`]: ['NY', 'NJ'],
    });
    assert.equal(response.status, 303);
    assert.deepEqual(await optOutsOf(id), [`${aetna}:NJ`]);
    const text = mainTextOf((await client.get(PAGE)).text);
    assert.match(text, /Aetna Accepted in New York Shown in directory searches/);
    assert.match(text, /Cigna Accepted in New Jersey, New York Shown in directory searches/);
    await post(client, `${PAGE}/insurances`, { [`states_${aetna}`]: ['NY', 'NJ'], [`states_${cigna}`]: 'NJ' }).then(
      (r) => assert.equal(r.status, 303),
    );
    assert.deepEqual(await optOutsOf(id), [`${cigna}:NY`]);
  });

  it('"Ensure at least one state is selected for each active insurance." as an alert, nothing saved (one transaction)', async () => {
    const { client, id, aetna, cigna } = await insuredProvider();
    await ctx().db('insurance_opt_outs').insert({ provider_id: id, tag_id: cigna, state: 'NJ' });
    // Cigna is being removed in the same post: the failure must leave it in place too.
    const response = await post(client, `${PAGE}/insurances`, { remove: cigna });
    assert.equal(response.status, 422);
    assert.match(
      response.text,
      new RegExp(
        `class="error-summary"[^]*<a href="#states_${aetna}-[A-Z]{2}">Ensure at least one state is selected for each active insurance\\.</a>`,
      ),
      'the error summary links to the insurance',
    );
    assert.equal(
      errorOf(response.text, `states_${aetna}`),
      'Ensure at least one state is selected for each active insurance.',
    );
    assert.equal(errorOf(response.text, `states_${cigna}`), undefined, 'a removed insurance needs no state');
    assert.match(response.text, new RegExp(`id="remove-${cigna}"[^>]*checked=""`), 'the typed choice is kept');
    assert.doesNotMatch(
      response.text,
      new RegExp(`id="states_${aetna}-NY"[^>]*checked=""`),
      'the unticked states stay unticked',
    );
    assert.equal(Number((await ctx().db('taggings').where({ provider_id: id }).count({ n: '*' }).first())!.n), 2);
    assert.deepEqual(await optOutsOf(id), [`${cigna}:NJ`]);
  });

  it('removing an insurance drops it and its opt-outs', async () => {
    const { client, id, aetna, cigna } = await insuredProvider();
    await ctx().db('insurance_opt_outs').insert({ provider_id: id, tag_id: cigna, state: 'NJ' });
    const response = await post(client, `${PAGE}/insurances`, { [`states_${aetna}`]: ['NY', 'NJ'], remove: cigna });
    assert.equal(response.status, 303);
    assert.deepEqual((await ctx().db('taggings').where({ provider_id: id }).pluck('tag_id')).map(Number), [aetna]);
    assert.deepEqual(await optOutsOf(id), []);
    await post(client, `${PAGE}/insurances`, { remove: aetna }).then((r) => assert.equal(r.status, 303));
    assert.equal((await content(id)).takes_insurance, false);
  });

  it('without locations there are no states to choose: insurances are simply accepted', async () => {
    const { client, id } = await signedIn();
    const aetna = await insuranceId('Aetna');
    await ctx().db('taggings').insert({ provider_id: id, tag_id: aetna });
    const html = (await client.get(`${PAGE}?edit=insurance-by-state`)).text;
    assert.match(mainTextOf(html), /Add a location to choose the states where you accept each insurance/);
    await post(client, `${PAGE}/insurances`, {}).then((r) => assert.equal(r.status, 303));
  });

  it('an insurance of another profile cannot be touched: posted ids the provider does not carry are ignored', async () => {
    const { client, id, aetna, cigna } = await insuredProvider();
    const other = await createProviderUser(ctx().db);
    const blue = await insuranceId('Blue Cross Blue Shield');
    await ctx().db('taggings').insert({ provider_id: other.providerIds[0], tag_id: blue });
    await post(client, `${PAGE}/insurances`, {
      [`states_${aetna}`]: 'NY',
      [`states_${cigna}`]: 'NY',
      remove: blue,
    }).then((r) => assert.equal(r.status, 303));
    assert.equal(
      Number((await ctx().db('taggings').where({ provider_id: other.providerIds[0] }).count({ n: '*' }).first())!.n),
      1,
    );
    assert.equal(Number((await ctx().db('taggings').where({ provider_id: id }).count({ n: '*' }).first())!.n), 2);
  });
});

describe('insurance-fees: insurance in directory search, per provider (spec 2 §7 tag/{tagId}/search/{enable})', () => {
  async function insured() {
    const made = await signedIn();
    const aetna = await insuranceId('Aetna');
    const cigna = await insuranceId('Cigna');
    await ctx()
      .db('taggings')
      .insert([
        { provider_id: made.id, tag_id: aetna },
        { provider_id: made.id, tag_id: cigna },
      ]);
    return { ...made, aetna, cigna };
  }
  const searchOf = async (providerId: number, tagId: number) =>
    (await ctx().db('taggings').where({ provider_id: providerId, tag_id: tagId }).first('search_enabled'))!
      .search_enabled;
  const globalFlag = async (tagId: number) =>
    (await ctx().db('tags').where({ id: tagId }).first('search_enabled'))!.search_enabled;

  it('each insurance shows whether it makes the provider appear in searches, with a plain form (no JavaScript) to change it', async () => {
    const { client, aetna } = await insured();
    const html = (await client.get(PAGE).expect(200)).text;
    assert.match(
      html,
      new RegExp(
        `<form [^>]*action="/profile/insurance-fees/insurances/search" method="post"><input type="hidden" name="_csrf"[^>]*/><input type="hidden" name="tagId" value="${aetna}"/><input type="hidden" name="enable" value="0"/>`,
      ),
    );
    assert.match(mainTextOf(html), /Aetna Accepted Shown in directory searches Hide me from searches for Aetna/);
  });

  it('hiding one insurance is stored for this provider and this insurance only; the global tags flag and other providers are untouched', async () => {
    const { client, id, aetna, cigna } = await insured();
    const other = await createProviderUser(ctx().db);
    await ctx().db('taggings').insert({ provider_id: other.providerIds[0], tag_id: aetna });
    const response = await post(client, `${PAGE}/insurances/search`, { tagId: aetna, enable: 0 });
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `${PAGE}#insurance-by-state`);
    assert.equal(await searchOf(id, aetna), false);
    assert.equal(await searchOf(id, cigna), true);
    assert.equal(await searchOf(other.providerIds[0]!, aetna), true);
    assert.equal(await globalFlag(aetna), true);
    const page = mainTextOf((await client.get(PAGE)).text);
    assert.match(page, /You will no longer appear in directory searches for Aetna; it stays on your profile\./);
    assert.match(page, /Aetna Accepted Not shown in directory searches Show me in searches for Aetna/);
    assert.match(page, /Cigna Accepted Shown in directory searches/);
    // And back on.
    await post(client, `${PAGE}/insurances/search`, { tagId: aetna, enable: 1 }).then((r) =>
      assert.equal(r.status, 303),
    );
    assert.equal(await searchOf(id, aetna), true);
    assert.match(
      mainTextOf((await client.get(PAGE)).text),
      /Clients searching the directory for Aetna will now find you\./,
    );
  });

  it('the choice survives saving the states form', async () => {
    const { client, id, aetna, cigna } = await insured();
    await post(client, `${PAGE}/insurances/search`, { tagId: cigna, enable: 0 }).then((r) =>
      assert.equal(r.status, 303),
    );
    await post(client, `${PAGE}/insurances`, {}).then((r) => assert.equal(r.status, 303));
    assert.equal(await searchOf(id, cigna), false);
    assert.equal(await searchOf(id, aetna), true);
  });

  it("an insurance the profile does not carry (another provider's, or not an insurance) is not found; a bad enable value is refused", async () => {
    const { client, id, aetna } = await insured();
    const other = await createProviderUser(ctx().db);
    const blue = await insuranceId('Blue Cross Blue Shield');
    await ctx().db('taggings').insert({ provider_id: other.providerIds[0], tag_id: blue });
    await post(client, `${PAGE}/insurances/search`, { tagId: blue, enable: 0 }).then((r) =>
      assert.equal(r.status, 404),
    );
    assert.equal(await searchOf(other.providerIds[0]!, blue), true);
    const language = Number((await ctx().db('tags').where({ type: 'languages' }).first('id'))!.id);
    await ctx().db('taggings').insert({ provider_id: id, tag_id: language });
    await post(client, `${PAGE}/insurances/search`, { tagId: language, enable: 0 }).then((r) =>
      assert.equal(r.status, 404),
    );
    await post(client, `${PAGE}/insurances/search`, { tagId: 'abc', enable: 0 }).then((r) =>
      assert.equal(r.status, 404),
    );
    await post(client, `${PAGE}/insurances/search`, { tagId: aetna, enable: 'maybe' }).then((r) =>
      assert.equal(r.status, 400),
    );
    assert.equal(await searchOf(id, aetna), true);
  });
});

describe('insurance-fees: practice wording (spec 1 §6)', () => {
  it('a practice reads "your practice\'s" where an individual reads "your"', async () => {
    const practice = await signedIn({ type: 'practice', companyName: 'Harbor Practice' });
    assert.match(
      mainTextOf((await practice.client.get(`${PAGE}?edit=fee-note`)).text),
      /Note about your practice's fees/,
    );
    const individual = await signedIn();
    assert.match(mainTextOf((await individual.client.get(`${PAGE}?edit=fee-note`)).text), /Note about your fees/);
  });
});
