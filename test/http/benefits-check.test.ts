// The benefits check (VOB) in messages (spec 3 §4 "Practice management and benefits tool", §7 rerun-vob,
// §8 "Benefits tool errors"): rerunning a pending check through the local benefits tool, its failure,
// another provider's ids, and the draft warning before the benefits-check link is sent.
import assert from 'node:assert/strict';
import { ctx } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, postForm, signIn, type Agent, type FormValues } from '../support/http';
import { rerunBenefitsCheck, type VobData } from '../../server/domain/benefits-check';
import { decryptedMessages } from '../support/encrypted';

const db = () => ctx().db;
const TOKEN_PAGE = '/profile/availability-locations';
/** A page of ours that shows the flash after the redirect. */
const BACK = '/profile/availability-locations';
const TOOL_ERROR = 'Sorry, we ran into an error. Please contact support.';
const DRAFT_WARNING = 'Sending the benefits check link will erase the message you have drafted. Send the link anyway?';

async function signedIn(options: { roles?: string[]; providers?: number } = {}) {
  const user = await createProviderUser(db(), {
    roles: options.roles,
    providers: Array.from({ length: options.providers ?? 1 }, () => ({})),
  });
  const client = agent();
  await signIn(client, user.email);
  return { client, providerId: user.providerIds[0]!, providerIds: user.providerIds, accountId: user.accountId };
}

let clients = 0;
async function clientUser(): Promise<number> {
  const [row] = await db()('users')
    .insert({
      email: `vob-client${++clients}-${Date.now()}@example.test`,
      first_name: 'Casey',
      last_name: 'Client',
      scopes: ['client'],
    })
    .returning('id');
  return Number(row.id);
}

/** A conversation whose intake message carries a benefits check. */
async function leadWithCheck(providerId: number, vobData: Record<string, unknown>, memberId = 'W123456789') {
  const clientUserId = await clientUser();
  const [conversation] = await db()('conversations')
    .insert({ provider_id: providerId, client_user_id: clientUserId, last_message_at: new Date() })
    .returning('id');
  const [message] = await db()('messages')
    .insert({
      conversation_id: conversation.id,
      provider_id: providerId,
      client_user_id: clientUserId,
      sender: 'client',
      type: 'messaging_tool_intake',
      message_content: 'I would like to know if my insurance covers sessions.',
      vob_data: JSON.stringify({ id: 'vob-1', estimated_reimbursement_after_deductible_percent: null, ...vobData }),
      vob_input_info: JSON.stringify({ insurance_name: 'Aetna', member_id: memberId, dob: '1990-04-01' }),
    })
    .returning('id');
  return { clientUserId, messageId: Number(message.id), conversationId: Number(conversation.id) };
}

const vobOf = async (messageId: number) =>
  (await db()('messages').where({ id: messageId }).first('vob_data'))!.vob_data as VobData & {
    rerun_started_at?: unknown;
  };
const post = (client: Agent, path: string, values: FormValues = {}) => postForm(client, TOKEN_PAGE, path, values);
const rerunPath = (clientUserId: number, messageId: number) =>
  `/messages/${clientUserId}/benefits-check/${messageId}/rerun`;

async function flashAfter(
  client: Agent,
  response: { status: number; headers: Record<string, string> },
): Promise<string> {
  assert.equal(response.status, 303);
  return mainTextOf((await client.get(response.headers.location!).expect(200)).text);
}

