// /tips/membership (spec 1 §2): getting the most out of the membership, with links to each benefit.

export function MembershipTipsPage({ brand }: { brand: string }) {
  return (
    <div className="tips-page">
      <section className="card" aria-labelledby="first-heading">
        <h2 id="first-heading">Your first month</h2>
        <ol>
          <li>
            Finish every item of the checklist on your <a href="/">dashboard</a>; a complete profile is shown to more
            clients.
          </li>
          <li>
            Take the <a href="/vetting/quiz">Clinical Vetting quiz</a> if it is offered to you.
          </li>
          <li>
            Book your <a href="/benefits/photo-videoshoot">photo &amp; video shoot</a>.
          </li>
          <li>
            Add the <a href="/benefits/web-badge">web badge</a> to your website.
          </li>
          <li>
            Join your state's <a href="/benefits/provider-community">provider community</a> if there is one.
          </li>
        </ol>
      </section>
      <section className="card" aria-labelledby="benefits-heading">
        <h2 id="benefits-heading">Benefits included with {brand}</h2>
        <ul>
          <li>
            <a href="/benefits/client-matching">Client matching</a>: clients matched with you by their needs.
          </li>
          <li>
            <a href="/benefits/blog-features">Blog features</a>: be quoted or publish as an expert.
          </li>
          <li>
            <a href="/benefits/partnerships">Partnerships</a>: tools and discounts for running your practice.
          </li>
          <li>
            <a href="/refer-and-earn">Refer &amp; Earn</a>: $49 off for you and each colleague who joins.
          </li>
          <li>
            <a href="/fee-calculator">Fee calculator</a>: work out a sustainable session fee.
          </li>
        </ul>
      </section>
      <section className="card" aria-labelledby="billing-heading">
        <h2 id="billing-heading">Plans and billing</h2>
        <p>
          Change your plan, add practice management or Private Pay Booster, update your card or download invoices in
          <a href="/plan-management"> Plan Management</a>. Annual plans cost less than twelve monthly payments.
        </p>
        <p>
          Questions about your membership? <a href="/contact">Contact us</a> or search the{' '}
          <a href="/help-desk">Help Desk</a>.
        </p>
      </section>
    </div>
  );
}
