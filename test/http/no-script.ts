// Form round trips as a browser with JavaScript off makes them, for the HTTP tests that stand in for
// browser flows: a page is fetched, one of its forms is sent with every field it carries (hidden ones and
// defaults included) and the values a person would type, and redirects are followed to the page that
// answers. The card processor's local hosted pages (another origin) are fetched without the portal's cookies.
import assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import supertest from 'supertest';
import { ctx } from '../support/context';
import { formBody, type Agent, type FormValues } from '../support/http';

/** A page as the browser would show it: its address (a path on the portal, a full URL elsewhere), status and HTML. */
export interface Served {
  url: string;
  status: number;
  html: string;
}

const portalOrigin = () => new URL(ctx().config.portalUrl).origin;
const base = 'http://portal.invalid';

/** Where `href` leads from `from`: a portal path, or a full URL on another origin. */
function resolve(href: string, from: string): string {
  const url = new URL(href, new URL(from, base));
  if (url.origin === base || url.origin === portalOrigin()) return `${url.pathname}${url.search}`;
  return url.toString();
}

async function request(client: Agent, method: 'get' | 'post', url: string, body?: string) {
  const outside = /^https?:/.test(url);
  const target = outside ? new URL(url) : undefined;
  const started = outside
    ? supertest(target!.origin)[method](`${target!.pathname}${target!.search}`)
    : client[method](url);
  return body === undefined ? started : started.type('form').send(body);
}

/** Follows 30x answers with GETs, as a browser does after a form post. */
async function settle(
  client: Agent,
  url: string,
  response: { status: number; text: string; headers: Record<string, string> },
): Promise<Served> {
  let current = { url, response };
  for (let hops = 0; [301, 302, 303].includes(current.response.status); hops += 1) {
    assert.ok(hops < 10, `too many redirects from ${url}`);
    const next = resolve(current.response.headers.location!, current.url);
    current = { url: next, response: await request(client, 'get', next) };
  }
  return { url: current.url, status: current.response.status, html: current.response.text };
}

/** GETs a page (following redirects). */
export async function open(client: Agent, url: string): Promise<Served> {
  return settle(client, url, await request(client, 'get', url));
}

const documentOf = (page: Served) => new JSDOM(page.html).window.document;
const nameOf = (element: Element) =>
  (
    element.getAttribute('aria-label') ??
    (element.tagName === 'INPUT' ? (element as HTMLInputElement).value : element.textContent) ??
    ''
  )
    .replace(/\s+/g, ' ')
    .trim();
const matches = (text: string, name: string | RegExp) => (typeof name === 'string' ? text === name : name.test(text));

/** Follows the link named `name` (its text, exactly, or a pattern), as a click would; the first one if several. */
export async function follow(client: Agent, page: Served, name: string | RegExp): Promise<Served> {
  const link = [...documentOf(page).querySelectorAll('a[href]')].find((a) => matches(nameOf(a), name));
  assert.ok(link, `no link ${String(name)} on ${page.url}`);
  return open(client, resolve(link.getAttribute('href')!, page.url));
}

/**
 * Presses the submit button named `button` (its text, exactly, or a pattern) with `values` typed in (by field
 * name; undefined unchecks or empties a field). Every other field goes as the page filled it. A value for a
 * field the form does not have is refused, as a person could not type it.
 */
export async function submit(
  client: Agent,
  page: Served,
  button: string | RegExp,
  values: FormValues = {},
): Promise<Served> {
  const document = documentOf(page);
  const buttons = [...document.querySelectorAll('button, input[type="submit"]')].filter(
    (b) => (b.getAttribute('type') ?? 'submit') === 'submit' && matches(nameOf(b), button),
  );
  assert.equal(buttons.length, 1, `one button ${String(button)} on ${page.url} (found ${buttons.length})`);
  const submitter = buttons[0] as HTMLButtonElement;
  const form = submitter.form;
  assert.ok(form, `the button ${String(button)} is in a form`);
  const fields: [string, string][] = [];
  const names = new Set<string>();
  for (const element of [...form.elements] as HTMLInputElement[]) {
    if (!element.name || element.disabled) continue;
    const tag = element.tagName.toLowerCase();
    const type = (element.getAttribute('type') ?? '').toLowerCase();
    if (tag === 'button' || type === 'submit' || type === 'button' || type === 'file') continue;
    names.add(element.name);
    if ((type === 'checkbox' || type === 'radio') && !element.checked) continue;
    fields.push([
      element.name,
      type === 'checkbox' || type === 'radio' ? (element.getAttribute('value') ?? 'on') : element.value,
    ]);
  }
  const typed = new Set(Object.keys(values));
  for (const name of typed)
    assert.ok(names.has(name), `the form of ${String(button)} on ${page.url} has no field ${name}`);
  const sent: FormValues = {};
  for (const [name, value] of fields) {
    if (typed.has(name)) continue;
    const before = sent[name];
    sent[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  Object.assign(sent, values);
  if (submitter.name) sent[submitter.name] = submitter.value;
  const action = resolve(submitter.getAttribute('formaction') ?? form.getAttribute('action') ?? page.url, page.url);
  const method = (submitter.getAttribute('formmethod') ?? form.getAttribute('method') ?? 'get').toLowerCase();
  if (method !== 'post') {
    const url = `${action.split('?')[0]}?${formBody(sent)}`;
    return open(client, url);
  }
  return settle(client, action, await request(client, 'post', action, formBody(sent)));
}

/** The texts of the page's flash messages. */
export const flashesOf = (page: Served) =>
  [...documentOf(page).querySelectorAll('.flash')].map((flash) =>
    (flash.textContent ?? '').replace(/\s+/g, ' ').trim(),
  );

/** The text of the element `selector` (the first), whitespace collapsed; '' when there is none. */
export const textAt = (page: Served, selector: string) =>
  (documentOf(page).querySelector(selector)?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** The value a field shows (by name): an input's value, a select's chosen option, a textarea's text. */
export function fieldValue(page: Served, name: string): string | undefined {
  const field = documentOf(page).querySelector(`[name="${name}"]`) as HTMLInputElement | null;
  return field?.value;
}

/** The path of a page's address (without the query). */
export const pathOf = (page: Served) => new URL(page.url, base).pathname;

/**
 * The radio button or checkbox named by its label (its text, exactly, or a pattern), as the { name: value } a
 * click on it sends; refused when the page has no such choice.
 */
export function chosen(page: Served, label: string | RegExp): FormValues {
  const document = documentOf(page);
  const found = [...document.querySelectorAll('label')].find((element) =>
    matches((element.textContent ?? '').replace(/\s+/g, ' ').trim(), label),
  );
  assert.ok(found, `no choice labelled ${String(label)} on ${page.url}`);
  const input = (
    found.htmlFor ? document.getElementById(found.htmlFor) : found.querySelector('input')
  ) as HTMLInputElement | null;
  assert.ok(
    input && ['radio', 'checkbox'].includes(input.type),
    `the label ${String(label)} is a radio button's or a checkbox's`,
  );
  return { [input.name]: input.getAttribute('value') ?? 'on' };
}
