// /practice/team (issue [22] item 1): the account's people and their roles, pending invitations, and the
// invitation form. An owner changes one person's roles on their own page (TeamMemberPage); removing a
// person asks first (data-confirm with JavaScript, the route's confirmation page without).
import { FormError } from '../../components/form/FieldError';
import { FormField } from '../../components/form/FormField';
import { SelectField } from '../../components/form/SelectField';
import { PostForm } from '../../components/PostForm';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { DataTable } from '../../components/ui/DataTable';
import { EmptyState } from '../../components/ui/EmptyState';
import { Label } from '../../components/ui/Label';
import { RowActions, RowMenuButton } from '../../components/ui/RowActions';

export const TEAM_PATH = '/practice/team';
export const memberPath = (userId: number) => `${TEAM_PATH}/members/${userId}`;

export interface RoleChoice {
  value: string;
  label: string;
}
export interface TeamMemberView {
  userId: number;
  name: string;
  email: string;
  /** Role labels, in the form's order. */
  roles: string[];
  isYou: boolean;
}
export interface TeamInvitationView {
  id: number;
  email: string;
  role: string;
  sent: string;
  expires: string;
}

export function PracticeTeamPage({
  members,
  invitations,
  roleChoices,
  values,
  errors,
  confirmRemove,
}: {
  members: TeamMemberView[];
  invitations: TeamInvitationView[];
  roleChoices: RoleChoice[];
  values: { email: string; role: string };
  errors: Record<string, string>;
  confirmRemove: string;
}) {
  return (
    <div className="practice-team">
      <Card id="team-people" title="People">
        <FormError id="member-error" message={errors.member ?? errors.form} />
        <PostForm action={TEAM_PATH}>
          <DataTable
            caption="People on your team and their roles"
            rows={members}
            rowKey={(m) => m.userId}
            columns={[
              {
                heading: 'Name',
                cell: (m) => (
                  <div className="team-address">
                    <strong>{m.name}</strong>
                    {m.isYou && ' (you)'}
                    <br />
                    <span className="muted">{m.email}</span>
                  </div>
                ),
              },
              {
                heading: 'Roles',
                cell: (m) => (
                  <ul className="role-labels">
                    {m.roles.map((role) => (
                      <li key={role}>
                        <Label state="info">{role}</Label>
                      </li>
                    ))}
                  </ul>
                ),
              },
              {
                heading: 'Actions',
                hidden: true,
                cell: (m) => (
                  <RowActions
                    name={m.name}
                    primary={
                      <ButtonLink href={memberPath(m.userId)}>
                        Change roles<span className="visually-hidden"> of {m.name}</span>
                      </ButtonLink>
                    }
                  >
                    <RowMenuButton danger formAction={`${memberPath(m.userId)}/removal`} data-confirm={confirmRemove}>
                      Remove from team<span className="visually-hidden"> {m.name}</span>
                    </RowMenuButton>
                  </RowActions>
                ),
              },
            ]}
          />
        </PostForm>
      </Card>

      <Card id="team-invitations" title="Pending invitations">
        {invitations.length === 0 ? (
          <EmptyState title="No invitations are waiting to be accepted." />
        ) : (
          <PostForm action={TEAM_PATH}>
            <DataTable
              caption="Invitations not accepted yet"
              rows={invitations}
              rowKey={(i) => i.id}
              columns={[
                { heading: 'E-mail', cell: (i) => <span className="team-address">{i.email}</span> },
                { heading: 'Role', cell: (i) => <Label state="attention">{i.role}</Label> },
                { heading: 'Sent', cell: (i) => i.sent },
                { heading: 'Expires', cell: (i) => i.expires },
                {
                  heading: 'Actions',
                  hidden: true,
                  cell: (i) => (
                    <Button variant="secondary" formAction={`${TEAM_PATH}/invitations/${i.id}/cancellation`}>
                      Cancel<span className="visually-hidden"> the invitation of {i.email}</span>
                    </Button>
                  ),
                },
              ]}
            />
          </PostForm>
        )}
      </Card>

      <Card id="team-invite" title="Invite a person">
        <p className="hint">
          We e-mail them a link to accept, valid 14 days. They sign in, or create a login if they have none.
        </p>
        <PostForm action={`${TEAM_PATH}/invitations`} noValidate>
          <FormField
            name="email"
            label="Email address"
            type="email"
            autoComplete="off"
            spellCheck={false}
            defaultValue={values.email}
            error={errors.email}
          />
          <SelectField
            name="role"
            label="Role"
            placeholder="Choose a role"
            options={roleChoices}
            value={values.role}
            error={errors.role}
          />
          <div className="actions">
            <Button>Send invitation</Button>
          </div>
        </PostForm>
      </Card>
    </div>
  );
}

/** One person's roles: each one the account hands out, held (Remove) or not (Give). */
export function TeamMemberPage({
  member,
  roles,
  error,
  confirmRevoke,
}: {
  member: { userId: number; name: string; email: string };
  roles: { value: string; label: string; held: boolean }[];
  error?: string | undefined;
  confirmRevoke: string;
}) {
  return (
    <Card id="member-roles" title={`Roles of ${member.name}`}>
      <p className="muted">{member.email}</p>
      <FormError id="role-error" message={error} />
      <PostForm action={memberPath(member.userId)}>
        <DataTable
          caption={`Roles of ${member.name}`}
          rows={roles}
          rowKey={(r) => r.value}
          columns={[
            { heading: 'Role', cell: (r) => r.label },
            {
              heading: 'Status',
              cell: (r) => (
                <Label state={r.held ? 'success' : 'neutral'}>{r.held ? 'Has this role' : 'Not given'}</Label>
              ),
            },
            {
              heading: 'Actions',
              hidden: true,
              cell: (r) =>
                r.held ? (
                  <Button
                    variant="danger-outline"
                    formAction={`${memberPath(member.userId)}/role-revocation`}
                    name="role"
                    value={r.value}
                    data-confirm={confirmRevoke}
                  >
                    Take away<span className="visually-hidden"> the role {r.label}</span>
                  </Button>
                ) : (
                  <Button
                    variant="secondary"
                    formAction={`${memberPath(member.userId)}/roles`}
                    name="role"
                    value={r.value}
                  >
                    Give<span className="visually-hidden"> the role {r.label}</span>
                  </Button>
                ),
            },
          ]}
        />
      </PostForm>
      <p>
        <a href={TEAM_PATH}>Back to your team</a>
      </p>
    </Card>
  );
}
