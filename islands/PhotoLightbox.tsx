// A photo grid whose thumbnails open a lightbox (spec 2 §2 Photo gallery): Escape closes, the left and
// right arrows go to the previous and next photo. Without JavaScript each thumbnail is a plain link to
// the full picture. With `manage`, every photo carries its own forms (move up/down, delete), which are
// ordinary form posts and so work without JavaScript too.
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';

/** `width` is the full picture's width in pixels, when known: the open photo then offers both renditions (srcset). */
export interface LightboxPhoto {
  id: number;
  full: string;
  thumb: string;
  alt: string;
  width?: number | null;
}

const THUMB_WIDTH = 320;

export interface PhotoLightboxProps {
  /** What the photos are, e.g. "Gallery photo" (used in labels: "Gallery photo 2 of 5"). */
  label: string;
  photos: LightboxPhoto[];
  /** Reorder and delete controls: the action prefix (`{actionBase}/{id}/position`, `/deletion`) and the CSRF token. */
  manage?: { actionBase: string; csrfToken: string; confirmDelete: string };
}

export default function PhotoLightbox({ label, photos, manage }: PhotoLightboxProps) {
  const [open, setOpen] = useState<number | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const count = photos.length;

  const close = useCallback(() => {
    setOpen(null);
    opener.current?.focus();
  }, []);
  const step = useCallback(
    (delta: number) => setOpen((index) => (index === null ? null : (index + delta + count) % count)),
    [count],
  );

  useEffect(() => {
    if (open === null) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      } else if (event.key === 'ArrowLeft') {
        event.preventDefault();
        step(-1);
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        step(1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, close, step]);

  function show(event: MouseEvent<HTMLAnchorElement>, index: number) {
    // A new tab or window (modifier keys, middle click) still gets the plain link.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setOpen(index);
  }

  if (count === 0) return null;
  const current = open === null ? null : photos[open];
  return (
    <div className="photo-lightbox">
      <ul className="photo-grid">
        {photos.map((photo, index) => (
          <li key={photo.id} className="photo-grid__item">
            <a
              href={photo.full}
              className="photo-grid__link"
              onClick={(event) => show(event, index)}
              data-testid="photo-link"
            >
              <img
                src={photo.thumb}
                alt={`${photo.alt} (open the full picture)`}
                width={160}
                height={160}
                loading="lazy"
              />
            </a>
            {manage && (
              <div className="photo-grid__controls">
                <form method="post" action={`${manage.actionBase}/${photo.id}/position`}>
                  <input type="hidden" name="_csrf" value={manage.csrfToken} />
                  <button type="submit" name="direction" value="up" className="link-button" disabled={index === 0}>
                    Move up<span className="visually-hidden"> {photo.alt}</span>
                  </button>
                  <button
                    type="submit"
                    name="direction"
                    value="down"
                    className="link-button"
                    disabled={index === count - 1}
                  >
                    Move down<span className="visually-hidden"> {photo.alt}</span>
                  </button>
                </form>
                <form
                  method="post"
                  action={`${manage.actionBase}/${photo.id}/deletion`}
                  data-confirm={manage.confirmDelete}
                >
                  <input type="hidden" name="_csrf" value={manage.csrfToken} />
                  <button type="submit" className="link-button photo-grid__delete">
                    Delete<span className="visually-hidden"> {photo.alt}</span>
                  </button>
                </form>
              </div>
            )}
          </li>
        ))}
      </ul>
      {current && open !== null && (
        // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a mouse shortcut; Escape closes from the keyboard
        <div
          className="lightbox"
          role="dialog"
          aria-modal="true"
          aria-label={`${current.alt}, ${open + 1} of ${count}`}
          onClick={(event) => {
            if (event.target === event.currentTarget) close();
          }}
        >
          <figure className="lightbox__figure">
            <img
              src={current.full}
              alt={current.alt}
              srcSet={
                current.width && current.width > THUMB_WIDTH
                  ? `${current.thumb} ${THUMB_WIDTH}w, ${current.full} ${current.width}w`
                  : undefined
              }
              sizes="(max-width: 640px) 100vw, 80vw"
            />
            <figcaption>{`${label} ${open + 1} of ${count}`}</figcaption>
          </figure>
          <div className="lightbox__controls">
            <button type="button" className="button button--secondary" onClick={() => step(-1)} disabled={count < 2}>
              Previous<span className="visually-hidden"> photo</span>
            </button>
            <button type="button" className="button button--secondary" onClick={() => step(1)} disabled={count < 2}>
              Next<span className="visually-hidden"> photo</span>
            </button>
            <button type="button" className="button" ref={closeButton} onClick={close}>
              Close<span className="visually-hidden"> the photo</span>
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
