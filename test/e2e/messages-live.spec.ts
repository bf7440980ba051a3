// How messages arrive, in Chromium (issue [12]): a demo client writes through /dev/client (JavaScript
// off, as the directory's API client), the provider sees it arrive live in the open thread, replies,
// and the reply shows on the client's side.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { expectAccessible, expectFlash, signInAs, submit, useBrowser } from '../support/browser';

describe('browser: a client writes through the directory and the provider answers live', function () {
  this.timeout(180_000);
  const session = useBrowser();

  it('the demo client writes; the provider sees it arrive live and replies; the reply shows on the client side', async () => {
    await ctx().changes.whenLive();
    const user = await createProviderUser(ctx().db, {
      paid: true,
      providers: [{ firstName: 'Dana', lastName: 'Rivera' }],
    });

    const client = await session.newPage({ javaScript: false });
    await client.setViewportSize({ width: 375, height: 800 });
    await client.goto('/dev/client');
    await client.getByLabel('Write to').selectOption({ label: 'Dana Rivera' });
    await submit(client, client.getByRole('button', { name: 'Show conversation' }));
    const write = async (text: string) => {
      const form = client.getByRole('form', { name: 'Write a message' });
      await form.getByLabel('Message', { exact: true }).fill(text);
      await submit(client, form.getByRole('button', { name: 'Send' }));
      await expectFlash(client, 'Message sent. The provider has been told.');
    };
    await write('Hello, do you see clients on weekends?');
    const conversation = client.getByRole('list', { name: 'Conversation with Dana Rivera' });
    assert.match(await conversation.innerText(), /You[\s\S]*Hello, do you see clients on weekends\?/);
    await expectAccessible(client);
    assert.ok(
      await client.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      'no sideways scroll at 375 px',
    );

    const provider = await session.newPage();
    provider.setDefaultTimeout(30_000);
    await signInAs(provider, user.userId);
    await provider.goto('/messages');
    await submit(provider, provider.getByRole('link', { name: /Casey Client/ }));
    await provider.locator('.thread__text', { hasText: 'Hello, do you see clients on weekends?' }).waitFor();
    await provider.locator('[data-island="MessageThread"][data-hydrated="true"]').waitFor();
    const loads: string[] = [];
    provider.on('load', () => loads.push(provider.url()));

    await write('Saturday mornings would be ideal.');
    // Sooner than the 10 s polling fallback would bring it: the live stream.
    await provider
      .locator('.thread__text', { hasText: 'Saturday mornings would be ideal.' })
      .waitFor({ timeout: 8000 });
    assert.deepEqual(loads, [], 'arrived without a reload');

    await provider.getByLabel('Reply').fill('Yes, Saturdays from 9am.');
    await provider.getByRole('button', { name: 'Send', exact: true }).click();
    await provider.locator('.thread__text', { hasText: 'Yes, Saturdays from 9am.' }).waitFor();

    await submit(client, client.getByRole('link', { name: /Refresh/ }));
    assert.match(
      await conversation.innerText(),
      /Saturday mornings would be ideal\.[\s\S]*Dana Rivera[\s\S]*Yes, Saturdays from 9am\./,
    );
  });
});
