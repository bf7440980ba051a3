// /profiles: the profiles the user has clinician access to, live ones first (spec 1 §2 Choose a Profile).
import { PostForm } from '../../components/CsrfField';

export interface ProfileCard { id: number; name: string; label: string; inactive: boolean; selected: boolean }

export function ChooseProfilePage({ profiles }: { profiles: ProfileCard[] }) {
  const active = profiles.filter((p) => !p.inactive);
  const inactive = profiles.filter((p) => p.inactive);
  return (
    <>
      <ul className="profile-cards">{active.map((p) => <Card key={p.id} profile={p} />)}</ul>
      {inactive.length > 0 && (
        <details className="card">
          <summary>Inactive providers ({inactive.length})</summary>
          <ul className="profile-cards">{inactive.map((p) => <Card key={p.id} profile={p} />)}</ul>
        </details>
      )}
    </>
  );
}

function Card({ profile }: { profile: ProfileCard }) {
  return (
    <li className="card">
      <strong>{profile.name}</strong> <span className="hint">{profile.label}</span>
      <PostForm action={`/profiles/${profile.id}/selection`}>
        <button type="submit" className="button button--secondary" aria-label={`Switch to ${profile.name}`} disabled={profile.selected}>
          {profile.selected ? 'Current profile' : 'Switch'}
        </button>
      </PostForm>
    </li>
  );
}
