// The vacation responder's window and the automated reply messaging sends (spec 2 §4 Vacation responder:
// 00:00 UTC on the start date to 23:59 UTC on the end date; spec 3 §3 automated_message_out_of_office).
import assert from 'node:assert/strict';
import {
  describe as describeView,
  outOfOfficeReplyFor,
  parseDay,
  responderWindow,
  validateVacation,
  VACATION_MESSAGES,
} from '../../../../server/domain/vacation-responder';
import { ctx } from '../../../support/context';
import { createProviderUser } from '../../../support/factories';

describe('vacation responder: the window in UTC', () => {
  it('starts at 00:00 UTC on the start date and ends at 23:59 UTC (last millisecond) on the end date', () => {
    const window = responderWindow('2030-06-01', '2030-06-10')!;
    assert.equal(window.startsAt.toISOString(), '2030-06-01T00:00:00.000Z');
    assert.equal(window.endsAt.toISOString(), '2030-06-10T23:59:59.999Z');
  });

  it('reads only real calendar dates', () => {
    assert.equal(parseDay('2030-02-30'), null);
    assert.equal(parseDay('30-02-2030'), null);
    assert.equal(parseDay('2032-02-29')!.toISOString(), '2032-02-29T00:00:00.000Z');
  });

  it('the phase: scheduled before the start, running inside, ended after, off when inactive', () => {
    const row = { status: 'active' as const, startDate: '2030-06-01', endDate: '2030-06-10', message: 'Away' };
    assert.equal(describeView(row, new Date('2030-05-31T23:59:59Z')).phase, 'scheduled');
    assert.equal(describeView(row, new Date('2030-06-01T00:00:00Z')).phase, 'running');
    assert.equal(describeView(row, new Date('2030-06-10T23:59:30Z')).phase, 'running');
    assert.equal(describeView(row, new Date('2030-06-11T00:00:00Z')).phase, 'ended');
    assert.equal(describeView({ ...row, status: 'inactive' }, new Date('2030-06-05T00:00:00Z')).phase, 'off');
  });
});

describe('vacation responder: the rules at a given moment (UTC)', () => {
  const now = new Date('2030-06-01T23:30:00-05:00'); // already June 2 in UTC
  it('"in the future" is after today in UTC', () => {
    assert.equal(
      validateVacation({ start_date: '2030-05-20', end_date: '2030-06-02', message: 'x' }, now).errors.end_date,
      VACATION_MESSAGES.endInFuture,
    );
    assert.equal(
      validateVacation({ start_date: '2030-05-20', end_date: '2030-06-03', message: 'x' }, now).errors.end_date,
      undefined,
    );
  });
  it('one full day at least, under a year', () => {
    assert.equal(
      validateVacation({ start_date: '2030-07-01', end_date: '2030-07-01', message: 'x' }, now).errors.end_date,
      VACATION_MESSAGES.oneDay,
    );
    assert.equal(
      validateVacation({ start_date: '2030-07-01', end_date: '2031-07-01', message: 'x' }, now).errors.end_date,
      VACATION_MESSAGES.underAYear,
    );
    assert.ok(validateVacation({ start_date: '2030-07-01', end_date: '2031-06-30', message: 'x' }, now).value);
  });
});

describe('vacation responder: outOfOfficeReplyFor (the automated reply)', () => {
  async function provider(row?: { status: string; start_date: string; end_date: string; message: string }) {
    const user = await createProviderUser(ctx().db);
    const id = user.providerIds[0]!;
    if (row)
      await ctx()
        .db('out_of_office_messages')
        .insert({ provider_id: id, ...row });
    return id;
  }
  const active = {
    status: 'active',
    start_date: '2030-06-01',
    end_date: '2030-06-10',
    message: 'I am away until June 11.',
  };

  it('replies with type automated_message_out_of_office while active and inside the window', async () => {
    const id = await provider(active);
    assert.deepEqual(await outOfOfficeReplyFor(ctx().db, id, new Date('2030-06-01T00:00:00Z')), {
      type: 'automated_message_out_of_office',
      sender: 'provider',
      message_content: 'I am away until June 11.',
    });
    assert.ok(await outOfOfficeReplyFor(ctx().db, id, new Date('2030-06-10T23:59:59Z')));
  });

  it('no reply before 00:00 UTC on the start date or after 23:59 UTC on the end date', async () => {
    const id = await provider(active);
    assert.equal(await outOfOfficeReplyFor(ctx().db, id, new Date('2030-05-31T23:59:59Z')), null);
    assert.equal(await outOfOfficeReplyFor(ctx().db, id, new Date('2030-06-11T00:00:00Z')), null);
  });

  it('no reply when inactive or when there is no responder at all', async () => {
    const inactive = await provider({ ...active, status: 'inactive' });
    assert.equal(await outOfOfficeReplyFor(ctx().db, inactive, new Date('2030-06-05T12:00:00Z')), null);
    assert.equal(await outOfOfficeReplyFor(ctx().db, await provider(), new Date('2030-06-05T12:00:00Z')), null);
  });
});
