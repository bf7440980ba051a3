// /benefits/web-badge (spec 2 §2, §9): the member badge in its 250x86 frame and the code to paste into
// the provider's own website, linking to their public profile.

export const BADGE_WIDTH = 250;
export const BADGE_HEIGHT = 86;

export function WebBadgePage({
  badgePath,
  snippet,
  profileUrl,
  live,
  brand,
}: {
  /** Where this page loads the badge from (same site). */
  badgePath: string;
  snippet: string;
  profileUrl: string;
  live: boolean;
  brand: string;
}) {
  return (
    <div className="benefit-page">
      <section className="card" aria-labelledby="badge-heading">
        <h2 id="badge-heading">Your member badge</h2>
        <p>
          Show visitors of your website that you are a member of {brand}. The badge links to your public profile, where
          clients can read about your practice and contact you. Links from your own site also help search engines find
          your profile.
        </p>
        <div className="web-badge__frame">
          <img src={badgePath} width={BADGE_WIDTH} height={BADGE_HEIGHT} alt={`Member of ${brand}`} />
        </div>
        <p>
          The badge links to{' '}
          <a href={profileUrl} target="_blank" rel="noopener noreferrer">
            {profileUrl}
          </a>
          .
        </p>
        {!live && (
          <p className="notice">
            Your profile is not live yet: the link will show your profile once it is live in the directory.
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="code-heading">
        <h2 id="code-heading">Add it to your website</h2>
        <div className="field">
          <label htmlFor="badge-code">Badge code</label>
          <p className="hint" id="badge-code-hint">
            Click in the box, select all (Ctrl+A, or ⌘+A on a Mac) and copy (Ctrl+C or ⌘+C).
          </p>
          <textarea
            id="badge-code"
            className="code-box"
            readOnly
            rows={5}
            aria-describedby="badge-code-hint"
            value={snippet}
          />
        </div>
        <h3>Where to paste it</h3>
        <ul>
          <li>
            <strong>WordPress:</strong> add a Custom HTML block to a page, footer or sidebar widget and paste the code.
          </li>
          <li>
            <strong>Squarespace:</strong> add a Code block, choose HTML, and paste the code.
          </li>
          <li>
            <strong>Wix:</strong> choose Add, Embed Code, Embed HTML, and paste the code.
          </li>
          <li>
            <strong>Other website builders:</strong> look for an "HTML", "Embed" or "Code" element.
          </li>
        </ul>
        <p>
          Please keep the badge at its size (250 by 86 pixels) so it stays sharp. Need a hand?{' '}
          <a href="/contact">Contact us</a> and we will help.
        </p>
      </section>
    </div>
  );
}
