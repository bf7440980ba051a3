// /profile/specialties (spec 2 §2 Profile pages, §5 Tag selections and Custom approaches and
// specialties): top specialties (up to 6), general expertise (3–20) and custom specialties.
import type { TagOptionView } from '../../components/TagCheckboxes';
import { CustomEntriesSection, type CustomEntryRules, type CustomEntryView } from './CustomEntriesSection';
import { TagPickerSection } from './TagPickerSection';

export const SPECIALTIES_PATH = '/profile/specialties';

export interface SpecialtiesPageProps {
  /** The open section: top-specialties, general-expertise, custom-specialties, custom-specialty-{id}, or null. */
  editing: string | null;
  filter: string;
  options: TagOptionView[];
  top: number[];
  general: number[];
  custom: CustomEntryView[];
  customRules: CustomEntryRules;
  customValues?: { name: string; description: string };
  errors?: Record<string, string>;
  practice: boolean;
}

export function SpecialtiesPage({
  editing,
  filter,
  options,
  top,
  general,
  custom,
  customRules,
  customValues,
  errors = {},
  practice,
}: SpecialtiesPageProps) {
  const who = practice ? 'your practice' : 'you';
  const customEditing =
    editing === 'custom-specialties'
      ? 'new'
      : editing?.startsWith('custom-specialty-')
        ? editing.slice('custom-specialty-'.length)
        : null;
  return (
    <div className="tag-pages">
      <TagPickerSection
        id="top-specialties"
        title="Top specialties"
        pagePath={SPECIALTIES_PATH}
        action={`${SPECIALTIES_PATH}/top-specialties`}
        editing={editing === 'top-specialties'}
        filter={editing === 'top-specialties' ? filter : null}
        intro={
          <p className="hint">
            The areas {who} focus{practice ? 'es' : ''} on most: choose up to 6. A top specialty is also part of your
            general expertise.
          </p>
        }
        lists={[
          {
            name: 'top_specialties',
            legend: 'Top specialties',
            hint: 'Choose 1 to 6.',
            options,
            selected: top,
            error: errors.top_specialties,
          },
        ]}
      />
      <TagPickerSection
        id="general-expertise"
        title="General expertise"
        pagePath={SPECIALTIES_PATH}
        action={`${SPECIALTIES_PATH}/general-expertise`}
        editing={editing === 'general-expertise'}
        filter={editing === 'general-expertise' ? filter : null}
        intro={
          <p className="hint">
            Every area {who} work{practice ? 's' : ''} with, top specialties included: choose 3 to 20. Removing a top
            specialty here removes it from your top specialties too.
          </p>
        }
        lists={[
          {
            name: 'specialties',
            legend: 'General expertise',
            hint: 'Choose 3 to 20.',
            options,
            selected: general,
            error: errors.specialties,
          },
        ]}
      />
      <CustomEntriesSection
        id="custom-specialties"
        entryPrefix="custom-specialty"
        title="Custom specialties"
        pagePath={SPECIALTIES_PATH}
        basePath={`${SPECIALTIES_PATH}/custom-specialties`}
        rules={customRules}
        entries={custom}
        editing={customEditing}
        intro={<p className="hint">Describe an area of expertise that is not in the list.</p>}
        {...(customValues ? { values: customValues } : {})}
        errors={errors}
      />
    </div>
  );
}
