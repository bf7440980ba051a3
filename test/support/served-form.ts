// A browser with JavaScript off, over supertest, for the HTTP tests that stand in for browser round trips: a
// page is read as served (jsdom), its fields are filled by their labels (or names), a form is sent by the
// button pressed with every field it carries (hidden ones, the CSRF token and defaults included) and the
// files attached, and redirects are followed to the page that answers. The card processor's local hosted
// pages (another origin) are fetched without the portal's cookies.
//
//   const page = await open(client, '/path');                   // GET, redirects followed, 200 asserted
//   page.fill('Label', 'text').check('A choice').attach('Photos', [file]);
//   const next = await page.submit(client, 'Save', { values: { name: 'typed by field name' } });
//   redirected(next, '/path');  rerendered(next);                // a 303 to a page, or the form again (422)
//   await next.follow(client, 'Link text');  next.flashes;  next.byName('city').value;  next.textAt('#id');
import assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import supertest from 'supertest';
import { ctx } from './context';
import { type Agent, type FormValues, mainTextOf, textOf } from './http';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Name = string | RegExp;

/** A file as a browser sends it from a file input. */
export interface UploadedFile {
  name: string;
  type: string;
  body: Buffer;
}

/** One redirect followed on the way to a page: the status answered and the address it led to. */
export interface Hop {
  status: number;
  location: string;
}

const base = 'http://portal.invalid';
const portalOrigin = () => new URL(ctx().config.portalUrl).origin;
const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const matches = (text: string, name: Name) => (typeof name === 'string' ? text === name : name.test(text));
const absolute = (url: string) => new URL(url, base);

/** Where `href` leads from `from`: a portal path (with its query), or a full URL on another origin. */
function resolve(href: string, from: string): string {
  const url = new URL(href, absolute(from));
  if (url.origin === base || url.origin === portalOrigin()) return `${url.pathname}${url.search}`;
  return url.toString();
}

/** A request as the browser makes it: the agent (its cookies) on the portal, a bare client elsewhere. */
function request(client: Agent, method: 'get' | 'post', url: string) {
  if (!/^https?:/.test(url)) return client[method](url);
  const target = new URL(url);
  return supertest(target.origin)[method](`${target.pathname}${target.search}`);
}

type Answer = { status: number; text: string; headers: Record<string, string> };

/** Follows 301/302/303 answers with GETs, as a browser does after a form post. */
async function settle(client: Agent, url: string, answer: Answer): Promise<ServedPage> {
  const hops: Hop[] = [];
  let current = { url, answer };
  while ([301, 302, 303].includes(current.answer.status)) {
    assert.ok(hops.length < 10, `too many redirects from ${url}`);
    const next = resolve(current.answer.headers.location!, current.url);
    hops.push({ status: current.answer.status, location: next });
    current = { url: next, answer: await request(client, 'get', next) };
  }
  return new ServedPage(current.answer.text, current.url, current.answer.status, hops);
}

/** GETs a page, following redirects; asserts the status of the page that answers (200 unless told). */
export async function open(client: Agent, url: string, status = 200): Promise<ServedPage> {
  const page = await settle(client, url, await request(client, 'get', url));
  assert.equal(page.status, status, `GET ${url} answered ${page.url} with ${page.status}`);
  return page;
}

/** Asserts that the form's answer was one 303 to a page that answered 200 (at the path `to`, when given). */
export function redirected(page: ServedPage, to?: string): ServedPage {
  const [hop, ...more] = page.redirects;
  assert.ok(hop, `a redirect, not ${page.status}: ${page.mainText.slice(0, 300)}`);
  assert.equal(hop.status, 303, `a 303, not ${hop.status}`);
  assert.equal(more.length, 0, `one redirect, not ${page.redirects.map((h) => h.location).join(' → ')}`);
  assert.equal(page.status, 200, `the page after the redirect, ${page.url}, answered ${page.status}`);
  if (to !== undefined) assert.equal(page.path, to);
  return page;
}

/** Asserts that the form came back re-rendered (no redirect) with `status` (422 unless told). */
export function rerendered(page: ServedPage, status = 422): ServedPage {
  assert.equal(page.redirects.length, 0, `a re-rendered form, not a redirect to ${page.url}`);
  assert.equal(page.status, status, `a re-rendered form, not ${page.status}`);
  return page;
}

/**
 * A page as the browser shows it. Its document is live: fill, check and attach change it (or direct changes
 * to a field's value), and submit sends the form as it then stands.
 */
