// The words and limits of /profile/photos-video (spec 2 §5 Photos, §9 Gallery, §4 Video status and
// Photo edits). The spec quotes no gallery messages: the wizard's photo wording is reused where it fits
// (spec 1 §5), the rest is ours (docs/decisions.md "Photos & Video").
import Joi from 'joi';
import { IMAGE_MESSAGES, type ImageMessages } from '../../domain/images';
import { SUPPORT_TEXT_MAX, SUPPORT_TEXT_TOO_LONG } from '../../domain/support-requests';
/** Spec 2 §9: up to 15 per upload; 4 to 8 suggested. */
export const MAX_FILES_PER_UPLOAD = 15;
export const SUGGESTED_PHOTOS = { min: 4, max: 8 } as const;
/** Per file, as the wizard's headshot. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;

export const PHOTO_FIELD = 'photos';

export const MESSAGES = {
  error: 'There was an error updating your profile.',
  none: 'Please choose at least one photo to upload.',
  tooMany: `You can upload up to ${MAX_FILES_PER_UPLOAD} photos at a time.`,
  tooLarge: 'Each photo must be smaller than 15 MB.',
  unreadable: 'We could not read that upload. Please try again.',
  chooseAgain: 'Nothing was uploaded. Please choose your photos again without the ones listed.',
  uploaded: (count: number) =>
    count === 1 ? 'Your photo has been uploaded.' : `Your ${count} photos have been uploaded.`,
  uploadedRendering: (count: number) =>
    count === 1
      ? 'Your photo has been uploaded. It is being prepared and appears here in a minute or so.'
      : `Your ${count} photos have been uploaded. They are being prepared and appear here in a minute or so.`,
  rendering: (count: number) =>
    count === 1
      ? '1 photo is being prepared. Reload this page in a minute to see it.'
      : `${count} photos are being prepared. Reload this page in a minute to see them.`,
  stillRendering: 'That photo is still being prepared. Please choose it again in a minute.',
  deleted: 'Your photo has been deleted.',
  moved: 'Your photos have been reordered.',
  profilePhotoSaved: 'Your profile photo has been saved.',
  profilePhotoChosen: 'Your profile photo has been updated.',
  choosePhoto: 'Please choose one of your photos.',
  videoVisible: 'Your video introduction is now shown on your profile.',
  videoHidden: 'Your video introduction is now hidden. It stays with our video hosts.',
  videoRemoved: 'Your video introduction has been removed. We have asked our team to delete it from the video hosts.',
  videoUnchanged: 'Your video setting has not changed.',
  videoNone: 'You do not have a video introduction yet. Book a video shoot to get one.',
  videoStatus: 'Please choose how your video introduction is shown.',
  editsRequired: 'Please describe the edits you would like.',
  editsTooLong: SUPPORT_TEXT_TOO_LONG,
  editNotActive: 'Photo edits by our team are available once your profile is active.',
  editUsed: 'You have already used your one-time photo edit. Please contact us for further changes.',
  confirmDelete: 'Are you sure you want to delete this photo?',
  confirmNoVideo: 'Are you sure you want to remove your video introduction? It will be deleted from the video hosts.',
} as const;

/** The per-file wording of gallery and practice photos (the wizard's, without "of yourself"). */
export const GALLERY_IMAGE_MESSAGES: ImageMessages = { ...IMAGE_MESSAGES };

export const VIDEO_STATUSES = ['visible', 'hidden', 'no-video'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

export const videoStatusSchema = Joi.object({
  status: Joi.string()
    .valid(...VIDEO_STATUSES)
    .required()
    .messages({
      'any.required': MESSAGES.videoStatus,
      'any.only': MESSAGES.videoStatus,
      'string.empty': MESSAGES.videoStatus,
    }),
  confirmed: Joi.any(),
}).unknown(true);

export const photoEditSchema = Joi.object({
  edits: Joi.string().trim().max(SUPPORT_TEXT_MAX).required().messages({
    'any.required': MESSAGES.editsRequired,
    'string.empty': MESSAGES.editsRequired,
    'string.max': MESSAGES.editsTooLong,
  }),
  requestedVideoEdits: Joi.string()
    .trim()
    .max(SUPPORT_TEXT_MAX)
    .allow('')
    .default('')
    .messages({ 'string.max': MESSAGES.editsTooLong }),
}).unknown(true);

export const moveSchema = Joi.object({
  direction: Joi.string().valid('up', 'down').required(),
}).unknown(true);
