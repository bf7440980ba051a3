// The benefits check in a message, on a phone ([21] item 10): the sample message reads as a paragraph
// (it was one syllable a line inside a figure and a quote, three boxes deep), and "Copy message" copies
// it with JavaScript; without JavaScript there is no button that would do nothing. axe on each.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, signInAs, useBrowser } from '../support/browser';

async function providerWithCheckedLead() {
  const { db } = ctx();
  const user = await createProviderUser(db, { paid: true, providers: [{ firstName: 'Dana', lastName: 'Rivera' }] });
  const providerId = user.providerIds[0]!;
  const [client] = await db('users')
    .insert({ email: `sam-${Date.now()}@example.test`, first_name: 'Sam', last_name: 'Ortiz', scopes: ['client'] })
    .returning('id');
  const [conversation] = await db('conversations')
    .insert({ provider_id: providerId, client_user_id: client.id, last_message_at: new Date() })
    .returning('id');
  await db('messages').insert({
    conversation_id: conversation.id,
    provider_id: providerId,
    client_user_id: client.id,
    sender: 'client',
    type: 'messaging_tool_intake',
    message_content: 'Hi, I would like to use my out-of-network benefits.',
    vob_data: JSON.stringify({
      status: 'run',
      estimated_reimbursement_after_deductible_percent: 60,
      oon_individual_deductible_remaining_dollars: 450,
    }),
    vob_input_info: JSON.stringify({ insurance_name: 'UnitedHealthcare', member_id: 'U1', dob: '1990-04-12' }),
  });
  return { user, threadPath: `/messages/${client.id}` };
}

describe('browser: a benefits check in a message', () => {
  const session = useBrowser();

  for (const javaScript of [true, false]) {
    it(`on a phone the sample message is a readable paragraph; Copy message ${javaScript ? 'copies it' : 'is absent without JavaScript'}`, async () => {
      const { user, threadPath } = await providerWithCheckedLead();
      const page = await session.newPage({ javaScript });
      await page.setViewportSize({ width: 375, height: 800 });
      if (javaScript)
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.baseUrl });
      await signInAs(page, user.userId);
      await page.goto(threadPath);
      const sample = page.locator('.vob-card__sample-text');
      const text = (await sample.innerText()).trim();
      assert.match(text, /^Hi Sam, I checked your out-of-network benefits/);
      const box = await sample.boundingBox();
      assert.ok(box && box.width >= 200, `the sample is ${box?.width} px wide`);
      assert.equal(await page.locator('.vob-card figure, .vob-card blockquote, .vob-card .card').count(), 0);
      const copy = page.getByRole('button', { name: 'Copy message' });
      assert.equal(await copy.isVisible(), javaScript);
      await expectAccessible(page);
      if (javaScript) {
        await copy.click();
        await page.getByRole('button', { name: 'Copied' }).waitFor();
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), text);
      }
    });
  }
});
