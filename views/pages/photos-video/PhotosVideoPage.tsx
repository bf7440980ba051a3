// /profile/photos-video (spec 2 §2 Profile pages and Photo gallery): the profile photo (uploaded and
// cropped as in the wizard, or picked from the photos), gallery photos, practice photos (practices),
// the video introduction's status, and the one-time photo edit by our team. Every form is a plain post.
import { PostForm } from '../../components/PostForm';
import { Island } from '../../components/Island';
import { usePage } from '../../page-context';
import { Button } from '../../components/ui/Button';
import { FieldError } from '../../components/form/FieldError';

export const PAGE_PATH = '/profile/photos-video';

export type VideoStatus = 'visible' | 'hidden' | 'no-video';
/** `rendering`: a photo of a large batch whose renditions a job is still making (not shown yet). */
export interface PhotoItem {
  id: number;
  full: string;
  thumb: string;
  width?: number | null;
  rendering: boolean;
}
export interface VideoItem {
  title: string;
  url: string | null;
}

export interface PhotosVideoView {
  type: 'individual' | 'practice';
  profilePhoto: { url: string; smallUrl: string } | null;
  gallery: PhotoItem[];
  practice: PhotoItem[];
  videoStatus: VideoStatus;
  videos: VideoItem[];
  photoEdit: { available: true } | { available: false; reason: string };
  suggested: { min: number; max: number };
  maxFiles: number;
  confirmDelete: string;
  renderingNote: (count: number) => string;
}

const VIDEO_CHOICES: { value: VideoStatus; label: string; hint: string }[] = [
  { value: 'visible', label: 'Visible', hint: 'Shown on your profile.' },
  { value: 'hidden', label: 'Hidden', hint: 'Not shown on your profile; kept only with our video hosts.' },
  {
    value: 'no-video',
    label: 'No video',
    hint: 'Removes your video introduction; we ask our team to delete it from the video hosts.',
  },
];

