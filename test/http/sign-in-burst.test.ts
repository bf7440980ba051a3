// A right password in the middle of a burst of guesses does not open the account's counter to more
// guesses (Security and reliability III, item 12): only wrong passwords count, and a sign-in gives back
// its own point rather than emptying the counter the burst is filling.
import assert from 'node:assert/strict';
import { SIGN_IN_LIMITS } from '../../server/domain/accounts';
import { ctx } from '../support/context';
import { createProviderUser, TEST_PASSWORD } from '../support/factories';
import { agent, csrfFrom, type Agent } from '../support/http';
import { auditActions } from './auth-helpers';

async function visitors(n: number): Promise<{ client: Agent; _csrf: string }[]> {
  const ready: { client: Agent; _csrf: string }[] = [];
  for (let i = 0; i < n; i += 1) {
    const client = agent();
    ready.push({ client, _csrf: csrfFrom((await client.get('/login')).text) });
  }
  return ready;
}

const wrongChecked = async (userId: number) =>
  (await auditActions(userId)).filter((a) => a === 'sign_in_failed').length;

describe('a right password during a burst of guesses does not reset the count', function () {
  this.timeout(60_000);

  it('a burst of 50 with the right password early among them: at most 5 wrong guesses are checked', async () => {
    const user = await createProviderUser(ctx().db);
    const ready = await visitors(50);
    // supertest sends a request only once it is awaited: start each now.
    const post = ({ client, _csrf }: { client: Agent; _csrf: string }, password: string) =>
      Promise.resolve(client.post('/login').type('form').send({ _csrf, email: user.email, password }));
    // Two guesses, then the owner signs in while the burst keeps arriving: a guess every 10 ms until
    // the sign-in has answered, then the rest at once.
    let signedIn = false;
    const right = post(ready[2]!, TEST_PASSWORD).then((answer) => {
      signedIn = true;
      return answer;
    });
    const answers = [post(ready[0]!, 'Wrong-password-0'), post(ready[1]!, 'Wrong-password-1'), right];
    for (let i = 3; i < 50; i += 1) {
      if (!signedIn) await new Promise((resolve) => setTimeout(resolve, 10));
      answers.push(post(ready[i]!, `Wrong-password-${i}`));
    }
    const done = await Promise.all(answers);
    const checked = await wrongChecked(user.userId);
    assert.ok(checked <= SIGN_IN_LIMITS.perEmail.failures, `${checked} wrong guesses were checked`);
    assert.ok(done.filter((a) => a.status === 429).length >= 50 - 1 - SIGN_IN_LIMITS.perEmail.failures);
  });

  it('4 wrong guesses, a sign-in, then more guesses: the fifth wrong one is the last checked', async () => {
    const user = await createProviderUser(ctx().db);
    const [client] = await visitors(1);
    const post = (password: string) =>
      client!.client.post('/login').type('form').send({ _csrf: client!._csrf, email: user.email, password });
    for (let i = 0; i < 4; i += 1) assert.equal((await post(`Wrong-password-${i}`)).status, 401);
    assert.equal((await post(TEST_PASSWORD)).status, 303);
    const [guesser] = await visitors(1);
    const guess = (password: string) =>
      guesser!.client.post('/login').type('form').send({ _csrf: guesser!._csrf, email: user.email, password });
    assert.equal((await guess('Wrong-password-4')).status, 401);
    for (let i = 5; i < 10; i += 1) assert.equal((await guess(`Wrong-password-${i}`)).status, 429);
    assert.equal(await wrongChecked(user.userId), SIGN_IN_LIMITS.perEmail.failures);
  });
});
