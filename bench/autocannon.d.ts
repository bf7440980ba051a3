// The small part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests to make in all (duration is then ignored). */
    amount?: number;
    /** Each connection sends these in turn, over and over (paths on `url`'s host). */
    requests?: { path?: string; method?: string; headers?: Record<string, string> }[];
    headers?: Record<string, string>;
    method?: string;
    body?: string;
  }

  export interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    requests: { average: number; total: number };
  }

  /** The tracker emits 'response' (client, statusCode, resBytes, responseTimeMs) and is awaitable. */
  export interface Instance extends EventEmitter, PromiseLike<Result> {}

  function autocannon(options: Options): Instance;
  export default autocannon;
}
