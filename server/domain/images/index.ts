// The images module's public face: everything outside server/domain/images/ imports from here.
export { checkImage, IMAGE_MESSAGES, imageInputOf, type ImageMessages, type UploadedPicture } from './checks';
export { checkHeadshot, cropRectangle, isGrayscale, makeRenditions } from './headshot';
export { type CropFractions, parseCrop, PHOTO_MESSAGES } from './headshot-rules';
export { MAX_PHOTO_BYTES, PHOTO_FIELD } from './headshot-upload';
export {
  chosenFile,
  discardPicture,
  IMAGE_FIELD,
  IMAGE_KEY,
  imageProblem,
  PICTURE_UPLOAD_MESSAGES,
  type UploadedImage,
  withStoredPicture,
} from './pictures';
export { IMAGE_PIPELINES } from './pipelines';
export {
  appendPhotos,
  deletePhoto,
  findPhoto,
  findUnrendered,
  galleryCountColumn,
  listPhotos,
  markRendered,
  type NewPhoto,
  type PhotoKind,
  type PhotoRow,
  recordHeadshot,
  writeOrder,
} from './records';
export { makeHeadshotRenditions, makePhotoRenditions } from './renditions';
export { deleteStoredImage, type ImageKind, imageUrl, newImageKeys, smallKeyOf, storedImage } from './stored';
