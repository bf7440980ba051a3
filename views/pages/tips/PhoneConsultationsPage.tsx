// /tips/phone-consultations (spec 1 §2): making the most of free phone consultations.

export function PhoneConsultationsPage() {
  return (
    <div className="tips-page">
      <section className="card" aria-labelledby="why-heading">
        <h2 id="why-heading">Why offer phone consultations</h2>
        <p>
          A short free call is often the step that turns a profile visit into a first session. Clients can book a call
          straight from your profile at a time you marked as open, and it appears in your{' '}
          <a href="/calendar">call calendar</a>.
        </p>
      </section>
      <section className="card" aria-labelledby="before-heading">
        <h2 id="before-heading">Before the call</h2>
        <ul>
          <li>Keep your open times realistic and up to date; a call you cannot take is worse than no call.</li>
          <li>Read the client's booking note and message so you do not ask again what they already told you.</li>
          <li>Call from a quiet, private place; block 20 minutes for a 15-minute call.</li>
        </ul>
      </section>
      <section className="card" aria-labelledby="during-heading">
        <h2 id="during-heading">During the call</h2>
        <ol>
          <li>Introduce yourself and say how long the call will take.</li>
          <li>Ask what brings them to therapy now and what they hope will change.</li>
          <li>Explain briefly how you work and what a first session looks like.</li>
          <li>Cover the practical side: fees, insurance or superbills, availability, in person or online.</li>
          <li>If you are a good fit, offer a first appointment during the call. If not, offer one or two referrals.</li>
        </ol>
      </section>
      <section className="card" aria-labelledby="after-heading">
        <h2 id="after-heading">After the call</h2>
        <ul>
          <li>
            Send a short follow-up message the same day with the appointment details or the referrals you mentioned.
          </li>
          <li>If you need to reschedule, do it from the call calendar so the client is told at once.</li>
          <li>
            No longer taking new clients? Switch your locations to Waitlist or No in{' '}
            <a href="/profile/availability-locations">Availability &amp; Locations</a> so clients are not disappointed.
          </li>
        </ul>
      </section>
    </div>
  );
}
