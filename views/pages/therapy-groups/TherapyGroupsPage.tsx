// /therapy-groups (spec 2 §2): the provider's groups with view/edit, add and delete. A profile that
// is not live sees the not-live notice instead of the Add button (spec 2 §4 "Inactive profiles").
import { PostForm } from '../../components/PostForm';
import { NotLiveNotice } from '../../components/NotLiveNotice';
import { Icon } from '../../components/Icon';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Label } from '../../components/ui/Label';
import { EmptyState } from '../../components/ui/EmptyState';

export const PAGE_PATH = '/therapy-groups';

export interface GroupSummary {
  id: number;
  name: string;
  status: 'active' | 'inactive';
  /** YYYY-MM-DD or null. */
  expiresOn: string | null;
  expired: boolean;
  shortDescription: string | null;
  where: string;
  imageUrl: string | null;
}

export function TherapyGroupsPage({
  groups,
  profileActive,
  profileStatus,
  confirmDelete,
}: {
  groups: GroupSummary[];
  profileActive: boolean;
  profileStatus: string;
  confirmDelete: string;
}) {
  return (
    <div className="therapy-groups">
      <p>List the therapy groups you run. Active groups appear on your profile until they expire.</p>
      {profileActive ? (
        <p>
          <ButtonLink variant="primary" href={`${PAGE_PATH}/new`}>
            Add a therapy group
          </ButtonLink>
        </p>
      ) : (
        <NotLiveNotice status={profileStatus}>Therapy groups can be created once your profile is active.</NotLiveNotice>
      )}
      {groups.length === 0 ? (
        <EmptyState title="You have not added any therapy groups yet." />
      ) : (
        <ul className="group-list">
          {groups.map((group) => (
            <li key={group.id} className="card group-card">
              {group.imageUrl && <img src={group.imageUrl} alt="" width={96} height={96} loading="lazy" />}
              <div className="group-card__body">
                <h2>{group.name}</h2>
                <p>
                  <Label state={group.status === 'active' ? 'success' : 'neutral'}>
                    {group.status === 'active' ? 'Active' : 'Inactive'}
                  </Label>
                  {group.expiresOn && (
                    <>
                      {' '}
                      · {group.expired ? 'Expired' : 'Expires'} {group.expiresOn}
                    </>
                  )}
                  {' · '}
                  {group.where}
                </p>
                {group.shortDescription && <p>{group.shortDescription}</p>}
                <div className="actions">
                  <ButtonLink href={`${PAGE_PATH}/${group.id}`}>
                    <Icon name="pencil" /> View/Edit<span className="visually-hidden"> {group.name}</span>
                  </ButtonLink>
                  <PostForm action={`${PAGE_PATH}/${group.id}/delete`} data-confirm={confirmDelete}>
                    <Button variant="danger-outline">
                      Delete<span className="visually-hidden"> {group.name}</span>
                    </Button>
                  </PostForm>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
