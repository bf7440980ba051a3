// The request schemas of server/api/openapi.json are written by hand beside the joi validators that the
// endpoints really run: on the same sample bodies, both must accept or both refuse. The few rules a schema
// cannot hold (a time that is no date, a time window that moves with the clock, a cursor's contents, a
// range's order) are listed with the sample that shows them, as are the inputs joi cleans up (surrounding
// spaces) which the description asks clients not to send.
import assert from 'node:assert/strict';
import type Joi from 'joi';
import { contractSchemas } from '../../../../server/api';
import { eventsSchema } from '../../../../server/features/booking-api/profile-events';
import {
  bookingSchema,
  cancelSchema,
  check,
  clientMessageSchema,
  repliesCursor,
  repliesQuerySchema,
  slotRange,
} from '../../../../server/features/booking-api/validation';

/** Valid for both; invalid for both; or a known difference, explained. */
type Verdict = boolean | { joi: boolean; schema: boolean; why: string };
type Case = [name: string, input: unknown, verdict: Verdict];

const NOW = new Date('2026-12-01T15:00:00Z');
const long = (n: number, c = 'a') => c.repeat(n);
const keys = (n: number, value: unknown = 'x') =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`q${i}`, value]));

async function agree(schemaPointer: string, joiValid: (input: unknown) => boolean, cases: Case[]) {
  const ajv = await contractSchemas();
  const validate = ajv.compile({ $ref: `request#${schemaPointer}` });
  const wrong: string[] = [];
  for (const [name, input, verdict] of cases) {
    const expected = typeof verdict === 'boolean' ? { joi: verdict, schema: verdict } : verdict;
    const got = { joi: joiValid(input), schema: validate(input) as boolean };
    if (got.joi !== expected.joi || got.schema !== expected.schema)
      wrong.push(
        `${name}: expected joi ${expected.joi}, schema ${expected.schema}; got joi ${got.joi}, schema ${got.schema}`,
      );
  }
  assert.deepEqual(wrong, []);
}

const joiAccepts = (schema: Joi.ObjectSchema) => (input: unknown) => check(schema, input).errors === null;

const client = { email: 'casey@example.com', first_name: 'Casey', last_name: 'Client', phone_number: '(212) 555-0142' };
const booking = (changes: Record<string, unknown> = {}, clientChanges: Record<string, unknown> = {}) => ({
  start_time: '2026-12-01T14:15:00Z',
  client: { ...client, ...clientChanges },
  intake_form: { state: 'NY', session_type: 'Individual therapy' },
  ...changes,
});
const without = (object: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(object).filter(([k]) => k !== key));

