// An outside page shown inside ours (scheduling, fee calculator, help desk). The route allows framing
// exactly this page's origin (server/http/security.ts allowFramesFrom); the link is the way out when
// the embedded page cannot load.

export function EmbeddedFrame({ src, title, height = 760 }: { src: string; title: string; height?: number }) {
  return (
    <div className="embed-frame">
      <iframe
        className="embed-frame__iframe"
        src={src}
        title={title}
        height={height}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
      />
      <p className="hint">
        Trouble seeing it?{' '}
        <a href={src} target="_blank" rel="noopener noreferrer">
          Open the {title} page in a new tab
        </a>
        .
      </p>
    </div>
  );
}
