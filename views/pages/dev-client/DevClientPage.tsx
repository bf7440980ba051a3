// /dev/client (local mode only): what a demo client of the directory sees of the portal's API.
export interface ApiCall { method: string; path: string; status: number; body: string }

export function DevClientPage({ calls }: { calls: ApiCall[] }) {
  return (
    <>
      <p>
        This page plays the public directory: it calls the portal&rsquo;s API (described in docs/api.md) with a
        token of its own, as the directory does in production.
      </p>
      {calls.map((call) => (
        <section key={call.path} className="card" aria-labelledby={`call-${call.path.replace(/\W/g, '-')}`}>
          <h2 id={`call-${call.path.replace(/\W/g, '-')}`}>{call.method} {call.path}</h2>
          <p>Answer: {call.status === 0 ? 'none' : `HTTP ${call.status}`}</p>
          <pre>{call.body}</pre>
        </section>
      ))}
      <section className="card" aria-labelledby="coming">
        <h2 id="coming">Bookings and messages</h2>
        <p>Nothing to do here yet. Booking a phone consultation and writing to a provider arrive here with the calendar and messaging features.</p>
      </section>
    </>
  );
}
