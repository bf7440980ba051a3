// /profile/photos-video (spec 2 §2, §4, §5 Photos): the page and its form posts. Thin: parse, one
// service call, render or redirect. Uploads are parsed before the CSRF check by `photosVideoUploads()`.
import { Router, type Request, type Response } from 'express';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { requireSelectedProfile, selectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import { ConfirmStep } from '../../../views/components/ui/ConfirmStep';
import {
  PAGE_PATH,
  PhotosVideoPage,
  type PhotosVideoView,
  type VideoItem,
} from '../../../views/pages/photos-video/PhotosVideoPage';
import { MAX_PHOTO_BYTES as MAX_HEADSHOT_BYTES, PHOTO_MESSAGES, parseCrop } from '../../domain/images';
import { supportDeps, SUPPORT_SUBMITTED } from '../../domain/support-requests';
import * as service from './service';
import { isChecked } from '../../lib/form';
import { MAX_FILES_PER_UPLOAD, MAX_PHOTO_BYTES, MESSAGES, SUGGESTED_PHOTOS } from './validation';
import type { FeatureDeps } from '../deps';
import { needsConfirmation } from '../../lib/confirmation';

export const PAGE_TITLE = 'Photos & Video';

/** A video of custom_content.videos as the page lists it (shape set by the video team: url and title when known). */
function videoItem(video: unknown, index: number): VideoItem {
  const entry = (video && typeof video === 'object' ? video : {}) as Record<string, unknown>;
  const url =
    typeof entry.url === 'string' && /^https:\/\//.test(entry.url)
      ? entry.url
      : typeof video === 'string' && /^https:\/\//.test(video)
        ? video
        : null;
  const title =
    typeof entry.title === 'string' && entry.title.trim() ? entry.title.trim() : `Video introduction ${index + 1}`;
  return { title, url };
}

const imageIdOf = (req: Request): number => {
  const id = Number(req.params.imageId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError();
  return id;
};

export function photosVideoRoutes({ db, config, integrations, uploads, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({ menu: 'edit-profile', order: 70, label: 'Photos & Video', href: '/profile/photos-video' });
  const photoMessages = { tooLarge: MESSAGES.tooLarge, tooMany: MESSAGES.tooMany, unreadable: MESSAGES.unreadable };
  uploads.accept(
    {
      path: /^\/profile\/photos-video\/profile-photo\/?$/,
      field: 'headshot',
      maxFiles: 1,
      maxBytes: MAX_HEADSHOT_BYTES,
      messages: {
        tooLarge: PHOTO_MESSAGES.tooLarge,
        tooMany: PHOTO_MESSAGES.oneFile,
        unreadable: PHOTO_MESSAGES.unreadable,
      },
    },
    {
      path: /^\/profile\/photos-video\/gallery\/?$/,
      field: 'photos',
      maxFiles: MAX_FILES_PER_UPLOAD,
      maxBytes: MAX_PHOTO_BYTES,
      messages: photoMessages,
    },
    {
      path: /^\/profile\/photos-video\/practice-photos\/?$/,
      field: 'practice_photos',
      maxFiles: MAX_FILES_PER_UPLOAD,
      maxBytes: MAX_PHOTO_BYTES,
      messages: photoMessages,
    },
  );
  const { db: _db, ...support } = supportDeps(db, config, integrations);
  const deps: service.PhotosVideoDeps = { db, storage: integrations.storage, jobs: integrations.jobs, support };
  const providerIdOf = (res: Response) => selectedProfile(res).id;

  async function show(req: Request, res: Response, errors: Record<string, string> = {}, status = 200) {
    const data = await service.pageData(db, res.locals.viewer!, providerIdOf(res));
    const view: PhotosVideoView = {
      type: data.record.type,
      profilePhoto: data.profilePhoto,
      gallery: data.gallery,
      practice: data.practice,
      videoStatus: data.videoStatus,
      videos: data.record.videos.map(videoItem),
      photoEdit: data.photoEdit,
      suggested: SUGGESTED_PHOTOS,
      maxFiles: MAX_FILES_PER_UPLOAD,
      confirmDelete: MESSAGES.confirmDelete,
      renderingNote: MESSAGES.rendering,
    };
    const body = (req.method === 'POST' ? (req.body ?? {}) : {}) as Record<string, unknown>;
    const values = {
      edits: typeof body.edits === 'string' ? body.edits : '',
      requestedVideoEdits: typeof body.requestedVideoEdits === 'string' ? body.requestedVideoEdits : '',
    };
    render(req, res, {
      title: PAGE_TITLE,
      status,
      page: <PhotosVideoPage view={view} errors={errors} values={values} />,
    });
  }
  const reshow = (req: Request, res: Response, errors: Record<string, string>, status: number) =>
    show(req, res, errors, status);
  const back = (anchor: string) => `${PAGE_PATH}#${anchor}`;

  router.get(PAGE_PATH, ...requireSelectedProfile, (req, res) => show(req, res));

  // --- Profile photo: upload (as the wizard) or pick one of the photos -------------------------------

  // A failure gets the wizard's own wording (spec 1 §8 "There was an error saving your profile photo.").
  router.post(
    `${PAGE_PATH}/profile-photo`,
    ...requireSelectedProfile,
    formPost(PHOTO_MESSAGES.error, reshow, async (req, res) => {
      await service.uploadProfilePhoto(deps, res.locals.viewer!, providerIdOf(res), {
        ...(req.file ? { file: req.file } : {}),
        ...(req.uploadError ? { uploadError: req.uploadError } : {}),
        crop: parseCrop(req.body ?? {}),
      });
      flash(req, 'success', MESSAGES.profilePhotoSaved);
      res.redirect(303, back('profile-photo'));
    }),
  );

  router.post(
    `${PAGE_PATH}/profile-photo/choice`,
    ...requireSelectedProfile,
    formPost(MESSAGES.error, reshow, async (req, res) => {
      const id = Number(req.body?.image_id);
      if (!Number.isSafeInteger(id) || id <= 0) throw new ValidationError({ image_id: MESSAGES.choosePhoto });
      await service.chooseProfilePhoto(deps, res.locals.viewer!, providerIdOf(res), id);
      flash(req, 'success', MESSAGES.profilePhotoChosen);
      res.redirect(303, back('profile-photo'));
    }),
  );

  // --- Gallery and practice photos ---------------------------------------------------------------------

  const uploadTo = (kind: service.PhotoKind, anchor: string) =>
    formPost(MESSAGES.error, reshow, async (req, res) => {
      const files = Array.isArray(req.files) ? req.files : [];
      const { count, rendering } = await service.uploadPhotos(deps, res.locals.viewer!, providerIdOf(res), kind, {
        files,
        ...(req.uploadError ? { uploadError: req.uploadError } : {}),
      });
      flash(req, 'success', rendering ? MESSAGES.uploadedRendering(count) : MESSAGES.uploaded(count));
      res.redirect(303, back(anchor));
    });
  router.post(`${PAGE_PATH}/gallery`, ...requireSelectedProfile, uploadTo('gallery', 'gallery'));
  router.post(`${PAGE_PATH}/practice-photos`, ...requireSelectedProfile, uploadTo('practice', 'practice-photos'));

  router.post(
    `${PAGE_PATH}/photos/:imageId/position`,
    ...requireSelectedProfile,
    formPost(MESSAGES.error, reshow, async (req, res) => {
      const id = imageIdOf(req);
      const photo = await service.findPhotoForViewer(db, res.locals.viewer!, providerIdOf(res), id);
      await service.movePhoto(deps, res.locals.viewer!, providerIdOf(res), id, req.body);
      flash(req, 'success', MESSAGES.moved);
      res.redirect(303, back(photo.kind === 'practice' ? 'practice-photos' : 'gallery'));
    }),
  );

  router.post(
    `${PAGE_PATH}/photos/:imageId/deletion`,
    ...requireSelectedProfile,
    formPost(MESSAGES.error, reshow, async (req, res) => {
      const id = imageIdOf(req);
      const photo = await service.findPhotoForViewer(db, res.locals.viewer!, providerIdOf(res), id);
      const anchor = photo.kind === 'practice' ? 'practice-photos' : 'gallery';
      if (!isChecked(req.body?.confirmed)) {
        return render(req, res, {
          title: PAGE_TITLE,
          page: (
            <ConfirmStep
              question={MESSAGES.confirmDelete}
              action={`${PAGE_PATH}/photos/${id}/deletion`}
              confirmLabel="Delete photo"
              cancelHref={back(anchor)}
              image={{ src: photo.thumb, alt: 'The photo to delete' }}
            />
          ),
        });
      }
      await service.deletePhoto(deps, res.locals.viewer!, providerIdOf(res), id);
      flash(req, 'success', MESSAGES.deleted);
      res.redirect(303, back(anchor));
    }),
  );

  // --- Video introduction ---------------------------------------------------------------------------------

  router.post(
    `${PAGE_PATH}/video-status`,
    ...requireSelectedProfile,
    formPost(MESSAGES.error, reshow, async (req, res) => {
      const result = await service.setVideoStatus(
        deps,
        res.locals.viewer!,
        providerIdOf(res),
        (req.body ?? {}) as Record<string, unknown>,
      );
      if (needsConfirmation(result)) {
        return render(req, res, {
          title: PAGE_TITLE,
          page: (
            <ConfirmStep
              question={result.question}
              action={`${PAGE_PATH}/video-status`}
              fields={{ status: 'no-video' }}
              confirmLabel="Remove my video"
              cancelHref={back('video')}
            />
          ),
        });
      }
      if (result.kind === 'unchanged') flash(req, 'info', MESSAGES.videoUnchanged);
      else
        flash(
          req,
          'success',
          result.status === 'visible'
            ? MESSAGES.videoVisible
            : result.status === 'hidden'
              ? MESSAGES.videoHidden
              : MESSAGES.videoRemoved,
        );
      res.redirect(303, back('video'));
    }),
  );

  // --- Photo edits by support ----------------------------------------------------------------------------

  router.post(
    `${PAGE_PATH}/photo-edit-request`,
    ...requireSelectedProfile,
    formPost(MESSAGES.error, reshow, async (req, res) => {
      await service.requestPhotoEdits(deps, res.locals.viewer!, providerIdOf(res), req.body);
      flash(req, 'success', SUPPORT_SUBMITTED);
      res.redirect(303, back('photo-edits'));
    }),
  );

  return router;
}
