// Enough XML to read a WebDAV multistatus (RFC 4918) and write our few requests: elements by local name
// (namespace prefixes vary by server: d:, D:, a default xmlns; the names CalDAV uses do not collide),
// text with the five entities and character references, CDATA, comments and declarations skipped. No
// DTD is read, so no entity can expand (nothing like a billion laughs). Malformed input ends the element
// where it can; a server that answers nonsense gets nothing out of it.

export interface XmlElement {
  /** Local name, without its prefix: "response", "href", "calendar-data". */
  name: string;
  /** Attributes by local name (`name` of <c:comp name="VEVENT"/>); namespace declarations left out. */
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|lt|gt|amp|quot|apos);/gi, (whole, entity: string) => {
    if (entity[0] !== '#') return ENTITIES[entity.toLowerCase()] ?? whole;
    const code =
      entity[1] === 'x' || entity[1] === 'X' ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

export const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

const localName = (qualified: string) => qualified.slice(qualified.indexOf(':') + 1);

/** The document's root element, or null when there is none. */
export function parseXml(source: string): XmlElement | null {
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let i = 0;
  while (i < source.length) {
    const open = source.indexOf('<', i);
    const textEnd = open === -1 ? source.length : open;
    if (textEnd > i) stack[stack.length - 1]!.text += decodeEntities(source.slice(i, textEnd));
    if (open === -1) break;
    if (source.startsWith('<!--', open)) {
      const end = source.indexOf('-->', open + 4);
      i = end === -1 ? source.length : end + 3;
    } else if (source.startsWith('<![CDATA[', open)) {
      const end = source.indexOf(']]>', open + 9);
      stack[stack.length - 1]!.text += source.slice(open + 9, end === -1 ? source.length : end);
      i = end === -1 ? source.length : end + 3;
    } else if (source[open + 1] === '?' || source[open + 1] === '!') {
      const end = source.indexOf('>', open);
      i = end === -1 ? source.length : end + 1;
    } else if (source[open + 1] === '/') {
      const end = source.indexOf('>', open);
      const name = localName(source.slice(open + 2, end === -1 ? source.length : end).trim());
      // Close up to the matching element (a stray closing tag closes nothing).
      const at = stack.map((e) => e.name).lastIndexOf(name);
      if (at > 0) stack.length = at;
      i = end === -1 ? source.length : end + 1;
    } else {
      const end = source.indexOf('>', open);
      if (end === -1) break;
      const tag = source.slice(open + 1, end);
      const selfClosing = tag.endsWith('/');
      const name = localName(/^[^\s/>]+/.exec(tag)?.[0] ?? '');
      const attributes: Record<string, string> = {};
      for (const [, key, , double, single] of tag.matchAll(/([^\s=/]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
        if (key === 'xmlns' || key!.startsWith('xmlns:')) continue;
        attributes[localName(key!)] = decodeEntities(double ?? single ?? '');
      }
      const element: XmlElement = { name, attributes, children: [], text: '' };
      stack[stack.length - 1]!.children.push(element);
      if (!selfClosing) stack.push(element);
      i = end + 1;
    }
  }
  return root.children[0] ?? null;
}

/** Every descendant element with this local name, in document order. */
export function findAll(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (e: XmlElement) => {
    for (const child of e.children) {
      if (child.name === name) found.push(child);
      walk(child);
    }
  };
  walk(element);
  return found;
}

export const findFirst = (element: XmlElement, name: string): XmlElement | null => findAll(element, name)[0] ?? null;

/** An element's own text, trimmed (text split around comments or CDATA is joined). */
export const textOf = (element: XmlElement | null) => element?.text.trim() ?? '';
