// The <head> of every page: title, CSRF token for scripts, the stylesheet and only the needed scripts.
import type { PageAssets } from '../page-context';

export function Document({ title, csrfToken, assets }: { title: string; csrfToken: string; assets: PageAssets }) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      {csrfToken && <meta name="csrf-token" content={csrfToken} />}
      <link rel="icon" href="/favicon.ico" />
      {assets.styles.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      {assets.preloads.map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
      {assets.scripts.map((src) => (
        <script key={src} type="module" src={src} />
      ))}
    </head>
  );
}
