// An honest placeholder for a route whose feature arrives with a later piece of work.
export function ComingSoonPage({ what }: { what: string }) {
  return (
    <div className="card">
      <p><strong>Coming soon.</strong> {what} is not available in the portal yet.</p>
      <p>Until then, our support team can help: <a href="/contact">contact us</a>.</p>
    </div>
  );
}
