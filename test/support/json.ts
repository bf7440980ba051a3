// A jsonb column's document as a test reads it: the generated row types say `unknown` (the schema does not
// know a document's shape), so a test that reads keys of one says so here, and fails when it is no object.
import assert from 'node:assert/strict';

export type JsonObject = Record<string, unknown>;

export function jsonObject(value: unknown): JsonObject {
  assert.ok(value !== null && typeof value === 'object' && !Array.isArray(value), 'a JSON object');
  return value as JsonObject;
}
