// /benefits/blog-features (spec 2 §2): how members get featured on the directory's blog.

export function BlogFeaturesPage({ brand, supportEmail }: { brand: string; supportEmail: string }) {
  return (
    <div className="benefit-page">
      <section className="card" aria-labelledby="feature-heading">
        <h2 id="feature-heading">Get featured on the {brand} blog</h2>
        <p>
          Our blog is read by people looking for a therapist and by those supporting someone who is. As a member you can
          contribute your expertise: every feature names you as the expert and links to your profile, which brings
          clients who already know how you think and work.
        </p>
      </section>
      <section className="card" aria-labelledby="ways-heading">
        <h2 id="ways-heading">Ways to be featured</h2>
        <ul>
          <li>
            <strong>Expert quotes:</strong> we regularly ask members for two or three sentences on a topic in their
            specialty.
          </li>
          <li>
            <strong>Guest articles:</strong> 800 to 1,200 words on a question your clients often ask you.
          </li>
          <li>
            <strong>Provider spotlights:</strong> a short interview about your practice, your approach and who you help.
          </li>
        </ul>
      </section>
      <section className="card" aria-labelledby="guidelines-heading">
        <h2 id="guidelines-heading">Guidelines</h2>
        <ul>
          <li>Write for clients, not colleagues: plain language, practical, warm, free of jargon.</li>
          <li>Original work only; no article published elsewhere.</li>
          <li>No client stories that could identify anyone, even with names changed.</li>
          <li>No promotion of products or services inside the article: your byline and profile link do that.</li>
          <li>Our editors may shorten or edit for clarity and will send you the final version before publishing.</li>
        </ul>
      </section>
      <section className="card" aria-labelledby="pitch-heading">
        <h2 id="pitch-heading">Pitch a topic</h2>
        <p>
          Send us your topic in a sentence or two and the specialty it relates to through the{' '}
          <a href="/contact">contact form</a>, or write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. We
          answer every pitch within two weeks.
        </p>
        <p>
          Make sure your <a href="/profile/specialties">specialties</a> are up to date: that is how we find members for
          expert quotes.
        </p>
      </section>
    </div>
  );
}