export function PhotosVideoPage({
  view,
  errors = {},
  values = {},
}: {
  view: PhotosVideoView;
  errors?: Record<string, string>;
  /** What was typed into the photo-edit request (kept after a failed post). */
  values?: { edits?: string; requestedVideoEdits?: string };
}) {
  const { csrfToken } = usePage();
  const allPhotos = [...view.gallery, ...view.practice].filter((photo) => !photo.rendering);
  return (
    <div className="photos-video">
      <p>
        Clients connect with a face. Profile changes appear within 24 business hours. Want professional photos or a
        video introduction? <a href="/benefits/photo-videoshoot">Book a photo or video shoot</a>, or{' '}
        <a href="/contact">contact us</a>.
      </p>

      <section className="card" id="profile-photo" aria-labelledby="profile-photo-heading">
        <h2 id="profile-photo-heading">Profile photo</h2>
        {view.profilePhoto ? (
          <figure className="headshot">
            <img
              src={view.profilePhoto.smallUrl}
              srcSet={`${view.profilePhoto.smallUrl} 250w, ${view.profilePhoto.url} 400w`}
              sizes="250px"
              alt="Your current profile photo"
              width={250}
              height={250}
            />
            <figcaption>Your current profile photo.</figcaption>
          </figure>
        ) : (
          <p className="notice">You do not have a profile photo yet.</p>
        )}
        <PostForm action={`${PAGE_PATH}/profile-photo`} encType="multipart/form-data">
          <Island
            name="PhotoCropper"
            props={{
              name: 'headshot',
              label: 'Upload a new profile photo',
              hint: 'A clear, colorful photo of at least 100 KB (JPEG, PNG or WebP).',
              ...(errors.headshot ? { error: errors.headshot } : {}),
            }}
          />
          <div className="actions">
            <Button>Upload profile photo</Button>
          </div>
        </PostForm>
        {(allPhotos.length > 0 || errors.image_id) && (
          <details className="photo-picker" open={Boolean(errors.image_id)}>
            <summary>Choose your profile photo from your photos</summary>
            <PostForm action={`${PAGE_PATH}/profile-photo/choice`}>
              <fieldset className="choice">
                <legend>Which photo should be your profile photo? It is cropped to a centred square.</legend>
                <FieldError id="image_id" error={errors.image_id} target={allPhotos[0] && `pick-${allPhotos[0].id}`} />
                <ul className="photo-picker__options">
                  {allPhotos.map((photo, index) => (
                    <li key={photo.id}>
                      <input type="radio" name="image_id" value={photo.id} id={`pick-${photo.id}`} />
                      <label htmlFor={`pick-${photo.id}`}>
                        <img src={photo.thumb} alt={`Photo ${index + 1}`} width={96} height={96} loading="lazy" />
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
              <Button>Use as profile photo</Button>
            </PostForm>
          </details>
        )}
      </section>

      <PhotoSection
        id="gallery"
        title="Gallery photos"
        label="Gallery photo"
        field="photos"
        action={`${PAGE_PATH}/gallery`}
        photos={view.gallery}
        view={view}
        csrfToken={csrfToken}
        error={errors.photos}
        intro={`Show clients your space and who you are. We suggest ${view.suggested.min} to ${view.suggested.max} photos.`}
      />

      {view.type === 'practice' && (
        <PhotoSection
          id="practice-photos"
          title="Practice photos"
          label="Practice photo"
          field="practice_photos"
          action={`${PAGE_PATH}/practice-photos`}
          photos={view.practice}
          view={view}
          csrfToken={csrfToken}
          error={errors.practice_photos}
          intro="Photos of your practice: your office, waiting room and team."
        />
      )}

      <section className="card" id="video" aria-labelledby="video-heading">
        <h2 id="video-heading">Video introduction</h2>
        {view.videos.length > 0 ? (
          <>
            <ul className="video-list">
              {view.videos.map((video, index) => (
                <li key={index}>{video.url ? <a href={video.url}>{video.title}</a> : video.title}</li>
              ))}
            </ul>
            <p>
              <a href="/marketing/video-embedding">Embed your video on your own website</a>
            </p>
          </>
        ) : (
          <p>
            You do not have a video introduction yet. <a href="/benefits/photo-videoshoot">Book a video shoot</a> to get
            one.
          </p>
        )}
        <PostForm action={`${PAGE_PATH}/video-status`}>
          <fieldset className="choice" aria-describedby={errors.status ? 'status-error' : undefined}>
            <legend>How is your video introduction shown?</legend>
            <FieldError
              id="status"
              error={errors.status}
              target={VIDEO_CHOICES[0] && `status-${VIDEO_CHOICES[0].value}`}
            />
            {VIDEO_CHOICES.map((choice) => (
              <div className="field--check" key={choice.value}>
                <input
                  type="radio"
                  name="status"
                  value={choice.value}
                  id={`status-${choice.value}`}
                  defaultChecked={view.videoStatus === choice.value}
                  aria-describedby={`status-${choice.value}-hint`}
                />
                <label htmlFor={`status-${choice.value}`}>
                  <strong>{choice.label}</strong> <span id={`status-${choice.value}-hint`}>{choice.hint}</span>
                </label>
              </div>
            ))}
          </fieldset>
          <Button>Save video setting</Button>
        </PostForm>
      </section>

      <section className="card" id="photo-edits" aria-labelledby="photo-edits-heading">
        <h2 id="photo-edits-heading">Photo edits by our team</h2>
        {view.photoEdit.available ? (
          <PostForm action={`${PAGE_PATH}/photo-edit-request`}>
            <p>Our team can retouch, crop or replace your photos once, free of charge.</p>
            <div className={errors.edits ? 'field field--error' : 'field'}>
              <label htmlFor="edits">Which edits would you like?</label>
              <FieldError id="edits" error={errors.edits} />
              <textarea
                id="edits"
                name="edits"
                rows={4}
                defaultValue={values.edits ?? ''}
                aria-invalid={errors.edits ? true : undefined}
                aria-describedby={errors.edits ? 'edits-error' : undefined}
              />
            </div>
            {view.videos.length > 0 && (
              <div className={errors.requestedVideoEdits ? 'field field--error' : 'field'}>
                <label htmlFor="requestedVideoEdits">Edits to your video (optional)</label>
                <FieldError id="requestedVideoEdits" error={errors.requestedVideoEdits} />
                <textarea
                  id="requestedVideoEdits"
                  name="requestedVideoEdits"
                  rows={3}
                  defaultValue={values.requestedVideoEdits ?? ''}
                  aria-describedby={errors.requestedVideoEdits ? 'requestedVideoEdits-error' : undefined}
                />
              </div>
            )}
            <Button>Request photo edits</Button>
          </PostForm>
        ) : (
          <>
            <p>{view.photoEdit.reason}</p>
            {errors.edits && errors.edits !== view.photoEdit.reason && <FieldError id="edits" error={errors.edits} />}
            <p>
              <a href="/contact">Contact us</a>
            </p>
          </>
        )}
      </section>
    </div>
  );
}

function PhotoSection({
  id,
  title,
  label,
  field,
  action,
  photos,
  view,
  csrfToken,
  error,
  intro,
}: {
  id: string;
  title: string;
  label: string;
  field: string;
  action: string;
  photos: PhotoItem[];
  view: PhotosVideoView;
  csrfToken: string;
  error?: string | undefined;
  intro: string;
}) {
  const inputId = `${field}-input`;
  const hintId = `${field}-hint`;
  const ready = photos.filter((photo) => !photo.rendering);
  const rendering = photos.length - ready.length;
  return (
    <section className="card" id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      <p>{intro}</p>
      {rendering > 0 && (
        <p className="notice" role="status">
          {view.renderingNote(rendering)}
        </p>
      )}
      {ready.length > 0 ? (
        <>
          <p className="hint">
            {ready.length === 1 ? 'You have 1 photo.' : `You have ${ready.length} photos.`} Select a photo to see it
            larger.
          </p>
          <Island
            name="PhotoLightbox"
            props={{
              label,
              photos: ready.map((photo, index) => ({
                id: photo.id,
                full: photo.full,
                thumb: photo.thumb,
                width: photo.width ?? null,
                alt: `${label} ${index + 1}`,
              })),
              manage: { actionBase: `${PAGE_PATH}/photos`, csrfToken, confirmDelete: view.confirmDelete },
            }}
          />
        </>
      ) : (
        rendering === 0 && <p className="hint">No photos yet.</p>
      )}
      <PostForm action={action} encType="multipart/form-data">
        <div className={error ? 'field field--error' : 'field'}>
          <label htmlFor={inputId}>Add photos</label>
          <p className="hint" id={hintId}>
            Up to {view.maxFiles} at a time; each at least 100 KB and in color.
          </p>
          <FieldError id={field} error={error} target={inputId} />
          <input
            type="file"
            id={inputId}
            name={field}
            accept="image/*"
            multiple
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${field}-error` : hintId}
          />
        </div>
        <Button>Upload photos</Button>
      </PostForm>
    </section>
  );
}
