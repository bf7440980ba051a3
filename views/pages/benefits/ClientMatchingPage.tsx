// /benefits/client-matching (spec 2 §2): how the directory matches clients with providers, and what
// in the profile makes a match more likely.

export function ClientMatchingPage() {
  return (
    <div className="benefit-page">
      <section className="card" aria-labelledby="how-heading">
        <h2 id="how-heading">How client matching works</h2>
        <p>
          When someone asks the directory to help them find a therapist, they answer a few questions: what they would
          like help with, where they are, how they want to meet, how they will pay, and any preferences about the
          therapist. We then suggest providers whose profiles fit those answers and who are accepting new clients.
        </p>
      </section>
      <section className="card" aria-labelledby="signals-heading">
        <h2 id="signals-heading">What the matching looks at</h2>
        <table>
          <caption className="visually-hidden">Matching criteria and where to set them</caption>
          <thead>
            <tr>
              <th scope="col">Criterion</th>
              <th scope="col">Where you set it</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Accepting new clients (Yes, Waitlist, No) for each location</td>
              <td>
                <a href="/profile/availability-locations">Availability &amp; Locations</a>
              </td>
            </tr>
            <tr>
              <td>States and locations, in person or online, with a verified licence</td>
              <td>
                <a href="/profile/availability-locations">Availability &amp; Locations</a>,{' '}
                <a href="/profile/general-information#licensure">Licensure</a>
              </td>
            </tr>
            <tr>
              <td>Top specialties and general expertise</td>
              <td>
                <a href="/profile/specialties">Specialties</a>
              </td>
            </tr>
            <tr>
              <td>Clientele, treatment approaches, languages</td>
              <td>
                <a href="/profile/clientele-approach">Clientele &amp; Approach</a>
              </td>
            </tr>
            <tr>
              <td>Insurance accepted and session fees, sliding scale</td>
              <td>
                <a href="/profile/insurance-fees">Insurance &amp; Fees</a>
              </td>
            </tr>
            <tr>
              <td>Times of day you see clients</td>
              <td>
                <a href="/profile/availability-locations">Availability &amp; Locations</a>
              </td>
            </tr>
          </tbody>
        </table>
      </section>
      <section className="card" aria-labelledby="better-heading">
        <h2 id="better-heading">Get more and better matches</h2>
        <ul>
          <li>
            Keep your accepting status current: providers who are not accepting are not suggested. Confirm your
            availability at least every two weeks.
          </li>
          <li>Choose the six top specialties you most want to work with, not every area you can treat.</li>
          <li>Answer new client messages within one business day: clients often contact several providers.</li>
          <li>
            Offer phone consultations so a client can book a first call straight from the match. See{' '}
            <a href="/tips/phone-consultations">phone consultation tips</a>.
          </li>
        </ul>
      </section>
    </div>
  );
}