export class ServedPage {
  readonly document: Document;
  private readonly files = new Map<Element, UploadedFile[]>();

  constructor(
    /** The page's HTML as served. */
    readonly html: string,
    /** Its address: a path (with the query) on the portal, a full URL on another origin. */
    readonly url: string,
    readonly status: number,
    /** The redirects followed to reach it (none when it answered directly). */
    readonly redirects: Hop[] = [],
  ) {
    this.document = new JSDOM(html, { url: absolute(url).toString() }).window.document;
  }

  /** The path of its address, without the query. */
  get path(): string {
    return absolute(this.url).pathname;
  }

  /** The visible text of the whole page, and of its <main>. */
  get text(): string {
    return textOf(this.html);
  }
  get mainText(): string {
    return mainTextOf(this.html);
  }

  /** The texts of the page's flash messages. */
  get flashes(): string[] {
    return [...this.document.querySelectorAll('.flash')].map((flash) => squash(flash.textContent));
  }

  /** The text of the element `selector` (the first), whitespace collapsed; '' when there is none. */
  textAt(selector: string): string {
    return squash(this.document.querySelector(selector)?.textContent);
  }

  has(selector: string): boolean {
    return this.document.querySelector(selector) !== null;
  }

  /**
   * The one field labelled `label` (its label's or aria-label's text): a pattern, or a string matched exactly,
   * else the one label that contains it (as getByLabel).
   */
  field(label: Name, within: ParentNode = this.document): Field {
    const fields = [...within.querySelectorAll('input, select, textarea')] as Field[];
    const named = fields.map((field) => ({
      field,
      name: squash(field.getAttribute('aria-label') ?? [...(field.labels ?? [])].map((l) => l.textContent).join(' ')),
    }));
    const exact = named.filter((n) => matches(n.name, label));
    const found =
      exact.length || typeof label !== 'string'
        ? exact
        : named.filter((n) => n.name.toLowerCase().includes(label.toLowerCase()));
    assert.equal(found.length, 1, `one field labelled ${String(label)} on ${this.url} (found ${found.length})`);
    return found[0]!.field;
  }

  /** The field named `name` (the first; for fields whose label is not unique on the page). */
  byName(name: string): Field {
    const field = this.document.querySelector(`[name="${name}"]`) as Field | null;
    assert.ok(field, `a field named ${name} on ${this.url}`);
    return field;
  }

  /** Types into the field labelled `label`; in a select, chooses the option with that value or text. */
  fill(label: Name, value: string, within?: ParentNode): this {
    const field = this.field(label, within);
    const window = field.ownerDocument.defaultView!;
    if (field instanceof window.HTMLSelectElement) {
      const option = [...field.options].find((o) => o.value === value || squash(o.textContent) === value);
      assert.ok(option, `an option "${value}" in ${String(label)}`);
      field.value = option.value;
      return this;
    }
    assert.ok(
      !(field instanceof window.HTMLInputElement && ['checkbox', 'radio', 'file'].includes(field.type)),
      `${String(label)} is typed into, not a ${field.type}`,
    );
    field.value = value;
    return this;
  }

  /** Checks (or unchecks) the checkbox or radio button labelled `label`. */
  check(label: Name, checked = true, within?: ParentNode): this {
    const field = this.field(label, within) as HTMLInputElement;
    assert.ok(field.type === 'checkbox' || field.type === 'radio', `${String(label)} is a checkbox or radio button`);
    field.checked = checked;
    return this;
  }

  /** Chooses files in the file input labelled `label`. */
  attach(label: Name, files: UploadedFile[], within?: ParentNode): this {
    const field = this.field(label, within) as HTMLInputElement;
    assert.equal(field.type, 'file', `${String(label)} is a file input`);
    assert.ok(files.length <= 1 || field.multiple, `${String(label)} takes one file`);
    this.files.set(field, files);
    return this;
  }

  /** A link by its accessible name (aria-label, else its text, visually hidden text included); the first if several. */
  link(name: Name, within: ParentNode = this.document): HTMLAnchorElement {
    const all = [...within.querySelectorAll('a[href]')] as HTMLAnchorElement[];
    const found = all.find((a) => matches(this.nameOf(a), name));
    assert.ok(found, `a link ${String(name)} on ${this.url}; there are: ${all.map((a) => this.nameOf(a)).join(' | ')}`);
    return found;
  }

