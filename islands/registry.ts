// Every island by name, so the server can render any of them; the browser loads each one separately.
import CalendarGrid from './CalendarGrid';
import CardField from './CardField';
import MessageThread from './MessageThread';
import Passkey from './Passkey';
import PhotoCropper from './PhotoCropper';
import PhotoLightbox from './PhotoLightbox';
import ZpmSignupMessages from './ZpmSignupMessages';

export const islands = {
  CalendarGrid,
  CardField,
  MessageThread,
  Passkey,
  PhotoCropper,
  PhotoLightbox,
  ZpmSignupMessages,
} as const;
export type IslandName = keyof typeof islands;
