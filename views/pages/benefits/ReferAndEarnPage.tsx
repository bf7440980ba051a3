// /refer-and-earn (spec 1 §2, §9): the provider's own signup link and the referral offer ($49 off for both).

export function ReferAndEarnPage({ link, offer, joined }: { link: string; offer: string; joined: number }) {
  return (
    <div className="benefit-page">
      <section className="card" aria-labelledby="offer-heading">
        <h2 id="offer-heading">Invite a colleague: {offer}</h2>
        <p>
          Know a therapist who would like more clients? Send them your link. When they sign up with it and start their
          membership, they get $49 off, and so do you: $49 off for both, taken off your next payment.
        </p>
      </section>
      <section className="card" aria-labelledby="link-heading">
        <h2 id="link-heading">Your referral link</h2>
        <div className="field">
          <label htmlFor="referral-link">Referral link</label>
          <p className="hint" id="referral-link-hint">
            Select the link and copy it (Ctrl+C, or ⌘+C on a Mac), then share it by e-mail, text or the listserv.
          </p>
          <input id="referral-link" type="text" readOnly value={link} aria-describedby="referral-link-hint" />
        </div>
        <p>
          <a
            href={`mailto:?subject=${encodeURIComponent('Join me on the provider directory')}&body=${encodeURIComponent(`I list my practice here and thought you would like it too. Sign up with my link and we both get $49 off: ${link}`)}`}
          >
            Share the link by e-mail
          </a>
        </p>
        <p>
          {joined === 0
            ? 'Nobody has signed up with your link yet.'
            : joined === 1
              ? 'One provider has signed up with your link.'
              : `${joined} providers have signed up with your link.`}
        </p>
      </section>
      <section className="card" aria-labelledby="rules-heading">
        <h2 id="rules-heading">How it works</h2>
        <ol>
          <li>Your colleague opens your link and creates an account.</li>
          <li>The $49 discount is applied to their first payment.</li>
          <li>Once their membership has started, $49 is taken off your next payment.</li>
        </ol>
        <p className="hint">
          There is no limit to the number of colleagues you refer. Discounts cannot be exchanged for cash.
        </p>
      </section>
    </div>
  );
}
