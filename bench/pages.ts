// What the benchmark does over plain HTTP: sign in with a cookie, and weigh a page (gzip bytes of its
// HTML and of the stylesheets and scripts it links).
import zlib from 'node:zlib';

/** Signs in through the real form (GET /login for the session and _csrf, then POST) and returns the Cookie header. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const form = await fetch(`${base}/login`, { redirect: 'manual' });
  if (form.status !== 200) throw new Error(`GET /login answered ${form.status}`);
  let cookie = cookieHeader(form) ?? '';
  const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1];
  if (!cookie || !csrf) throw new Error('GET /login gave no session cookie or no _csrf field');
  const posted = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: decodeEntities(csrf), email, password }).toString(),
  });
  if (posted.status !== 303) throw new Error(`POST /login as ${email} answered ${posted.status} (expected 303)`);
  cookie = cookieHeader(posted) ?? cookie;
  const home = await fetch(`${base}/`, { redirect: 'manual', headers: { cookie } });
  if (home.status !== 200) throw new Error(`GET / after signing in as ${email} answered ${home.status}`);
  return cookie;
}

function cookieHeader(response: Response): string | undefined {
  const pairs = response.headers.getSetCookie().map((line) => line.split(';')[0]!.trim());
  return pairs.length ? pairs.join('; ') : undefined;
}

const decodeEntities = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export const gzipSize = (body: string | Buffer) => zlib.gzipSync(body, { level: 6 }).length;

export interface Asset {
  url: string;
  kind: 'css' | 'shared-js' | 'island-js';
  gzip: number;
}

export interface PageWeight {
  path: string;
  status: number;
  html: number;
  css: number;
  sharedJs: number;
  islandJs: number;
  assets: Asset[];
}

/** The shared behaviour script is the `portal` Vite entry; every other script is island code. */
const SHARED_SCRIPT = /\/portal-[\w-]+\.js$/;

export async function weighPage(base: string, path: string, cookie?: string): Promise<PageWeight> {
  const response = await fetch(`${base}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  const html = await response.text();
  const assets: Asset[] = [];
  for (const { url, kind } of linkedAssets(html)) {
    const asset = await fetch(new URL(url, base));
    if (asset.status !== 200) throw new Error(`${path} links ${url}, which answered ${asset.status}`);
    assets.push({ url, kind, gzip: gzipSize(Buffer.from(await asset.arrayBuffer())) });
  }
  const sum = (kind: Asset['kind']) => assets.filter((a) => a.kind === kind).reduce((total, a) => total + a.gzip, 0);
  return {
    path,
    status: response.status,
    html: gzipSize(html),
    css: sum('css'),
    sharedJs: sum('shared-js'),
    islandJs: sum('island-js'),
    assets,
  };
}

/** Stylesheets, module preloads and scripts named in the page's HTML, each once. */
export function linkedAssets(html: string): { url: string; kind: Asset['kind'] }[] {
  const found = new Map<string, Asset['kind']>();
  for (const [tag] of html.matchAll(/<(?:link|script)\b[^>]*>/gi)) {
    const attrs = Object.fromEntries(
      [...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), decodeEntities(m[2]!)]),
    );
    const isScript = /^<script/i.test(tag);
    const url = isScript ? attrs.src : attrs.href;
    if (!url) continue;
    const rel = (attrs.rel ?? '').toLowerCase();
    if (!isScript && rel === 'stylesheet') found.set(url, 'css');
    else if (isScript || rel === 'modulepreload') found.set(url, SHARED_SCRIPT.test(url) ? 'shared-js' : 'island-js');
  }
  return [...found].map(([url, kind]) => ({ url, kind }));
}