describe('benefits check: rerunning a pending check (pending_rerun)', () => {
  it('runs it through the benefits tool, stores the answer and goes back to the conversation', async () => {
    const { client, providerId } = await signedIn();
    const { clientUserId, messageId } = await leadWithCheck(providerId, { status: 'pending_rerun' });
    const response = await post(client, rerunPath(clientUserId, messageId));
    assert.equal(response.status, 303);
    assert.equal(response.headers.location, `/messages/${clientUserId}`);
    const vob = await vobOf(messageId);
    assert.equal(vob.status, 'run');
    assert.ok([50, 60, 70, 80].includes(vob.estimated_reimbursement_after_deductible_percent ?? 0));
    assert.equal(vob.id, 'vob-1', 'the stored fields the tool does not answer are kept');
    assert.match(
      await flashAfter(client, await post(client, rerunPath(clientUserId, messageId), { return_to: BACK })),
      /This benefits check has already run\./,
    );
  });

  it('shows the success flash on the page it goes back to, and the limit answer is stored as vob_limit_reached', async () => {
    const { client, providerId } = await signedIn();
    const { clientUserId, messageId } = await leadWithCheck(providerId, { status: 'pending_rerun' }, 'W-LIMIT-7');
    assert.match(
      await flashAfter(client, await post(client, rerunPath(clientUserId, messageId), { return_to: BACK })),
      /The benefits check has run\./,
    );
    assert.equal((await vobOf(messageId)).status, 'vob_limit_reached');
  });

  it(`a failing tool answers '${TOOL_ERROR}' and the check stays pending`, async () => {
    const { client, providerId } = await signedIn();
    const { clientUserId, messageId } = await leadWithCheck(providerId, { status: 'pending_rerun' }, 'ERROR-42');
    const text = await flashAfter(client, await post(client, rerunPath(clientUserId, messageId), { return_to: BACK }));
    assert.match(text, new RegExp(TOOL_ERROR.replace(/\./g, '\\.')));
    assert.equal((await vobOf(messageId)).status, 'pending_rerun');
  });

  it("another provider's message id, or a client id that is not the message's, is not found (404) and untouched", async () => {
    const { client, providerId } = await signedIn();
    const other = await createProviderUser(db());
    const theirs = await leadWithCheck(other.providerIds[0]!, { status: 'pending_rerun' });
    const mine = await leadWithCheck(providerId, { status: 'pending_rerun' });
    assert.equal((await post(client, rerunPath(theirs.clientUserId, theirs.messageId))).status, 404);
    assert.equal((await post(client, rerunPath(mine.clientUserId, theirs.messageId))).status, 404);
    assert.equal((await post(client, rerunPath(theirs.clientUserId + 1000000, mine.messageId))).status, 404);
    assert.equal((await post(client, rerunPath(mine.clientUserId, 0))).status, 404);
    assert.equal((await post(client, `/messages/${mine.clientUserId}/benefits-check/abc/rerun`)).status, 404);
    assert.equal((await vobOf(theirs.messageId)).status, 'pending_rerun');
  });

  it('an intake coordinator reruns a check of another profile of the practice (the practice inbox)', async () => {
    const { client, providerIds } = await signedIn({ roles: ['owner', 'intake-coordinator'], providers: 2 });
    const { clientUserId, messageId } = await leadWithCheck(providerIds[1]!, { status: 'pending_rerun' });
    const back = `/practice-inbox/messages/${clientUserId}/${providerIds[1]}`;
    const response = await post(client, rerunPath(clientUserId, messageId), { return_to: back });
    assert.equal(response.headers.location, back);
    assert.equal((await vobOf(messageId)).status, 'run');
  });
});

