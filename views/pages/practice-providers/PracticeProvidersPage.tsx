// /practice/providers (spec 2 §2, §4 "Practice providers", §5): the practice's member profiles with
// their profession and whether you can edit them, removal (asks first; billing unaffected), their order
// (up/down buttons, no JavaScript needed), and providers without a profile of their own.
// Each list is one form whose buttons name their own action, so a practice of 60 clinicians sends one
// CSRF field per list rather than two per clinician.
import { PostForm } from '../../components/PostForm';
import { RowActions, RowMenuButton } from '../../components/ui/RowActions';
import { Pager } from '../../components/ui/Pager';
import { UnregisteredFields, type UnregisteredValues } from './UnregisteredFields';
import { Icon } from '../../components/Icon';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Label } from '../../components/ui/Label';
import { EmptyState } from '../../components/ui/EmptyState';

export const PAGE_PATH = '/practice/providers';

export interface MemberView {
  id: number;
  name: string;
  profession: string | null;
  live: boolean;
  hasClinicianAccess: boolean;
}
export interface UnregisteredView {
  id: number;
  name: string;
  degree: string | null;
  title: string | null;
  imageUrl: string | null;
}

export function PracticeProvidersPage({
  members,
  memberCount,
  paging,
  unregistered,
  degrees,
  addValues,
  addErrors,
  messages,
}: {
  /** One page of the members, in the practice's order; `paging.firstIndex` is the first one's place in the whole list. */
  members: MemberView[];
  memberCount: number;
  paging: { page: number; pageCount: number; firstIndex: number };
  unregistered: UnregisteredView[];
  degrees: { id: number; name: string }[];
  addValues: UnregisteredValues;
  addErrors: Record<string, string>;
  messages: { confirmRemove: string; confirmDelete: string };
}) {
  return (
    <div className="practice-providers">
      <section className="card" aria-labelledby="members-heading">
        <h2 id="members-heading">Providers in your practice</h2>
        <p>
          <a href="/profiles/create">Create a provider profile</a> ·{' '}
          <a href="/profiles">Switch to a provider's profile</a> · <a href="/contact">Contact us</a>
        </p>
        {members.length === 0 ? (
          <EmptyState title="No provider profiles belong to your practice yet." />
        ) : (
          <PostForm action={`${PAGE_PATH}/order${paging.page > 1 ? `?page=${paging.page}` : ''}`}>
            <ol className="member-list" start={paging.firstIndex + 1}>
              {members.map((m, index) => (
                <li key={m.id} id={`member-${m.id}`} className="member">
                  <div className="member__who">
                    <strong>{m.name}</strong>
                    <span>{m.profession ?? 'No profession yet'}</span>
                    <Label state={m.live ? 'success' : 'neutral'}>{m.live ? 'Live' : 'Not live'}</Label>
                    {!m.hasClinicianAccess && (
                      <span>
                        No editing access (<a href="/contact">request access</a>)
                      </span>
                    )}
                  </div>
                  <RowActions
                    name={m.name}
                    primary={
                      m.hasClinicianAccess ? (
                        <Button
                          variant="secondary"
                          formAction={`/profiles/${m.id}/selection`}
                          name="next"
                          value="/profile/general-information"
                        >
                          {`Switch to ${m.name}`}
                        </Button>
                      ) : undefined
                    }
                  >
                    <RowMenuButton name="move" value={`${m.id}:up`} disabled={paging.firstIndex + index === 0}>
                      Move up<span className="visually-hidden"> {m.name}</span>
                    </RowMenuButton>
                    <RowMenuButton
                      name="move"
                      value={`${m.id}:down`}
                      disabled={paging.firstIndex + index === memberCount - 1}
                    >
                      Move down<span className="visually-hidden"> {m.name}</span>
                    </RowMenuButton>
                    <RowMenuButton
                      danger
                      formAction={`${PAGE_PATH}/${m.id}/removal`}
                      data-confirm={messages.confirmRemove}
                    >
                      Remove<span className="visually-hidden"> {m.name}</span>
                    </RowMenuButton>
                  </RowActions>
                </li>
              ))}
            </ol>
          </PostForm>
        )}
        <Pager
          page={paging.page}
          pageCount={paging.pageCount}
          label="Pages of providers"
          href={(n) => `${PAGE_PATH}?page=${n}`}
        />
        <p className="hint">
          Removing a provider does not change your billing. To add a removed provider back, please{' '}
          <a href="/contact">contact us</a>.
        </p>
      </section>

      <section className="card" aria-labelledby="unregistered-heading" id="unregistered">
        <h2 id="unregistered-heading">Providers without a profile</h2>
        <p className="hint">Clinicians shown on your practice profile who do not have a profile of their own.</p>
        {unregistered.length === 0 ? (
          <p className="muted">None yet.</p>
        ) : (
          <PostForm action={PAGE_PATH}>
            <ul className="unregistered-list">
              {unregistered.map((u) => (
                <li key={u.id} className="member">
                  {u.imageUrl && (
                    <img className="provider-thumb" src={u.imageUrl} alt="" width={64} height={64} loading="lazy" />
                  )}
                  <div className="member__who">
                    <strong>{u.name}</strong>
                    <span>{[u.degree, u.title].filter(Boolean).join(', ')}</span>
                  </div>
                  <RowActions
                    name={u.name}
                    primary={
                      <ButtonLink href={`${PAGE_PATH}/unregistered/${u.id}`}>
                        <Icon name="pencil" /> Edit<span className="visually-hidden"> {u.name}</span>
                      </ButtonLink>
                    }
                  >
                    <RowMenuButton
                      danger
                      formAction={`${PAGE_PATH}/unregistered/${u.id}/delete`}
                      data-confirm={messages.confirmDelete}
                    >
                      Delete<span className="visually-hidden"> {u.name}</span>
                    </RowMenuButton>
                  </RowActions>
                </li>
              ))}
            </ul>
          </PostForm>
        )}
        <h3 id="add-unregistered">Add a provider without a profile</h3>
        <PostForm
          action={`${PAGE_PATH}/unregistered`}
          encType="multipart/form-data"
          noValidate
          aria-labelledby="add-unregistered"
        >
          <UnregisteredFields values={addValues} errors={addErrors} degrees={degrees} imageUrl={null} />
          <div className="actions">
            <Button>Add provider</Button>
          </div>
        </PostForm>
      </section>
    </div>
  );
}
