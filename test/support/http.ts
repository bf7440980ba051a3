// supertest helpers: a cookie-keeping agent, the CSRF token of a page, and signing in through /login.
import assert from 'node:assert/strict';
import supertest from 'supertest';
import { ctx } from './context';
import { TEST_PASSWORD } from './factories';

export type Agent = ReturnType<typeof supertest.agent>;

export const agent = (): Agent => supertest.agent(ctx().app);

export function csrfFrom(html: string): string {
  const match = /name="_csrf" value="([^"]+)"/.exec(html) ?? /name="csrf-token" content="([^"]+)"/.exec(html);
  if (!match) throw new Error('no CSRF token on the page');
  return match[1]!;
}

export type FormValues = Record<string, string | number | (string | number)[] | undefined>;

/** A urlencoded body as a browser sends it: arrays repeat their key (checkbox lists), undefined is left out. */
export function formBody(values: FormValues): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params.toString();
}

/** Posts a form with the CSRF token of the page it would be sent from. */
export async function postForm(client: Agent, tokenPage: string, path: string, values: FormValues) {
  const _csrf = await tokenFor(client, tokenPage);
  return client
    .post(path)
    .type('form')
    .send(formBody({ _csrf, ...values }));
}

/** Fetches a page and returns its CSRF token (the session keeps it). */
export async function tokenFor(client: Agent, path = '/login'): Promise<string> {
  const page = await client.get(path);
  return csrfFrom(page.text);
}

export async function signIn(client: Agent, email: string, password = TEST_PASSWORD): Promise<void> {
  const _csrf = await tokenFor(client, '/login');
  const response = await client.post('/login').type('form').send({ _csrf, email, password });
  if (response.status !== 303) throw new Error(`sign-in failed with ${response.status}`);
}

/** The visible text of an HTML page, for assertions that read like the spec. */
export const textOf = (html: string) =>
  html
    // A script's text (an island's props) is not shown.
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The visible text of the page's <main> only (menus and top bar left out). */
export function mainTextOf(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/.exec(html);
  return textOf(main ? main[1]! : html);
}

/** The props the server gave an island on a page (its JSON data block: views/components/Island.tsx). */
export function islandPropsOf<Props = Record<string, unknown>>(html: string, island: string): Props {
  const block = new RegExp(`<script type="application/json" data-island-props="${island}">([\\s\\S]*?)</script>`).exec(
    html,
  );
  assert.ok(block, `the ${island} island is on the page`);
  return JSON.parse(block[1]!) as Props;
}
