// /benefits/video-embedding (spec 2 §2, §9): the code to embed each of the profile's videos (Vimeo or
// YouTube) on the provider's own website, 640x360.

export interface VideoEmbedView {
  title: string;
  url: string | null;
  host: string | null;
  snippet: string | null;
}

export function VideoEmbeddingPage({
  videos,
  width,
  height,
}: {
  videos: VideoEmbedView[];
  width: number;
  height: number;
}) {
  return (
    <div className="benefit-page">
      <section className="card" aria-labelledby="embed-intro-heading">
        <h2 id="embed-intro-heading">Put your video on your own website</h2>
        <p>
          Your video introduction is hosted on Vimeo or YouTube, so you can show it anywhere. Copy the code below into
          your website (the same places as the <a href="/benefits/web-badge">web badge</a>: a Custom HTML block in
          WordPress, a Code block in Squarespace, Embed HTML in Wix). The player is {width} by {height} pixels.
        </p>
      </section>
      {videos.map((video, index) => {
        const id = `video-code-${index + 1}`;
        return (
          <section className="card" aria-labelledby={`${id}-heading`} key={id}>
            <h2 id={`${id}-heading`}>{video.title}</h2>
            {video.snippet ? (
              <div className="field">
                <label htmlFor={id}>{`${video.host} embed code`}</label>
                <p className="hint" id={`${id}-hint`}>
                  Select all the code (Ctrl+A, or ⌘+A on a Mac) and copy it (Ctrl+C or ⌘+C).
                </p>
                <textarea
                  id={id}
                  className="code-box"
                  readOnly
                  rows={4}
                  aria-describedby={`${id}-hint`}
                  value={video.snippet}
                />
              </div>
            ) : (
              <p>
                We cannot make an embed code for this video
                {video.url ? (
                  <>
                    {' '}
                    (<a href={video.url}>{video.url}</a>)
                  </>
                ) : null}
                : only Vimeo and YouTube videos can be embedded. <a href="/contact">Contact us</a> and we will help.
              </p>
            )}
          </section>
        );
      })}
    </div>
  );
}
