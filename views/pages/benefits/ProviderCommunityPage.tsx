// /benefits/provider-community (spec 1 §1, spec 2 §2): one e-mail box per eligible state (Rhode Island,
// Massachusetts, New York, California), the FAQs, and the listserv that comes with membership.
import { Label } from '../../components/ui/Label';

export interface CommunityBoxView {
  code: string;
  name: string;
  email: string;
  practicesHere: boolean;
}

export function CommunityBoxes({ boxes }: { boxes: CommunityBoxView[] }) {
  return (
    <ul className="community-boxes">
      {boxes.map((box) => (
        <li key={box.code} className="community-box">
          <h3>{box.name}</h3>
          {box.practicesHere && (
            <p>
              <Label state="info">You practice here</Label>
            </p>
          )}
          <p>
            <a href={`mailto:${box.email}`}>{box.email}</a>
          </p>
          <p className="hint">
            <a
              href={`mailto:${box.email}?subject=${encodeURIComponent(`Please add me to the ${box.name} provider community`)}`}
            >
              Ask to join the {box.name} community
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}

export function ProviderCommunityPage({ boxes }: { boxes: CommunityBoxView[] }) {
  const mine = boxes.filter((b) => b.practicesHere);
  return (
    <div className="benefit-page">
      <section className="card" aria-labelledby="community-heading">
        <h2 id="community-heading">A community of providers in your state</h2>
        <p>
          Members in Rhode Island, Massachusetts, New York and California share referrals, questions about insurance and
          licensing, office space and job openings, and invitations to local events through a state e-mail list (a
          listserv). The listserv is included with your membership.
        </p>
        <p>
          {mine.length > 0
            ? `You practice in ${mine.map((b) => b.name).join(' and ')}: write to the address below to join.`
            : 'The community is offered in these four states only. If you practice in one of them, add the location or licence to your profile and join with the address below.'}
        </p>
      </section>
      <section className="card" aria-labelledby="states-heading">
        <h2 id="states-heading">Join your state's community</h2>
        <CommunityBoxes boxes={boxes} />
      </section>
      <section className="card" aria-labelledby="faq-heading">
        <h2 id="faq-heading">Frequently asked questions</h2>
        <details>
          <summary>Who can join?</summary>
          <p>
            Every member with an active membership who practices (or is licensed) in one of the four states. Each state
            list is moderated by our team.
          </p>
        </details>
        <details>
          <summary>Does it cost anything?</summary>
          <p>No. The listserv is included with your membership.</p>
        </details>
        <details>
          <summary>How many e-mails will I get?</summary>
          <p>Usually a few a week. You can choose a daily digest instead of single messages when you join.</p>
        </details>
        <details>
          <summary>Can I share client information?</summary>
          <p>
            Never share anything that could identify a client. Ask about referrals in general terms and continue the
            conversation privately.
          </p>
        </details>
        <details>
          <summary>How do I leave?</summary>
          <p>
            Every listserv e-mail has an unsubscribe link at the bottom; you can rejoin at any time with the address
            above.
          </p>
        </details>
        <p>
          More about the listserv: <a href="/listserv">Listserv</a>.
        </p>
      </section>
    </div>
  );
}
