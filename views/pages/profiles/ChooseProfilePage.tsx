// /profiles: the profiles the user has clinician access to, live ones first, inactive ones folded away
// (spec 1 §2 Choose a Profile). Choosing a card (the whole card is the button) switches to that profile and
// opens the card's page.
// One form holds every card (each button names its own action), so a practice of 60 clinicians
// sends one CSRF field, not 60: the page stays light as the practice grows.
import { PostForm } from '../../components/PostForm';
import { Pager } from '../../components/ui/Pager';
import { Button } from '../../components/ui/Button';
import { Label, type LabelState } from '../../components/ui/Label';
import { Icon } from '../../components/Icon';

const PROFILE_LABEL_STATES: Record<string, LabelState> = {
  active: 'success',
  reviewing: 'info',
  incomplete: 'attention',
  pending: 'attention',
  locked: 'danger',
  inactive: 'neutral',
};

export interface ProfileCard {
  id: number;
  name: string;
  label: string;
  /** The profile's status (active, incomplete, reviewing, pending, locked, inactive). */
  status: string;
  inactive: boolean;
  selected: boolean;
  /** Where the card leads: /messages when live, / when incomplete, else /profile/general-information. */
  next: string;
  nextLabel: string;
}

/** `profiles` is one page of the matching profiles (active first); `inactiveCount` counts all matching inactive ones. */
export function ChooseProfilePage({
  profiles,
  query,
  inactiveCount,
  page,
  pageCount,
}: {
  profiles: ProfileCard[];
  query: string;
  inactiveCount: number;
  page: number;
  pageCount: number;
}) {
  const active = profiles.filter((p) => !p.inactive);
  const inactive = profiles.filter((p) => p.inactive);
  return (
    <>
      <form method="get" action="/profiles" role="search" className="search">
        <label htmlFor="profile-search">Search profiles</label>
        <div className="search__row">
          <input id="profile-search" type="search" name="q" defaultValue={query} />
          <Button variant="secondary">Search</Button>
        </div>
      </form>
      {profiles.length === 0 && <p role="status">No results! Please search again...</p>}
      {profiles.length > 0 && (
        <PostForm action="/profiles">
          {active.length > 0 && (
            <ul className="profile-cards">
              {active.map((p) => (
                <Card key={p.id} profile={p} />
              ))}
            </ul>
          )}
          {inactive.length > 0 && (
            <details className="card">
              <summary>{`Inactive providers (${inactiveCount})`}</summary>
              <ul className="profile-cards">
                {inactive.map((p) => (
                  <Card key={p.id} profile={p} />
                ))}
              </ul>
            </details>
          )}
        </PostForm>
      )}
      <Pager
        page={page}
        pageCount={pageCount}
        label="Pages of profiles"
        href={(n) => `/profiles?${new URLSearchParams({ ...(query ? { q: query } : {}), page: String(n) }).toString()}`}
      />
    </>
  );
}

/**
 * The whole card is the one action: a submit button of the page's form that switches to the profile and
 * opens the card's page (a row that opens something is one target, not a row with a button in it).
 */
function Card({ profile }: { profile: ProfileCard }) {
  return (
    <li className="profile-card">
      <button
        type="submit"
        className="card row-link"
        formAction={`/profiles/${profile.id}/selection`}
        name="next"
        value={profile.next}
      >
        <span className="row-link__main">
          <strong>{`Switch to ${profile.name}`}</strong>{' '}
          <Label state={PROFILE_LABEL_STATES[profile.status] ?? 'neutral'}>{profile.label}</Label>
          {profile.selected && <span className="hint"> (current profile)</span>}
        </span>{' '}
        <span className="row-link__go">
          {profile.nextLabel}
          <Icon name="chevron-right" />
        </span>
      </button>
    </li>
  );
}
