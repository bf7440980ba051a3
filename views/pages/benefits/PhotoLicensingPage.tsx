// /benefits/photo-licensing (spec 2 §2): how the photos and video from a shoot may be used. Open to
// every signed-in provider, with or without a membership.

export function PhotoLicensingPage({ brand }: { brand: string }) {
  return (
    <div className="benefit-page">
      <section className="card" aria-labelledby="license-heading">
        <h2 id="license-heading">Using your photos and video</h2>
        <p>
          The photos and video from a shoot booked through {brand} are made for your professional presence. The
          photographer keeps the copyright; you receive a licence to use them, which stays yours after your membership
          ends.
        </p>
      </section>
      <section className="card" aria-labelledby="allowed-heading">
        <h2 id="allowed-heading">You may</h2>
        <ul>
          <li>Use them on your directory profile, your own website and your social media accounts.</li>
          <li>
            Use them in other directories, on insurance panels and in your practice's printed material (cards,
            brochures, signs).
          </li>
          <li>Give them to journalists, podcasts and conferences when they feature you.</li>
          <li>Crop or resize them, and adjust brightness or colour slightly.</li>
        </ul>
      </section>
      <section className="card" aria-labelledby="not-allowed-heading">
        <h2 id="not-allowed-heading">Please do not</h2>
        <ul>
          <li>Sell or license them to anyone else, or use them in paid advertising for another business.</li>
          <li>Alter them heavily (filters that change how you look, compositing, AI edits).</li>
          <li>Remove the photographer's credit where a platform shows credits.</li>
        </ul>
      </section>
      <section className="card" aria-labelledby="files-heading">
        <h2 id="files-heading">Getting your files</h2>
        <p>
          Your selected photos arrive by e-mail as high-resolution files within two weeks of the shoot. Lost them, or
          need another size or format? <a href="/contact">Contact us</a> with the date of your shoot and we will send
          them again.
        </p>
        <p>
          Not had a shoot yet? See <a href="/benefits/photo-videoshoot">Photo &amp; Video Shoot</a>.
        </p>
      </section>
    </div>
  );
}
