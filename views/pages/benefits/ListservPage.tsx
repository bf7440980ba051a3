// /listserv (spec 1 §2, spec 2 §2): the members' state e-mail lists, included with membership.
import { CommunityBoxes, type CommunityBoxView } from './ProviderCommunityPage';

export function ListservPage({ boxes }: { boxes: CommunityBoxView[] }) {
  return (
    <div className="benefit-page">
      <section className="card" aria-labelledby="listserv-heading">
        <h2 id="listserv-heading">The members' listserv</h2>
        <p>
          The listserv is an e-mail list for members in the same state, included with your membership. A message sent to
          the list reaches every member who joined it: use it to find a colleague for a referral, ask about an insurance
          panel or a licensing question, share office space or announce a group or workshop.
        </p>
        <p>
          It is offered in Rhode Island, Massachusetts, New York and California. More in{' '}
          <a href="/benefits/provider-community">Provider Community</a>.
        </p>
      </section>
      <section className="card" aria-labelledby="lists-heading">
        <h2 id="lists-heading">State lists</h2>
        <CommunityBoxes boxes={boxes} />
      </section>
      <section className="card" aria-labelledby="etiquette-heading">
        <h2 id="etiquette-heading">Listserv etiquette</h2>
        <ul>
          <li>
            Never include anything that could identify a client; for referrals describe the need in general terms.
          </li>
          <li>
            Put the topic in the subject line, for example "Referral request: teen anxiety, Providence, in person".
          </li>
          <li>Reply to the sender rather than the whole list unless everyone benefits from the answer.</li>
          <li>No advertising beyond one announcement per event or group.</li>
          <li>Be kind: the list is moderated, and repeated disrespect leads to removal.</li>
        </ul>
      </section>
    </div>
  );
}