describe('benefits check: sending the benefits-check link', () => {
  const linkPath = (clientUserId: number) => `/messages/${clientUserId}/benefits-check-link`;
  const sent = (conversationId: number) =>
    db()('messages')
      .where({ conversation_id: conversationId, sender: 'provider' })
      .select('message_content')
      .then((rows) => decryptedMessages(db(), rows));

  it('with a drafted message, asks first that the draft will be erased, and sends nothing', async () => {
    const { client, providerId } = await signedIn();
    const { clientUserId, conversationId } = await leadWithCheck(providerId, { status: 'run' });
    const response = await post(client, linkPath(clientUserId), {
      message: 'Thanks for reaching out, I have',
      return_to: BACK,
    });
    assert.equal(response.status, 200);
    const text = mainTextOf(response.text);
    assert.match(text, new RegExp(DRAFT_WARNING.replace(/\?/g, '\\?').replace(/\./g, '\\.')));
    assert.match(response.text, new RegExp(`action="${linkPath(clientUserId)}"`));
    assert.match(response.text, /name="confirmed" value="1"/);
    assert.deepEqual(await sent(conversationId), []);
  });

  it('confirmed (or with no draft), sends the client a message with the link and says so', async () => {
    const { client, providerId } = await signedIn();
    const { clientUserId, conversationId } = await leadWithCheck(providerId, { status: 'run' });
    const text = await flashAfter(
      client,
      await post(client, linkPath(clientUserId), { draft: 'half a thought', confirmed: '1', return_to: BACK }),
    );
    assert.match(text, /The benefits check link has been sent\./);
    await post(client, linkPath(clientUserId), { message: '  ' });
    const link = `https://reimbursify.example.com/benefits-check/${providerId}`;
    assert.deepEqual(
      (await sent(conversationId)).map((m) => m.message_content),
      [
        `You can check your out-of-network benefits for therapy here: ${link}`,
        `You can check your out-of-network benefits for therapy here: ${link}`,
      ],
    );
  });

  it("another provider's client is not found (404)", async () => {
    const { client } = await signedIn();
    const other = await createProviderUser(db());
    const theirs = await leadWithCheck(other.providerIds[0]!, { status: 'run' });
    assert.equal((await post(client, linkPath(theirs.clientUserId), { confirmed: '1' })).status, 404);
    assert.deepEqual(await sent(theirs.conversationId), []);
  });
});

describe('benefits check: a rerun holds no lock while the tool answers (no outside call in a transaction)', () => {
  const answer = {
    status: 'completed',
    estimated_reimbursement_after_deductible_percent: 60,
    reimbursify_eligibility_id: 'elig-1',
  } as never;

  it('another session can lock the message at once while the tool is asked; the answer is stored', async () => {
    const { providerId } = await signedIn();
    const { clientUserId, messageId } = await leadWithCheck(providerId, { status: 'pending_rerun' });
    const outcome = await rerunBenefitsCheck(
      db(),
      {
        rerunVerification: async () => {
          // The old rerun held `select … for update` in a transaction around this call: NOWAIT failed here.
          await db().transaction(async (trx) => {
            const row = await trx('messages').where({ id: messageId }).forUpdate().noWait().first('id');
            assert.equal(Number(row?.id), messageId);
          });
          return answer;
        },
      },
      { scope: { providerId, accountIds: [] }, clientUserId, messageId },
    );
    assert.equal(outcome, 'ran');
    const stored = await vobOf(messageId);
    assert.equal(stored.status, 'completed');
    assert.equal(stored.rerun_started_at, undefined, 'the claim is not kept with the answer');
  });

  it('two clicks at once call the tool once; the second waits and finds the check run', async () => {
    const { providerId } = await signedIn();
    const { clientUserId, messageId } = await leadWithCheck(providerId, { status: 'pending_rerun' });
    let calls = 0;
    const tool = {
      rerunVerification: async () => {
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 300));
        return answer;
      },
    };
    const request = { scope: { providerId, accountIds: [] }, clientUserId, messageId };
    const outcomes = await Promise.all([
      rerunBenefitsCheck(db(), tool, request),
      new Promise((resolve) => setTimeout(resolve, 50)).then(() => rerunBenefitsCheck(db(), tool, request)),
    ]);
    assert.deepEqual(outcomes, ['ran', 'not-pending']);
    assert.equal(calls, 1);
  });

  it('a failing tool lets the claim go: the check stays pending and the next click runs it', async () => {
    const { providerId } = await signedIn();
    const { clientUserId, messageId } = await leadWithCheck(providerId, { status: 'pending_rerun' });
    const request = { scope: { providerId, accountIds: [] }, clientUserId, messageId };
    await assert.rejects(
      rerunBenefitsCheck(
        db(),
        {
          rerunVerification: async () => {
            throw new Error('tool down');
          },
        },
        request,
      ),
      /tool down/,
    );
    const pending = await vobOf(messageId);
    assert.equal(pending.status, 'pending_rerun');
    assert.equal(pending.rerun_started_at, undefined);
    assert.equal(await rerunBenefitsCheck(db(), { rerunVerification: async () => answer }, request), 'ran');
  });
});
