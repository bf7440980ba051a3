// /calendar's table view as a provider with JavaScript off uses it (spec 3 §2 Calendar page, §4 Calendar): one-time
// availability added through the form page, shown in its day of the week's table; axe-core on each page
// answered. Deleting it through the confirmation page stays a browser flow with JavaScript off
// (test/e2e/calendar.spec.ts).
import assert from 'node:assert/strict';
import { expectAccessibleHtml } from '../support/accessible-html';
import { ctx } from '../support/context';
import { createProviderWithCalendar } from '../support/factories';
import { agent, signIn } from '../support/http';
import { open, redirected } from '../support/served-form';

const SAVED = 'Your call schedule has been updated.';

describe('calendar without JavaScript: adding one-time availability in the table view', () => {
  it(`saves it with "${SAVED}" and shows it in its day`, async () => {
    const { user, id } = await createProviderWithCalendar(ctx().db);
    const client = agent();
    await signIn(client, user.email);

    const calendar = await open(client, '/calendar');
    assert.ok(calendar.has('#week'), 'the week as a table');
    await expectAccessibleHtml(calendar.html, '/calendar');

    const form = await calendar.follow(client, 'Add one-time availability');
    await expectAccessibleHtml(form.html, 'the new availability form');
    const date = form.field('Date').value;
    assert.match(date, /^\d{4}-\d{2}-\d{2}$/);
    form.fill('Start time', '10:00am');
    form.fill('End time', '11:30am');
    const saved = redirected(await form.submit(client, 'Save'));
    assert.ok(saved.text.includes(SAVED));
    const day = saved.document.querySelector(`section[aria-labelledby="day-${date}"]`);
    assert.ok(day, `the day ${date} in the week's table`);
    const cells = [...day.querySelectorAll('td, th')].map((cell) =>
      (cell.textContent ?? '').replace(/\s+/g, ' ').trim(),
    );
    assert.ok(
      cells.some((text) => /^10:00am.+11:30am$/.test(text)),
      `a cell 10:00am to 11:30am among ${cells.join(' | ')}`,
    );
    await expectAccessibleHtml(saved.html, '/calendar with the new availability');
    assert.equal((await ctx().db('availability_events').where({ provider_id: id })).length, 1);
  });
});
