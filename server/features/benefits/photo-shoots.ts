// The five photo & video shoot options (spec 2 §2 "Photo-shoot chooser"), each opening its own embedded
// scheduling page (EmbedsConfig.photoShoot). Any other type is not found.
import type { EmbedsConfig } from '../../config';

export type PhotoShootType = keyof EmbedsConfig['photoShoot'];

export interface PhotoShootOption {
  type: PhotoShootType;
  label: string;
  description: string;
}

export const PHOTO_SHOOT_OPTIONS: PhotoShootOption[] = [
  {
    type: 'new-photoshoot',
    label: 'Book a new photo & video shoot',
    description:
      'A professional photographer meets you at your office (or a location near you) for headshots, office photos and a short video introduction.',
  },
  {
    type: 'remote-new-photoshoot',
    label: 'Book a new remote photo & video shoot',
    description:
      'No photographer nearby? A photographer directs the shoot over a video call while your own camera or phone takes the pictures and the video.',
  },
  {
    type: 'remote-setup',
    label: 'Schedule a remote setup call',
    description:
      'A short call before a remote shoot to check your camera, light, sound and background, so the shoot itself goes smoothly.',
  },
  {
    type: 'reshoot',
    label: 'Book a reshoot',
    description:
      'New look, new office, or photos that no longer feel like you? Book a reshoot to refresh your profile pictures and video.',
  },
  {
    type: 'reschedule-shoot',
    label: 'Reschedule a booked shoot',
    description: 'Something came up? Choose a new date and time for the shoot you already booked.',
  },
];
