// /tips/increasing-referrals (spec 1 §2): a practical checklist for more client referrals.

export function IncreasingReferralsPage() {
  return (
    <div className="tips-page">
      <section className="card" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Make your profile work for you</h2>
        <ul>
          <li>
            <strong>Photo:</strong> a warm, well-lit, recent headshot. Clients decide in seconds.{' '}
            <a href="/profile/photos-video">Photos &amp; Video</a>
          </li>
          <li>
            <strong>Video introduction:</strong> one or two minutes in your own words.{' '}
            <a href="/benefits/photo-videoshoot">Book a shoot</a>
          </li>
          <li>
            <strong>Statement:</strong> speak to the client, describe what they are going through and how you help;
            avoid listing credentials. <a href="/profile/message-statement">Statement</a>
          </li>
          <li>
            <strong>Specialties:</strong> choose the top specialties you most want to see, so you match the right
            clients. <a href="/profile/specialties">Specialties</a>
          </li>
          <li>
            <strong>Fees and insurance:</strong> clients filter by them; leave nothing blank.{' '}
            <a href="/profile/insurance-fees">Insurance &amp; Fees</a>
          </li>
        </ul>
      </section>
      <section className="card" aria-labelledby="availability-heading">
        <h2 id="availability-heading">Stay visible</h2>
        <ul>
          <li>Confirm your availability at least every two weeks; recently updated profiles rank higher.</li>
          <li>Add every state you are licensed in and an online-only location if you offer telehealth.</li>
          <li>Set the vacation responder when you are away, so clients know when you will be back.</li>
        </ul>
        <p>
          <a href="/profile/availability-locations">Go to Availability &amp; Locations</a>
        </p>
      </section>
      <section className="card" aria-labelledby="respond-heading">
        <h2 id="respond-heading">Respond quickly</h2>
        <p>
          Clients often write to several providers and book with the first who answers. Reply to new{' '}
          <a href="/messages">messages</a>
          within one business day, even if only to suggest a phone consultation.
        </p>
      </section>
      <section className="card" aria-labelledby="beyond-heading">
        <h2 id="beyond-heading">Beyond the directory</h2>
        <ul>
          <li>
            Add the <a href="/benefits/web-badge">web badge</a> to your website; it links clients to your profile.
          </li>
          <li>
            Offer a <a href="/therapy-groups">therapy group</a>: groups are listed separately and bring new clients.
          </li>
          <li>
            Contribute to the <a href="/benefits/blog-features">blog</a> to be seen as the expert in your specialty.
          </li>
          <li>
            Ask satisfied clients whether they would write a <a href="/testimonials">testimonial</a>, where your
            licensing board allows it.
          </li>
        </ul>
      </section>
    </div>
  );
}
