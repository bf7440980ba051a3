// The Clientele & Approach page's rules (spec 2 §5 "Tag selections", "Custom approaches and
// specialties"): clientele (1–20), the provider's genders and identities (optional, up to 20 each),
// treatment approaches (1–20) and custom approaches.
import type { Knex } from 'knex';
import type { Viewer } from '../../domain/accounts';
import * as custom from '../../domain/tags';
import * as repo from '../../domain/tags';
import { editableProfileId, saveSelections, SELECTION_RULES } from '../../domain/tags';
export const CLIENTELE_TYPES = ['clientele', 'genders', 'identities', 'approaches'] as const;
export type ClienteleType = (typeof CLIENTELE_TYPES)[number];

export interface ClienteleApproachData {
  options: Record<ClienteleType, repo.TagOption[]>;
  selected: Record<ClienteleType, number[]>;
  custom: custom.CustomEntry[];
}

export async function loadClienteleApproach(db: Knex, viewer: Viewer): Promise<ClienteleApproachData> {
  const id = editableProfileId(viewer);
  const [lists, selected, entries] = await Promise.all([
    Promise.all(CLIENTELE_TYPES.map((type) => repo.listTags(db, type))),
    repo.selectedTagIds(db, id, [...CLIENTELE_TYPES]),
    custom.listEntries(db, id, 'approaches'),
  ]);
  const options = Object.fromEntries(CLIENTELE_TYPES.map((type, i) => [type, lists[i]!])) as Record<
    ClienteleType,
    repo.TagOption[]
  >;
  return { options, selected: selected as Record<ClienteleType, number[]>, custom: entries };
}

/** The tag lists each section of the page posts. */
export const SECTION_TYPES = {
  clientele: ['clientele'],
  identity: ['genders', 'identities'],
  approaches: ['approaches'],
} as const satisfies Record<string, readonly ClienteleType[]>;

export async function saveSection(
  db: Knex,
  viewer: Viewer,
  section: keyof typeof SECTION_TYPES,
  body: unknown,
): Promise<void> {
  const fields = SECTION_TYPES[section].map((type) => ({ type, rule: SELECTION_RULES[type] }));
  await saveSelections(db, editableProfileId(viewer), fields, body);
}
