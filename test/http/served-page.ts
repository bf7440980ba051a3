// A page as the portal served it, used as a browser with JavaScript off would: fields found by their labels,
// a form sent with everything it holds (hidden fields and the CSRF token included) by the button pressed,
// links followed and 303s followed. For the HTTP tests that replace browser round trips.
import assert from 'node:assert/strict';
import { JSDOM } from 'jsdom';
import { type Agent, formBody, mainTextOf, textOf } from '../support/http';

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

export interface Served {
  status: number;
  text: string;
  headers: Record<string, string>;
}

export class ServedPage {
  readonly document: Document;

  constructor(
    readonly html: string,
    readonly path: string,
    readonly status = 200,
  ) {
    this.document = new JSDOM(html, { url: new URL(path, 'http://portal.test').toString() }).window.document;
  }

  /** The visible text of the whole page, and of its <main>. */
  get text(): string {
    return textOf(this.html);
  }
  get mainText(): string {
    return mainTextOf(this.html);
  }

  /** Like getByLabel: the label's text exactly, else the one label that contains it. */
  field(label: string, within: ParentNode = this.document): Field {
    const fields = [...within.querySelectorAll('input, select, textarea')] as Field[];
    const named = fields.map((field) => ({
      field,
      name: squash(field.getAttribute('aria-label') ?? [...(field.labels ?? [])].map((l) => l.textContent).join(' ')),
    }));
    const exact = named.filter((n) => n.name === label);
    const found = exact.length ? exact : named.filter((n) => n.name.toLowerCase().includes(label.toLowerCase()));
    assert.equal(found.length, 1, `one field labelled "${label}" on ${this.path} (found ${found.length})`);
    return found[0]!.field;
  }

  fill(label: string, value: string, within?: ParentNode): this {
    const field = this.field(label, within);
    if (field instanceof field.ownerDocument.defaultView!.HTMLSelectElement) {
      const option = [...field.options].find((o) => o.value === value || squash(o.textContent) === value);
      assert.ok(option, `an option "${value}" in "${label}"`);
      field.value = option.value;
    } else field.value = value;
    return this;
  }

  check(label: string, checked = true, within?: ParentNode): this {
    const field = this.field(label, within) as HTMLInputElement;
    assert.ok(field.type === 'checkbox' || field.type === 'radio', `"${label}" is a checkbox or radio`);
    field.checked = checked;
    return this;
  }

  /** The element with that id or name (for fields whose label is not unique on the page). */
  byName(name: string): Field {
    const field = this.document.querySelector(`[name="${name}"]`) as Field | null;
    assert.ok(field, `a field named ${name} on ${this.path}`);
    return field;
  }

  /** A link or button by its accessible name (aria-label, else its text, visually hidden text included). */
  control(selector: 'a' | 'button', name: string | RegExp, within: ParentNode = this.document): HTMLElement {
    const all = [
      ...within.querySelectorAll(selector === 'button' ? 'button, input[type="submit"]' : 'a[href]'),
    ] as HTMLElement[];
    const nameOf = (el: HTMLElement) =>
      squash(
        el.getAttribute('aria-label') ??
          (el instanceof el.ownerDocument.defaultView!.HTMLInputElement ? el.value : el.textContent),
      );
    const found = all.filter((el) => (typeof name === 'string' ? nameOf(el) === name : name.test(nameOf(el))));
    assert.ok(
      found.length >= 1,
      `a ${selector} "${String(name)}" on ${this.path}; there are: ${all.map(nameOf).join(' | ')}`,
    );
    return found[0]!;
  }

  has(selector: string): boolean {
    return this.document.querySelector(selector) !== null;
  }

  /** Follows a link (the fragment is the browser's, not the server's). */
  async follow(client: Agent, name: string | RegExp, within?: ParentNode): Promise<ServedPage> {
    const url = new URL(this.control('a', name, within).getAttribute('href')!, `http://portal.test${this.path}`);
    return get(client, url.pathname + url.search);
  }

  /** Presses a submit button: its form is sent as the browser would send it. Answers what the server answered. */
  async press(
    client: Agent,
    name: string | RegExp,
    within?: ParentNode,
    files: Record<string, { name: string; type: string; body: Buffer }[]> = {},
  ): Promise<Served> {
    const button = this.control('button', name, within) as HTMLButtonElement;
    const form = button.form;
    assert.ok(form, `the button "${String(name)}" is in a form`);
    const entries: [string, string][] = [];
    for (const element of [...form.elements] as (Field | HTMLButtonElement)[]) {
      if (!element.name || element.disabled || element.closest('fieldset[disabled]')) continue;
      if (element instanceof element.ownerDocument.defaultView!.HTMLButtonElement) continue;
      if (element instanceof element.ownerDocument.defaultView!.HTMLInputElement) {
        if (['submit', 'button', 'reset', 'image', 'file'].includes(element.type)) continue;
        if ((element.type === 'checkbox' || element.type === 'radio') && !element.checked) continue;
      }
      if (element instanceof element.ownerDocument.defaultView!.HTMLSelectElement) {
        for (const option of element.selectedOptions) entries.push([element.name, option.value]);
        continue;
      }
      entries.push([element.name, element.value]);
    }
    if (button.name) entries.push([button.name, button.value]);
    const action = new URL(
      button.getAttribute('formaction') ?? form.getAttribute('action') ?? '',
      `http://portal.test${this.path}`,
    );
    const method = (button.getAttribute('formmethod') ?? form.getAttribute('method') ?? 'get').toLowerCase();
    if (method === 'get') {
      action.search = new URLSearchParams(entries).toString();
      return client.get(action.pathname + action.search);
    }
    if (form.enctype === 'multipart/form-data') {
      let request = client.post(action.pathname + action.search);
      for (const [key, value] of entries) request = request.field(key, value);
      for (const [key, list] of Object.entries(files))
        for (const file of list)
          request = request.attach(key, file.body, { filename: file.name, contentType: file.type });
      return request;
    }
    const values: Record<string, string[]> = {};
    for (const [key, value] of entries) (values[key] ??= []).push(value);
    return client
      .post(action.pathname + action.search)
      .type('form')
      .send(formBody(values));
  }
}

/** GETs a page (200 unless told) and wraps it. */
export async function get(client: Agent, path: string, status = 200): Promise<ServedPage> {
  const response = await client.get(path);
  assert.equal(response.status, status, `GET ${path}`);
  return new ServedPage(response.text, path, response.status);
}

/** The 303 a successful form answers with, followed as the browser follows it. */
export async function redirected(client: Agent, response: Served, to?: string): Promise<ServedPage> {
  assert.equal(response.status, 303, `a redirect, not ${response.status}: ${mainTextOf(response.text).slice(0, 300)}`);
  const location = response.headers.location!;
  if (to !== undefined) assert.equal(new URL(location, 'http://portal.test').pathname, to);
  const url = new URL(location, 'http://portal.test');
  return get(client, url.pathname + url.search);
}

/** The page a failed form re-renders (422 unless told). */
export function rerendered(response: Served, path: string, status = 422): ServedPage {
  assert.equal(response.status, status, `a re-rendered form, not ${response.status}`);
  return new ServedPage(response.text, path, response.status);
}
