// One way of writing dates and times (issue [19] item 14): a date field is the browser's own picker, which
// shows the date as the person's device does, so no "Format: YYYY-MM-DD" beside it contradicts it; times are
// "2:00pm" everywhere (test/unit/domain/appointments/time.test.ts, test/e2e/calendar-phone.spec.ts).
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderWithCalendar } from '../support/factories';
import { agent, signIn } from '../support/http';

describe('date fields are the browser’s picker, with no format of their own beside it', () => {
  it('the availability editor and the vacation responder', async () => {
    const { user } = await createProviderWithCalendar(ctx().db);
    const client = agent();
    await signIn(client, user.email);
    for (const path of [
      '/calendar/availability/new?kind=once',
      '/profile/availability-locations?edit=vacation-responder',
    ]) {
      const html = (await client.get(path).expect(200)).text;
      assert.match(html, /<input [^>]*type="date"/, path);
      assert.doesNotMatch(html, /YYYY-MM-DD/, path);
    }
  });
});
