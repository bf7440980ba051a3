// Every island by name, so the server can render any of them; the browser loads each one separately.
import PhotoCropper from './PhotoCropper';
import PhotoLightbox from './PhotoLightbox';

export const islands = { PhotoCropper, PhotoLightbox } as const;
export type IslandName = keyof typeof islands;
