// Every island by name, so the server can render any of them; the browser loads each one separately.
import CalendarGrid from './CalendarGrid';
import CardField from './CardField';
import MessageThread from './MessageThread';
import PhotoCropper from './PhotoCropper';
import PhotoLightbox from './PhotoLightbox';

export const islands = { CalendarGrid, CardField, MessageThread, PhotoCropper, PhotoLightbox } as const;
export type IslandName = keyof typeof islands;
