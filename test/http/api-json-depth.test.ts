// A JSON body nested 50,000 deep fits in 100 KB and parses, but a recursive walk over it (the
// Idempotency-Key's body hash) overflowed the stack and answered 500 (issue [15], item 11). Nesting
// is limited at parse time: 400 in the API's one error shape.
import assert from 'node:assert/strict';
import supertest from 'supertest';
import { createToken } from '../../server/api';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../server/lib/json-depth';
import { ctx } from '../support/context';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('API: JSON nesting is limited', () => {
  it(`a body nested 50,000 deep (under 100 KB) gets 400 json_too_deep, not 500`, async () => {
    const { token } = await createToken(ctx().db, 'deep');
    const body = `{"client":${nested(50_000)}}`;
    assert.ok(Buffer.byteLength(body) < 100 * 1024);
    const response = await supertest(ctx().app)
      .post('/api/v1/providers/1/messages')
      .set('Authorization', `Bearer ${token}`)
      .set('Idempotency-Key', 'deep-body-0001')
      .type('json')
      .send(body);
    assert.equal(response.status, 400);
    assert.equal(response.body.error.code, 'json_too_deep');
    assert.match(response.body.error.message, new RegExp(`more than ${MAX_JSON_DEPTH} levels`));
    assert.match(String(response.body.error.requestId), /^[\w-]{8,}$/);
  });

  it(`a body nested ${MAX_JSON_DEPTH} deep is read as usual`, async () => {
    const { token } = await createToken(ctx().db, 'shallow');
    const response = await supertest(ctx().app)
      .post('/api/v1/providers/1/messages')
      .set('Authorization', `Bearer ${token}`)
      .set('Idempotency-Key', 'deep-body-0002')
      .type('json')
      .send(`{"client":${nested(MAX_JSON_DEPTH - 1)}}`);
    assert.notEqual(response.status, 500);
    assert.notEqual(response.body.error?.code, 'json_too_deep');
  });

  it('brackets inside strings (escaped quotes too) do not count as nesting', () => {
    assert.equal(nestsDeeperThan(JSON.stringify({ text: '['.repeat(1000), quote: 'say \\"[[[[' })), false);
    assert.equal(nestsDeeperThan(nested(33)), true);
    assert.equal(nestsDeeperThan(nested(32)), false);
  });
});
