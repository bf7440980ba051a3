// Every island by name, so the server can render any of them; the browser loads each one separately.
import PhotoCropper from './PhotoCropper';

export const islands = { PhotoCropper } as const;
export type IslandName = keyof typeof islands;
