// A fake outside JSON API in the test's own process, for the HTTP adapters' tests: it records each
// request (method, url, headers, parsed body) and answers the replies queued, in order; 'hang' never
// answers, so the client's time limit must end the call.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the fields they expect and assert them; the assertion is the check
  body: any;
}
export type FakeReply = { status: number; body: unknown } | 'hang';

export interface FakeJsonApi {
  seen: SeenRequest[];
  replies: FakeReply[];
  /** The API's address (with basePath). */
  url: string;
  close(): Promise<void>;
}

/** `unqueued`: the answer when no reply is queued (an error in the service's own shape). */
export async function startFakeJsonApi(options: { basePath?: string; unqueued: FakeReply }): Promise<FakeJsonApi> {
  const seen: SeenRequest[] = [];
  const replies: FakeReply[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: text ? JSON.parse(text) : null,
      });
      const reply = replies.shift() ?? options.unqueued;
      if (reply === 'hang') return;
      res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    replies,
    url: `http://127.0.0.1:${port}${options.basePath ?? ''}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
