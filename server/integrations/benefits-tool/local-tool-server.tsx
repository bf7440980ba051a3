// The local Private Pay Booster's sign-in page: a stand-in for the outside tool, on a port of its own
// (another origin, as the real tool is), started the first time a token is issued and never in
// production. The portal's hand-off page posts the token here; the page checks it as the tool would
// (signature, 60 seconds, one use) and says whether the sign-in was accepted. It logs nothing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SsoVerdict } from './sso-token';

export interface LocalToolServer {
  url: string;
  close(): Promise<void>;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1b1f24}main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d0d7de;border-radius:8px}
.ok{color:#116329;font-weight:600}.refused{color:#a40e26;font-weight:600}.note{color:#57606a;font-size:.9rem}@media (max-width:480px){main{margin:0;border:0;border-radius:0}}`;

const page = (title: string, body: ReactNode) =>
  `<!doctype html>${renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <link rel="icon" href="data:," />
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
          <h1>{title}</h1>
          {body}
          <p className="note">
            This is the local stand-in for the Private Pay Booster tool, used when the tool is not set up.
          </p>
        </main>
      </body>
    </html>,
  )}`;

const REFUSALS: Record<Extract<SsoVerdict, { ok: false }>['reason'], string> = {
  invalid: 'Sign-in refused: the sign-in token is not valid.',
  expired: 'Sign-in refused: the sign-in token has expired.',
  used: 'Sign-in refused: the sign-in token has already been used.',
};

const TIERS = { pro: 'Pro', premium: 'Premium' } as const;

function verdictPage(verdict: SsoVerdict): string {
  if (!verdict.ok)
    return page(
      'Private Pay Booster',
      <p className="refused" role="alert">
        {REFUSALS[verdict.reason]}
      </p>,
    );
  const { claims, account } = verdict;
  return page(
    'Private Pay Booster',
    <>
      <p className="ok" role="status">
        Signed in to Private Pay Booster as {claims.email}.
      </p>
      <p>
        Provider profile {claims.providerId}:{' '}
        {account
          ? `Private Pay Booster ${TIERS[account.tier]}${account.standalone ? ' (bought from the tool directly)' : ''}`
          : 'no Private Pay Booster plan yet'}
        .
      </p>
    </>,
  );
}

function readBody(req: http.IncomingMessage, limit = 16_384): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startLocalToolServer(verify: (token: string) => Promise<SsoVerdict>): Promise<LocalToolServer> {
  const server = http.createServer((req, res) => {
    const send = (status: number, html: string) => {
      res.writeHead(status, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
        'X-Content-Type-Options': 'nosniff',
      });
      res.end(html);
    };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'POST' && path === '/sso') {
      readBody(req)
        .then(async (body) => {
          const verdict = await verify(new URLSearchParams(body).get('token') ?? '');
          send(verdict.ok ? 200 : 401, verdictPage(verdict));
        })
        .catch(() =>
          send(
            500,
            page(
              'Private Pay Booster',
              <p className="refused" role="alert">
                Sign-in failed.
              </p>,
            ),
          ),
        );
      return;
    }
    send(
      404,
      page(
        'Private Pay Booster',
        <p>Sign in through the Members Portal: its Log in to Private Pay Booster button posts here.</p>,
      ),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  // A stand-in must never keep a finishing process (a test run, a CLI) alive.
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
