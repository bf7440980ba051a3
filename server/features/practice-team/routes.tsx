// /practice/team (issue [22] item 1): an owner lists the account's people and invitations, invites by
// e-mail with a role, gives and takes roles, removes a person. Everyone else sees spec 1 §6's refusal.
// Thin: parse, one call of the accounts module's team rules, render or redirect.
import { Router, type Request, type Response } from 'express';
import { requireRolePage, toId } from '../../http/access';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import { requestMeta } from '../../http/sign-in';
import * as accounts from '../../domain/accounts';
import { isChecked, text } from '../../lib/form';
import { validate } from '../../lib/validation';
import { ConfirmStep } from '../../../views/components/ui/ConfirmStep';
import {
  memberPath,
  PracticeTeamPage,
  TEAM_PATH,
  TeamMemberPage,
} from '../../../views/pages/practice-team/PracticeTeamPage';
import type { FeatureDeps } from '../deps';
import { dateFormatIn } from '../../../views/components/format';

const TITLE = 'Team';
const FAILED = 'Your change could not be saved. Please try again.';
const CONFIRM_REMOVE = 'Remove this person from your team?';
const CONFIRM_REVOKE = 'Take this role away?';
const DEFAULT_ZONE = 'America/New_York';

const ROLE_CHOICES = accounts.TEAM_ROLES.map((r) => ({ value: r.role, label: r.label }));