describe('booking API: the described request schemas agree with the joi validators', () => {
  it('POST /providers/{provider_id}/consultations (BookingRequest)', async () => {
    await agree('/components/schemas/BookingRequest', joiAccepts(bookingSchema), [
      ['the example of docs/api.md', booking(), true],
      ['no intake form', without(booking(), 'intake_form'), true],
      ['an empty intake form', booking({ intake_form: {} }), true],
      ['an empty intake answer', booking({ intake_form: { insurance: '' } }), true],
      ['a field nobody asked for (dropped)', booking({ referrer: 'ads' }), true],
      ['a time with an offset, to the minute', booking({ start_time: '2026-12-01T09:15-05:00' }), true],
      ['a time with milliseconds', booking({ start_time: '2026-12-01T14:15:00.000Z' }), true],
      ['a time in lowercase', booking({ start_time: '2026-12-01t14:15:00z' }), true],
      ['phone with dots', booking({}, { phone_number: '212.555.0142' }), true],
      ['phone with +1', booking({}, { phone_number: '+1 212 555 0142' }), true],
      ['phone with a leading 1', booking({}, { phone_number: '12125550142' }), true],
      ['a name with an apostrophe and accents', booking({}, { last_name: "O'Brien-Zoë" }), true],
      ['a name of 100 characters', booking({}, { first_name: long(100) }), true],
      ['no start_time', without(booking(), 'start_time'), false],
      ['a time without a zone', booking({ start_time: '2026-12-01T14:15:00' }), false],
      ['a date without a time', booking({ start_time: '2026-12-01' }), false],
      ['a time as a number', booking({ start_time: 1796138100000 }), false],
      [
        'a time that is no date',
        booking({ start_time: '2026-13-45T99:99:00Z' }),
        { joi: false, schema: true, why: 'the pattern has the shape of a time; the date itself is checked by the API' },
      ],
      [
        'a time with spaces around it',
        booking({ start_time: ' 2026-12-01T14:15:00Z ' }),
        { joi: true, schema: false, why: 'joi trims; the description asks for the bare time' },
      ],
      ['no client', without(booking(), 'client'), false],
      ['client null', booking({ client: null }), false],
      ['client as text', booking({ client: 'casey@example.com' }), false],
      ['no e-mail', booking({ client: without(client, 'email') }), false],
      ['an e-mail without @', booking({}, { email: 'casey.example.com' }), false],
      ['an e-mail without a domain dot', booking({}, { email: 'casey@example' }), false],
      ['an empty first name', booking({}, { first_name: '' }), false],
      ['a blank first name', booking({}, { first_name: '   ' }), false],
      ['a first name with markup', booking({}, { first_name: '<b>Casey</b>' }), false],
      ['a last name with >', booking({}, { last_name: 'Client>' }), false],
      ['a name of 101 characters', booking({}, { last_name: long(101) }), false],
      ['a name with NUL', booking({}, { first_name: 'Ca\u0000sey' }), false],
      ['no last name', booking({ client: without(client, 'last_name') }), false],
      ['no phone', booking({ client: without(client, 'phone_number') }), false],
      ['an empty phone', booking({}, { phone_number: '' }), false],
      ['a 7-digit phone', booking({}, { phone_number: '555-0142' }), false],
      ['a UK phone', booking({}, { phone_number: '+44 20 7946 0958' }), false],
      ['an area code starting with 0', booking({}, { phone_number: '(012) 555-0142' }), false],
      ['an exchange starting with 1', booking({}, { phone_number: '(212) 155-0142' }), false],
      ['a phone as a number', booking({}, { phone_number: 2125550142 }), false],
      ['a phone with letters', booking({}, { phone_number: '212-555-CALL' }), false],
      ['an intake key with spaces', booking({ intake_form: { 'what is this': 'x' } }), false],
      ['an intake key of 51 characters', booking({ intake_form: { [long(51)]: 'x' } }), false],
      ['30 intake answers', booking({ intake_form: keys(30) }), true],
      ['31 intake answers', booking({ intake_form: keys(31) }), false],
      ['an intake answer of 2,001 characters', booking({ intake_form: { note: long(2001) } }), false],
      ['an intake answer as a number', booking({ intake_form: { age: 30 } }), false],
      ['an intake answer with NUL', booking({ intake_form: { note: 'a\u0000b' } }), false],
      ['intake form null', booking({ intake_form: null }), false],
      ['intake form as text', booking({ intake_form: 'NY' }), false],
    ]);
  });

  it('POST /consultations/{consultation_id}/cancel (CancelRequest)', async () => {
    await agree('/components/schemas/CancelRequest', joiAccepts(cancelSchema), [
      [
        'the example of docs/api.md',
        { client_email: 'casey@example.com', cancel_message: 'Something came up, sorry!' },
        true,
      ],
      ['no message', { client_email: 'casey@example.com' }, true],
      ['message null', { client_email: 'casey@example.com', cancel_message: null }, true],
      ['an empty message', { client_email: 'casey@example.com', cancel_message: '' }, true],
      ['a message of 2,000 characters', { client_email: 'casey@example.com', cancel_message: long(2000) }, true],
      ['a message of 2,001 characters', { client_email: 'casey@example.com', cancel_message: long(2001) }, false],
      ['a message as a number', { client_email: 'casey@example.com', cancel_message: 5 }, false],
      ['a message with NUL', { client_email: 'casey@example.com', cancel_message: 'a\u0000' }, false],
      ['no e-mail', { cancel_message: 'sorry' }, false],
      ['not an address', { client_email: 'casey' }, false],
      ['an empty body', {}, false],
    ]);
  });

  it('POST /providers/{provider_id}/messages (ClientMessageRequest)', async () => {
    const short = { email: 'casey@example.com', first_name: 'Casey', last_name: 'Client' };
    const message = (changes: Record<string, unknown> = {}) => ({
      type: 'message',
      client: short,
      message_content: 'Hello, do you see clients on weekends?',
      ...changes,
    });
    const referral = (changes: Record<string, unknown> = {}) => ({
      type: 'messaging_tool_intake',
      client: short,
      intake_form: { state: 'NY', insurance: 'Aetna' },
      ...changes,
    });
    await agree('/components/schemas/ClientMessageRequest', joiAccepts(clientMessageSchema), [
      ['the example of docs/api.md', message({ client }), true],
      ['no type (a message)', without(message(), 'type'), true],
      ['no phone', message(), true],
      ['phone null', message({ client: { ...short, phone_number: null } }), true],
      ['an empty phone', message({ client: { ...short, phone_number: '' } }), true],
      ['a blank phone', message({ client: { ...short, phone_number: '  ' } }), true],
      ['a wrong phone', message({ client: { ...short, phone_number: '555-0142' } }), false],
      ['a phone as a number', message({ client: { ...short, phone_number: 2125550142 } }), false],
      ['intake form null on a message', message({ intake_form: null, vob_data: null }), true],
      ['content of 10,000 characters', message({ message_content: long(10000) }), true],
      ['content of 10,001 characters', message({ message_content: long(10001) }), false],
      ['no content', without(message(), 'message_content'), false],
      ['content null', message({ message_content: null }), false],
      ['empty content', message({ message_content: '' }), false],
      ['blank content', message({ message_content: '  \n ' }), false],
      ['content with NUL', message({ message_content: 'hi\u0000' }), false],
      ['an intake form on a message', message({ intake_form: { state: 'NY' } }), false],
      ['a benefits check on a message', message({ vob_data: {} }), false],
      ['benefits input on a message', message({ vob_input_info: { a: 1 } }), false],
      ['a type nobody knows', message({ type: 'chat' }), false],
      ['type null', message({ type: null }), false],
      ['no client', without(message(), 'client'), false],
      ['a name with markup', message({ client: { ...short, first_name: '<i>Casey</i>' } }), false],
      ['a referral without words', referral(), true],
      ['a referral with words', referral({ message_content: 'Referred by Dr. Lee.' }), true],
      ['a referral with empty words', referral({ message_content: '' }), true],
      ['a referral with words null', referral({ message_content: null }), true],
      ['a referral with an empty intake form', referral({ intake_form: {} }), true],
      [
        'a referral with a benefits check',
        referral({
          vob_data: { in_network: false, deductible_cents: 50000, plan: 'PPO', note: null },
          vob_input_info: null,
        }),
        true,
      ],
      ['a referral without intake form', without(referral(), 'intake_form'), false],
      ['a referral with intake form null', referral({ intake_form: null }), false],
      ['a referral with a nested benefits check', referral({ vob_data: { plan: { name: 'PPO' } } }), false],
      ['a referral with a benefits list', referral({ vob_data: ['PPO'] }), false],
      ['a benefits check of 31 keys', referral({ vob_data: keys(31, 1) }), false],
      ['a benefits key with spaces', referral({ vob_data: { 'in network': true } }), false],
      ['a benefits text of 501 characters', referral({ vob_data: { note: long(501) } }), false],
      ['an intake answer of 2,001 characters', referral({ intake_form: { note: long(2001) } }), false],
    ]);
  });

  it('POST /providers/{provider_id}/events (ProfileEventsRequest)', async () => {
    const event = (changes: Record<string, unknown> = {}) => ({
      id: 'pv_01HF8Z3K',
      type: 'profile_view',
      occurred_at: '2026-11-27T09:14:03Z',
      ...changes,
    });
    const many = (n: number) => ({ events: Array.from({ length: n }, (_, i) => event({ id: `pv_${i}` })) });
    const joi = (input: unknown) => check(eventsSchema(NOW), input).errors === null;
    await agree('/components/schemas/ProfileEventsRequest', joi, [
      ['the example of docs/api.md', { events: [event(), event({ id: 'cc_01HF8Z9Q', type: 'contact_click' })] }, true],
      ['500 events', many(500), true],
      ['501 events', many(501), false],
      ['no events', { events: [] }, false],
      ['no list', {}, false],
      ['events as an object', { events: { 0: event() } }, false],
      ['an event null', { events: [null] }, false],
      ['a field nobody asked for (dropped)', { events: [event({ page: '/p/12' })] }, true],
      ['an id of 200 visible characters', { events: [event({ id: long(200, '~') })] }, true],
      ['an id of 201 characters', { events: [event({ id: long(201) })] }, false],
      ['an empty id', { events: [event({ id: '' })] }, false],
      ['an id with a space', { events: [event({ id: 'pv 1' })] }, false],
      ['an id as a number', { events: [event({ id: 12 })] }, false],
      ['no id', { events: [without(event(), 'id')] }, false],
      ['a kind nobody knows', { events: [event({ type: 'click' })] }, false],
      ['no type', { events: [without(event(), 'type')] }, false],
      ['a time with an offset', { events: [event({ occurred_at: '2026-11-27T04:14:03-05:00' })] }, true],
      ['a date without a time', { events: [event({ occurred_at: '2026-11-27' })] }, false],
      ['no time', { events: [without(event(), 'occurred_at')] }, false],
      [
        'a time an hour ahead',
        { events: [event({ occurred_at: '2026-12-01T16:00:00Z' })] },
        {
          joi: false,
          schema: true,
          why: 'at most 5 minutes ahead of the portal’s clock: a rule of time, not of shape',
        },
      ],
      [
        'a time 401 days ago',
        { events: [event({ occurred_at: '2025-10-26T15:00:00Z' })] },
        { joi: false, schema: true, why: 'at most 400 days ago: a rule of time, not of shape' },
      ],
    ]);
  });

  it('GET /providers/{provider_id}/messages: client_email, limit, cursor', async () => {
    const ajv = await contractSchemas();
    const params = '/paths/~1providers~1{provider_id}~1messages/get/parameters';
    const [email, limit, cursor] = [0, 1, 2].map((i) => ajv.compile({ $ref: `request#${params}/${i}/schema` }));
    // As the contract check reads a query: numbers from their text.
    const describedOk = (query: Record<string, string>) =>
      email!(query.client_email) &&
      (query.limit === undefined || limit!(/^\d+$/.test(query.limit) ? Number(query.limit) : query.limit)) &&
      (query.cursor === undefined || cursor!(query.cursor));
    const cases: Case[] = [
      ['an address', { client_email: 'casey@example.com' }, true],
      ['a limit', { client_email: 'casey@example.com', limit: '5' }, true],
      ['the largest limit', { client_email: 'casey@example.com', limit: '100' }, true],
      ['limit 0', { client_email: 'casey@example.com', limit: '0' }, false],
      ['limit 101', { client_email: 'casey@example.com', limit: '101' }, false],
      ['limit as words', { client_email: 'casey@example.com', limit: 'ten' }, false],
      ['a cursor given', { client_email: 'casey@example.com', cursor: repliesCursor(42) }, true],
      ['a cursor of 41 characters', { client_email: 'casey@example.com', cursor: long(41) }, false],
      [
        'a cursor never given',
        { client_email: 'casey@example.com', cursor: 'bm9wZQ' },
        { joi: false, schema: true, why: 'a cursor is opaque: only the API knows what it may hold' },
      ],
      ['no address', {}, false],
      ['not an address', { client_email: 'casey' }, false],
    ];
    const wrong = cases.filter(([, query, verdict]) => {
      const expected = typeof verdict === 'boolean' ? { joi: verdict, schema: verdict } : verdict;
      const joi = repliesQuerySchema.validate(query).error === undefined;
      return joi !== expected.joi || describedOk(query as Record<string, string>) !== expected.schema;
    });
    assert.deepEqual(
      wrong.map(([name]) => name),
      [],
    );
  });

  it('GET /providers/{provider_id}/slots: from and to', async () => {
    const ajv = await contractSchemas();
    const instant = ajv.compile({ $ref: 'request#/components/schemas/Instant' });
    const describedOk = (query: Record<string, string>) =>
      Object.values(query).every((value) => instant(value) as boolean);
    const cases: Case[] = [
      ['no range (the next 14 days)', {}, true],
      ['from only', { from: '2026-12-01T00:00:00Z' }, true],
      ['both, 2 days apart', { from: '2026-12-01T00:00:00Z', to: '2026-12-03T00:00:00-05:00' }, true],
      ['a word', { from: 'tomorrow' }, false],
      ['a date without a time', { to: '2026-12-03' }, false],
      [
        'to before from',
        { from: '2026-12-03T00:00:00Z', to: '2026-12-01T00:00:00Z' },
        { joi: false, schema: true, why: 'the order of two parameters is not a schema’s' },
      ],
      [
        '32 days apart',
        { from: '2026-12-01T00:00:00Z', to: '2027-01-02T00:00:00Z' },
        { joi: false, schema: true, why: 'at most 31 days apart: said in the description of `to`' },
      ],
    ];
    const wrong = cases.filter(([, query, verdict]) => {
      const expected = typeof verdict === 'boolean' ? { joi: verdict, schema: verdict } : verdict;
      const code = slotRange(query as Record<string, unknown>, NOW).errors === null;
      return code !== expected.joi || describedOk(query as Record<string, string>) !== expected.schema;
    });
    assert.deepEqual(
      wrong.map(([name]) => name),
      [],
    );
  });
});
