// /profiles: the profiles the user has clinician access to, live ones first, inactive ones folded away
// (spec 1 §2 Choose a Profile). Choosing a card switches to that profile and opens the card's page.
import { PostForm } from '../../components/CsrfField';

export interface ProfileCard {
  id: number;
  name: string;
  label: string;
  inactive: boolean;
  selected: boolean;
  /** Where the card leads: /messages when live, / when incomplete, else /profile/general-information. */
  next: string;
  nextLabel: string;
}

export function ChooseProfilePage({ profiles, query }: { profiles: ProfileCard[]; query: string }) {
  const active = profiles.filter((p) => !p.inactive);
  const inactive = profiles.filter((p) => p.inactive);
  return (
    <>
      <form method="get" action="/profiles" role="search" className="search">
        <label htmlFor="profile-search">Search profiles</label>
        <div className="search__row">
          <input id="profile-search" type="search" name="q" defaultValue={query} />
          <button type="submit" className="button button--secondary">Search</button>
        </div>
      </form>
      {profiles.length === 0 && <p role="status">No results! Please search again...</p>}
      {active.length > 0 && <ul className="profile-cards">{active.map((p) => <Card key={p.id} profile={p} />)}</ul>}
      {inactive.length > 0 && (
        <details className="card">
          <summary>{`Inactive providers (${inactive.length})`}</summary>
          <ul className="profile-cards">{inactive.map((p) => <Card key={p.id} profile={p} />)}</ul>
        </details>
      )}
    </>
  );
}

function Card({ profile }: { profile: ProfileCard }) {
  return (
    <li className="card profile-card">
      <div>
        <strong>{profile.name}</strong>
        <span className={`status status--${profile.inactive ? 'inactive' : 'other'}`}>{profile.label}</span>
        {profile.selected && <span className="hint"> (current profile)</span>}
      </div>
      <PostForm action={`/profiles/${profile.id}/selection`}>
        <input type="hidden" name="next" value={profile.next} />
        <button type="submit" className="button button--secondary" aria-label={`${profile.nextLabel}: ${profile.name}`}>{profile.nextLabel}</button>
      </PostForm>
    </li>
  );
}
