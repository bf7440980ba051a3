// /profile/clientele-approach (spec 2 §2 Profile pages, §5 Tag selections and Custom approaches and
// specialties): clientele, the provider's genders and identities, treatment approaches, custom approaches.
import type { TagOptionView } from '../../components/TagCheckboxes';
import { CustomEntriesSection, type CustomEntryRules, type CustomEntryView } from '../specialties/CustomEntriesSection';
import { TagPickerSection } from '../specialties/TagPickerSection';

export const CLIENTELE_APPROACH_PATH = '/profile/clientele-approach';

type ListName = 'clientele' | 'genders' | 'identities' | 'approaches';

export interface ClienteleApproachPageProps {
  /** The open section: clientele, identity, approaches, custom-approaches, custom-approach-{id}, or null. */
  editing: string | null;
  filter: string;
  options: Record<ListName, TagOptionView[]>;
  selected: Record<ListName, number[]>;
  custom: CustomEntryView[];
  customRules: CustomEntryRules;
  customValues?: { name: string; description: string };
  errors?: Record<string, string>;
  practice: boolean;
}

export function ClienteleApproachPage({
  editing,
  filter,
  options,
  selected,
  custom,
  customRules,
  customValues,
  errors = {},
  practice,
}: ClienteleApproachPageProps) {
  const path = CLIENTELE_APPROACH_PATH;
  const customEditing =
    editing === 'custom-approaches'
      ? 'new'
      : editing?.startsWith('custom-approach-')
        ? editing.slice('custom-approach-'.length)
        : null;
  const list = (name: ListName, legend: string, hint?: string) => ({
    name,
    legend,
    options: options[name],
    selected: selected[name],
    error: errors[name],
    ...(hint ? { hint } : {}),
  });
  return (
    <div className="tag-pages">
      <TagPickerSection
        id="clientele"
        title="Clientele"
        pagePath={path}
        action={`${path}/clientele`}
        editing={editing === 'clientele'}
        filter={null}
        intro={
          <p className="hint">The ages and kinds of clients {practice ? 'your practice works' : 'you work'} with.</p>
        }
        lists={[list('clientele', 'Clientele', 'Choose 1 to 20.')]}
      />
      <TagPickerSection
        id="identity"
        title={practice ? "Head Clinician's identity" : 'Your identity'}
        pagePath={path}
        action={`${path}/identity`}
        editing={editing === 'identity'}
        filter={null}
        intro={<p className="hint">Optional. Clients can look for a clinician who shares their experience.</p>}
        lists={[
          list('genders', 'Gender', 'Optional, up to 20.'),
          list('identities', 'Identities', 'Optional, up to 20.'),
        ]}
      />
      <TagPickerSection
        id="approaches"
        title="Treatment approaches"
        pagePath={path}
        action={`${path}/approaches`}
        editing={editing === 'approaches'}
        filter={editing === 'approaches' ? filter : null}
        lists={[list('approaches', 'Treatment approaches', 'Choose 1 to 20.')]}
      />
      <CustomEntriesSection
        id="custom-approaches"
        entryPrefix="custom-approach"
        title="Custom approaches"
        pagePath={path}
        basePath={`${path}/custom-approaches`}
        rules={customRules}
        entries={custom}
        editing={customEditing}
        intro={<p className="hint">Describe an approach that is not in the list.</p>}
        {...(customValues ? { values: customValues } : {})}
        errors={errors}
      />
    </div>
  );
}
