// What the benefit pages show about the selected profile (spec 2 §2 "Benefit and tips pages"). Always
// through the viewer's own profile: the pages take no ids.
import type { Knex } from 'knex';
import type { Viewer } from '../../domain/accounts';
import { benefitRecords } from '../../domain/providers';
import { embedFor, type VideoEmbed } from './video-embed';
import { selectedEditableProvider } from '../../domain/accounts';

/** The four states with a provider community (spec 1 §1, spec 2 §2). */
export const COMMUNITY_STATES = [
  { code: 'RI', name: 'Rhode Island' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'NY', name: 'New York' },
  { code: 'CA', name: 'California' },
] as const;

function selectedProviderId(viewer: Viewer): number {
  return selectedEditableProvider(viewer).id;
}

export interface CommunityBox {
  code: string;
  name: string;
  email: string;
  practicesHere: boolean;
}

/** One box per eligible state, with its list address; the provider's own states are marked. */
export async function communityBoxes(db: Knex, viewer: Viewer, addressTemplate: string): Promise<CommunityBox[]> {
  const states = new Set(await benefitRecords.practiceStates(db, selectedProviderId(viewer)));
  return COMMUNITY_STATES.map((s) => ({
    code: s.code,
    name: s.name,
    email: addressTemplate.replace('{state}', s.code.toLowerCase()),
    practicesHere: states.has(s.code),
  }));
}

export interface VideoEmbedItem {
  title: string;
  url: string | null;
  embed: VideoEmbed | null;
}

/** The profile's videos with their embed codes (custom_content.videos: links, or objects with url and title). */
export async function videoEmbeds(db: Knex, viewer: Viewer): Promise<VideoEmbedItem[]> {
  const list = await benefitRecords.videos(db, selectedProviderId(viewer));
  return list.map((video, index) => {
    const entry = (video && typeof video === 'object' ? video : {}) as Record<string, unknown>;
    const url = typeof entry.url === 'string' ? entry.url : typeof video === 'string' ? video : null;
    const title =
      typeof entry.title === 'string' && entry.title.trim() ? entry.title.trim() : `Video introduction ${index + 1}`;
    return { title, url, embed: url ? embedFor(url, title) : null };
  });
}

export async function referral(db: Knex, viewer: Viewer): Promise<{ code: string; joined: number }> {
  const code = await benefitRecords.referralCode(db, selectedProviderId(viewer));
  return { code, joined: await benefitRecords.countReferred(db, code) };
}
