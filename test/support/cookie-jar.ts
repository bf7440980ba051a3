// A browser's cookies for tests that talk to a listening server with fetch (streams and real processes need a
// real connection, which supertest's agent does not give).

type Init = Omit<RequestInit, 'headers'> & { headers?: Record<string, string> };

/** Keeps the name=value of every Set-Cookie and sends them all back, as a browser would. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** The Cookie header for the next request. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Keeps the cookies a response sets. */
  keep(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      this.cookies.set(name.trim(), value.join('='));
    }
  }

  /** fetch with these cookies, keeping what the answer sets. Redirects are not followed: fetch would drop the
   *  cookies of every answer but the last. Headers given here win over the jar's Cookie. */
  async fetch(url: string, init: Init = {}): Promise<Response> {
    const response = await fetch(url, {
      redirect: 'manual',
      ...init,
      headers: { Cookie: this.header(), ...init.headers },
    });
    this.keep(response);
    return response;
  }
}