export function practiceTeamRoutes({ db, config, integrations, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({
    menu: 'profile',
    order: 65,
    label: 'Team',
    href: TEAM_PATH,
    shown: (viewer) => accounts.canManageTeam(viewer),
    alsoIn: { menu: 'practice', order: 30 },
  });
  const guard = [requireSignIn, requireRolePage((v) => accounts.canManageTeam(v), TITLE, accounts.RESOURCE_DENIED)];
  const deps: accounts.TeamDeps = { db, outgoing: integrations.outgoing, config };

  const actorOf = (req: Request, res: Response): accounts.TeamActor => {
    const viewer = res.locals.viewer!;
    return {
      userId: viewer.user.id,
      email: viewer.user.email,
      accountId: accounts.teamAccountOf(viewer),
      meta: requestMeta(req),
    };
  };
  const dayOf = (res: Response) => {
    const format = dateFormatIn(res.locals.viewer!.provider?.timezone ?? DEFAULT_ZONE, {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    });
    return (date: Date) => format.format(date);
  };

  async function showTeam(req: Request, res: Response, errors: Record<string, string> = {}, status = 200) {
    const viewer = res.locals.viewer!;
    const team = await accounts.loadTeam(db, accounts.teamAccountOf(viewer));
    const day = dayOf(res);
    const typed = req.method === 'POST' && req.path === `${TEAM_PATH}/invitations`;
    render(req, res, {
      title: TITLE,
      status,
      page: (
        <PracticeTeamPage
          members={team.members.map((m) => ({
            userId: m.userId,
            name: m.name,
            email: m.email,
            roles: m.roles.map(accounts.teamRoleLabel),
            isYou: m.userId === viewer.user.id,
          }))}
          invitations={team.invitations.map((i) => ({
            id: i.id,
            email: i.email,
            role: accounts.teamRoleLabel(i.role),
            sent: day(i.sentAt),
            expires: day(i.expiresAt),
          }))}
          roleChoices={ROLE_CHOICES}
          values={
            typed ? { email: text(req.body?.email).slice(0, 254), role: text(req.body?.role) } : { email: '', role: '' }
          }
          errors={errors}
          confirmRemove={CONFIRM_REMOVE}
        />
      ),
    });
  }

  async function showMember(req: Request, res: Response, errors: Record<string, string> = {}, status = 200) {
    const accountId = accounts.teamAccountOf(res.locals.viewer!);
    const member = await accounts.findTeamMember(db, accountId, toId(req.params.userId));
    render(req, res, {
      title: `${TITLE}: ${member.name}`,
      status,
      page: (
        <TeamMemberPage
          member={member}
          roles={ROLE_CHOICES.map((r) => ({ ...r, held: member.roles.includes(r.value) }))}
          error={errors.role ?? errors.member ?? errors.form}
          confirmRevoke={CONFIRM_REVOKE}
        />
      ),
    });
  }

  router.get(TEAM_PATH, ...guard, (req, res) => showTeam(req, res));

  router.post(
    `${TEAM_PATH}/invitations`,
    ...guard,
    formPost(FAILED, showTeam, async (req, res) => {
      const checked = validate(accounts.teamInviteSchema, req.body ?? {});
      if (checked.errors) return showTeam(req, res, checked.errors, 422);
      const { email, role } = checked.value as { email: string; role: string };
      await accounts.inviteToTeam(deps, actorOf(req, res), { email, role });
      flash(req, 'success', `An invitation has been sent to ${email}.`);
      res.redirect(303, TEAM_PATH);
    }),
  );

  router.post(
    `${TEAM_PATH}/invitations/:invitationId/cancellation`,
    ...guard,
    formPost(FAILED, showTeam, async (req, res) => {
      await accounts.cancelInvitation(db, actorOf(req, res), toId(req.params.invitationId));
      flash(req, 'success', 'The invitation has been canceled.');
      res.redirect(303, TEAM_PATH);
    }),
  );

  router.get(`${TEAM_PATH}/members/:userId`, ...guard, (req, res) => showMember(req, res));

  router.post(
    `${TEAM_PATH}/members/:userId/roles`,
    ...guard,
    formPost(FAILED, showMember, async (req, res) => {
      const userId = toId(req.params.userId);
      await accounts.grantRole(db, actorOf(req, res), userId, text(req.body?.role));
      flash(req, 'success', `The role ${accounts.teamRoleLabel(text(req.body?.role)).toLowerCase()} has been given.`);
      res.redirect(303, memberPath(userId));
    }),
  );

  router.post(
    `${TEAM_PATH}/members/:userId/role-revocation`,
    ...guard,
    formPost(FAILED, showMember, async (req, res) => {
      const userId = toId(req.params.userId);
      const role = text(req.body?.role);
      const actor = actorOf(req, res);
      const member = await accounts.findTeamMember(db, actor.accountId, userId);
      if (!isChecked(req.body?.confirmed))
        return render(req, res, {
          title: 'Take Role Away',
          page: (
            <ConfirmStep
              question={CONFIRM_REVOKE}
              details={`${member.name} will no longer be ${accounts.teamRoleLabel(role).toLowerCase()} on your account.`}
              action={`${memberPath(userId)}/role-revocation`}
              fields={{ role }}
              confirmLabel="Take role away"
              cancelHref={memberPath(userId)}
            />
          ),
        });
      await accounts.revokeRole(db, actor, userId, role);
      flash(req, 'success', `The role ${accounts.teamRoleLabel(role).toLowerCase()} has been taken away.`);
      res.redirect(303, memberPath(userId));
    }),
  );

  router.post(
    `${TEAM_PATH}/members/:userId/removal`,
    ...guard,
    formPost(FAILED, showTeam, async (req, res) => {
      const userId = toId(req.params.userId);
      const actor = actorOf(req, res);
      const member = await accounts.findTeamMember(db, actor.accountId, userId);
      if (!isChecked(req.body?.confirmed))
        return render(req, res, {
          title: 'Remove From Team',
          page: (
            <ConfirmStep
              question={CONFIRM_REMOVE}
              details={`${member.name} (${member.email}) loses every role on your account. Their login and their own profiles stay theirs.`}
              action={`${memberPath(userId)}/removal`}
              confirmLabel="Remove from team"
              cancelHref={TEAM_PATH}
            />
          ),
        });
      await accounts.removeMember(db, actor, userId);
      flash(req, 'success', `${member.name} has been removed from your team.`);
      res.redirect(303, userId === actor.userId ? '/' : TEAM_PATH);
    }),
  );

  return router;
}
