// Embed codes for the provider's videos (spec 2 §2 "Video embedding", §9: 640x360), for Vimeo and
// YouTube links only; any other link gets no code.

export const EMBED_WIDTH = 640;
export const EMBED_HEIGHT = 360;

export interface VideoEmbed {
  host: 'YouTube' | 'Vimeo';
  embedUrl: string;
  snippet: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;
const VIMEO_ID = /^\d{5,12}$/;

/** The player address of a YouTube or Vimeo link, or null. */
export function playerUrlOf(link: string): { host: VideoEmbed['host']; embedUrl: string } | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be' || host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id =
      host === 'youtu.be'
        ? parts[0]
        : (url.searchParams.get('v') ?? (['embed', 'shorts', 'live'].includes(parts[0] ?? '') ? parts[1] : undefined));
    return id && YOUTUBE_ID.test(id) ? { host: 'YouTube', embedUrl: `https://www.youtube.com/embed/${id}` } : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = [...parts].reverse().find((p) => VIMEO_ID.test(p));
    return id ? { host: 'Vimeo', embedUrl: `https://player.vimeo.com/video/${id}` } : null;
  }
  return null;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML a provider pastes into their own website. */
export function embedFor(link: string, title: string): VideoEmbed | null {
  const player = playerUrlOf(link);
  if (!player) return null;
  const allow =
    player.host === 'YouTube'
      ? 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share'
      : 'autoplay; fullscreen; picture-in-picture';
  const snippet = `<iframe width="${EMBED_WIDTH}" height="${EMBED_HEIGHT}" src="${player.embedUrl}" title="${escapeAttribute(title)}" frameborder="0" allow="${allow}" allowfullscreen></iframe>`;
  return { ...player, snippet };
}