  /** The one submit button with that accessible name (aria-label, else its text or value). */
  button(name: Name, within: ParentNode = this.document): HTMLButtonElement | HTMLInputElement {
    const all = [...within.querySelectorAll('button, input[type="submit"]')].filter(
      (b) => (b.getAttribute('type') ?? 'submit').toLowerCase() === 'submit',
    ) as (HTMLButtonElement | HTMLInputElement)[];
    const found = all.filter((b) => matches(this.nameOf(b), name));
    assert.equal(
      found.length,
      1,
      `one button ${String(name)} on ${this.url} (found ${found.length}); there are: ${all.map((b) => this.nameOf(b)).join(' | ')}`,
    );
    return found[0]!;
  }

  /** Follows a link, as a click would (the fragment stays in the browser), to the page that answers 200. */
  async follow(client: Agent, name: Name, within?: ParentNode): Promise<ServedPage> {
    return open(client, resolve(this.link(name, within).getAttribute('href')!, this.url));
  }

  /**
   * Presses the submit button `button`: its form is sent as the browser sends it (every field as the page now
   * holds it, the button's own name and value, the files attached) and redirects are followed. `values` are
   * typed by field name over what the page holds (undefined empties or unchecks the field); a value for a
   * field the form does not have is refused, as a person could not type it. `within` narrows the search
   * for the button (a form, a fieldset).
   */
  async submit(
    client: Agent,
    button: Name,
    { values = {}, within }: { values?: FormValues; within?: ParentNode } = {},
  ): Promise<ServedPage> {
    const submitter = this.button(button, within);
    const form = submitter.form;
    assert.ok(form, `the button ${String(button)} is in a form`);
    const window = form.ownerDocument.defaultView!;
    const entries: [string, string][] = [];
    const names = new Set<string>();
    const files: [string, UploadedFile][] = [];
    for (const element of [...form.elements] as (Field | HTMLButtonElement)[]) {
      if (!element.name || element.disabled || element.closest('fieldset[disabled]')) continue;
      if (element instanceof window.HTMLButtonElement) continue;
      if (element instanceof window.HTMLInputElement) {
        if (['submit', 'button', 'reset', 'image'].includes(element.type)) continue;
        if (element.type === 'file') {
          for (const file of this.files.get(element) ?? []) files.push([element.name, file]);
          continue;
        }
        names.add(element.name);
        if ((element.type === 'checkbox' || element.type === 'radio') && !element.checked) continue;
      }
      names.add(element.name);
      if (element instanceof window.HTMLSelectElement) {
        for (const option of element.selectedOptions) entries.push([element.name, option.value]);
        continue;
      }
      entries.push([element.name, element.value]);
    }
    for (const name of Object.keys(values))
      assert.ok(names.has(name), `the form of ${String(button)} on ${this.url} has no field ${name}`);
    const sent: [string, string][] = entries.filter(([name]) => !(name in values));
    for (const [name, value] of Object.entries(values))
      if (value !== undefined) for (const item of [value].flat()) sent.push([name, String(item)]);
    if (submitter.name) sent.push([submitter.name, submitter.value]);

    const action = resolve(submitter.getAttribute('formaction') ?? form.getAttribute('action') ?? this.url, this.url);
    const method = (submitter.getAttribute('formmethod') ?? form.getAttribute('method') ?? 'get').toLowerCase();
    const multipart =
      (submitter.getAttribute('formenctype') ?? form.getAttribute('enctype') ?? '').toLowerCase() ===
      'multipart/form-data';
    if (method !== 'post') {
      assert.equal(files.length, 0, `the form of ${String(button)} sends no files (a GET)`);
      const query = new URLSearchParams(sent).toString();
      const url = `${action.split('?')[0]}${query ? `?${query}` : ''}`;
      return settle(client, url, await request(client, 'get', url));
    }
    if (multipart) {
      let post = request(client, 'post', action);
      for (const [name, value] of sent) post = post.field(name, value);
      for (const [name, file] of files)
        post = post.attach(name, file.body, { filename: file.name, contentType: file.type });
      return settle(client, action, await post);
    }
    assert.equal(files.length, 0, `the form of ${String(button)} sends no files (not multipart/form-data)`);
    const body = new URLSearchParams(sent).toString();
    return settle(client, action, await request(client, 'post', action).type('form').send(body));
  }

  private nameOf(element: Element): string {
    const window = element.ownerDocument.defaultView!;
    return squash(
      element.getAttribute('aria-label') ??
        (element instanceof window.HTMLInputElement ? element.value : element.textContent),
    );
  }
}
