// /benefits/partnerships (spec 2 §2): the partner tools and offers that come with membership, with the
// add-ons' call-to-action buttons (spec 1 §2) where the rules show them.
import {
  PracticeManagementButton,
  PrivatePayBoosterButton,
  TrialLabel,
  type AddOnButtonsView,
} from '../../components/AddOnButtons';

export function PartnershipsPage({
  brand,
  addOns = { practiceManagement: null, privatePayBooster: null },
}: {
  brand: string;
  addOns?: AddOnButtonsView;
}) {
  return (
    <div className="benefit-page">
      <section className="card" aria-labelledby="partners-heading">
        <h2 id="partners-heading">Partner tools and offers</h2>
        <p>
          We work with a small number of partners whose tools make running a practice easier. Each partner offer below
          is included in or discounted by your {brand} membership.
        </p>
      </section>
      <section className="card" aria-labelledby="pm-heading">
        <h2 id="pm-heading">Practice management (EHR)</h2>
        <p>
          Scheduling, notes, client portal, billing and telehealth in one place, connected to your profile so clients
          can book straight from it. Members can try it before subscribing.
        </p>
        {addOns.practiceManagementTrial && (
          <p>
            <TrialLabel trial={addOns.practiceManagementTrial} />
          </p>
        )}
        {addOns.practiceManagement ? (
          <div className="actions">
            <PracticeManagementButton cta={addOns.practiceManagement} />
          </div>
        ) : (
          <p>
            <a href="/practice-management">Learn about practice management</a>
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="ppb-heading">
        <h2 id="ppb-heading">Private Pay Booster</h2>
        <p>
          Out-of-network benefit checks and superbill claims for your private-pay clients, so they get reimbursed by
          their insurance and can keep seeing you.
        </p>
        {addOns.privatePayBooster ? (
          <div className="actions">
            <PrivatePayBoosterButton providerId={addOns.privatePayBooster.providerId} />
          </div>
        ) : (
          <p>
            <a href="/plan-management">See add-ons in Plan Management</a>
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="outcomes-heading">
        <h2 id="outcomes-heading">Measurement-based care</h2>
        <p>
          Our outcome-measurement partner sends clients short, validated questionnaires between sessions and charts
          their progress for you. Members who sign up through our partner link receive 25% off the first year.
        </p>
      </section>
      <section className="card" aria-labelledby="suggest-heading">
        <h2 id="suggest-heading">Suggest a partner</h2>
        <p>
          Is there a tool you rely on that should offer our members a discount? <a href="/contact">Tell us</a>.
        </p>
      </section>
    </div>
  );
}
