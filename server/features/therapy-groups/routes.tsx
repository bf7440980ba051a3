// /therapy-groups (spec 2 §2 "Profile pages", §5 "Therapy group form"): list, add, view/edit, delete,
// and the groups' stored pictures. Thin: parse, one service call, render or redirect.
import { Router, type Request, type Response } from 'express';
import { NotFoundError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { saveFailedContactUs } from '../../lib/save-failures';
import { requireSelectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import { ConfirmStep } from '../../../views/components/ui/ConfirmStep';
import { TherapyGroupFormPage, type GroupFormValues } from '../../../views/pages/therapy-groups/TherapyGroupFormPage';
import { PAGE_PATH, TherapyGroupsPage, type GroupSummary } from '../../../views/pages/therapy-groups/TherapyGroupsPage';
import * as service from './service';
import { defaultExpiry, GROUP_MESSAGES, todayUtc } from './validation';
import { isChecked, text } from '../../lib/form';
import type { FeatureDeps } from '../deps';
import { IMAGE_FIELD, MAX_PHOTO_BYTES, PICTURE_UPLOAD_MESSAGES } from '../../domain/images';

const dateOf = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : '');
export const groupImageUrl = (key: string | null) => (key ? `${PAGE_PATH}/images/${key}` : null);

function summaryOf(group: service.GroupRow): GroupSummary {
  const expiresOn = group.expired_at ? dateOf(group.expired_at) : null;
  return {
    id: group.id,
    name: group.name,
    status: group.status,
    expiresOn,
    expired: Boolean(expiresOn && expiresOn < todayUtc()),
    shortDescription: group.short_description,
    where: group.remote_location
      ? `Online (${group.state ?? ''})`
      : [group.city, group.state].filter(Boolean).join(', ') || 'In person',
    imageUrl: groupImageUrl(group.image_key),
  };
}

const valuesOfGroup = (g: service.GroupRow): GroupFormValues => ({
  name: g.name,
  status: g.status,
  expired_at: dateOf(g.expired_at),
  hours: g.hours ?? '',
  costs: g.costs ?? '',
  short_description: g.short_description ?? '',
  description: g.description ?? '',
  remote_location: g.remote_location ? '1' : '0',
  address: g.address ?? '',
  address_2: g.address_2 ?? '',
  city: g.city ?? '',
  state: g.state ?? '',
  zip: g.zip ?? '',
});

const valuesOfBody = (b: Record<string, unknown>): GroupFormValues => ({
  name: text(b.name),
  status: text(b.status) || 'inactive',
  expired_at: text(b.expired_at),
  hours: text(b.hours),
  costs: text(b.costs),
  short_description: text(b.short_description),
  description: text(b.description),
  remote_location: text(b.remote_location) === '1' ? '1' : '0',
  address: text(b.address),
  address_2: text(b.address_2),
  city: text(b.city),
  state: text(b.state),
  zip: text(b.zip),
});

export function therapyGroupRoutes({ db, config, integrations, uploads, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({ menu: 'edit-profile', order: 80, label: 'Therapy Groups', href: '/therapy-groups' });
  uploads.accept({
    path: /^\/therapy-groups(\/\d+)?\/?$/,
    field: IMAGE_FIELD,
    maxFiles: 1,
    maxBytes: MAX_PHOTO_BYTES,
    messages: PICTURE_UPLOAD_MESSAGES,
  });
  const deps: service.GroupDeps = { db, storage: integrations.storage };
  // Spec 2 §8: a therapy group is not one of the sections with a message of their own.
  const failure = saveFailedContactUs(config.supportEmail);
  const idOf = (req: Request): number => {
    const id = Number(req.params.groupId);
    if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError();
    return id;
  };
  const upload = (req: Request): service.GroupUpload => ({
    ...(req.file ? { file: req.file } : {}),
    ...(req.uploadError ? { uploadError: req.uploadError } : {}),
  });

  async function showList(req: Request, res: Response, _errors: Record<string, string> = {}, status = 200) {
    const viewer = res.locals.viewer!;
    const { groups, profileActive } = await service.listGroups(db, viewer);
    render(req, res, {
      title: 'Therapy Groups',
      status,
      page: (
        <TherapyGroupsPage
          groups={groups.map(summaryOf)}
          profileActive={profileActive}
          profileStatus={viewer.provider!.status}
          confirmDelete={GROUP_MESSAGES.confirmDelete}
        />
      ),
    });
  }

  router.get(PAGE_PATH, ...requireSelectedProfile, (req, res) => showList(req, res));

  async function showForm(
    req: Request,
    res: Response,
    groupId: number | null,
    errors: Record<string, string> = {},
    status = 200,
  ) {
    const viewer = res.locals.viewer!;
    const { states, profileActive } = await service.formOptions(db, viewer);
    const group = groupId === null ? null : await service.loadGroup(db, viewer, groupId);
    const values: GroupFormValues =
      req.method === 'POST'
        ? valuesOfBody(req.body ?? {})
        : group
          ? valuesOfGroup(group)
          : { ...valuesOfBody({}), status: 'active', expired_at: defaultExpiry() };
    render(req, res, {
      title: group ? group.name : 'Add a Therapy Group',
      status,
      page: (
        <TherapyGroupFormPage
          groupId={groupId}
          values={values}
          errors={errors}
          states={states}
          imageUrl={groupImageUrl(group?.image_key ?? null)}
          profileActive={profileActive}
          defaultExpiry={defaultExpiry()}
        />
      ),
    });
  }

  router.get(`${PAGE_PATH}/new`, ...requireSelectedProfile, async (req, res) => {
    const { profileActive } = await service.formOptions(db, res.locals.viewer!);
    if (!profileActive) {
      flash(req, 'error', GROUP_MESSAGES.createInactive);
      return res.redirect(303, PAGE_PATH);
    }
    await showForm(req, res, null);
  });

  router.post(
    PAGE_PATH,
    ...requireSelectedProfile,
    formPost(
      failure,
      (req, res, errors, status) => showForm(req, res, null, errors, status),
      async (req, res) => {
        try {
          await service.createGroup(deps, res.locals.viewer!, req.body ?? {}, upload(req));
        } catch (error) {
          if (!(error instanceof service.GroupCreationNotAllowed)) throw error;
          flash(req, 'error', GROUP_MESSAGES.createInactive);
          return res.redirect(303, PAGE_PATH);
        }
        flash(req, 'success', 'Your therapy group has been added.');
        res.redirect(303, PAGE_PATH);
      },
    ),
  );

  // Pictures first, so "images" is never read as a group id.
  router.get(`${PAGE_PATH}/images/:key`, async (req, res) => {
    const file = await service.storedGroupImage(deps, String(req.params.key));
    if (!file) throw new NotFoundError();
    res.set({
      'Content-Type': file.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Disposition': 'inline',
    });
    res.send(file.body);
  });

  router.get(`${PAGE_PATH}/:groupId`, ...requireSelectedProfile, (req, res) => showForm(req, res, idOf(req)));

  router.post(
    `${PAGE_PATH}/:groupId`,
    ...requireSelectedProfile,
    formPost(
      failure,
      (req, res, errors, status) => showForm(req, res, idOf(req), errors, status),
      async (req, res) => {
        await service.updateGroup(deps, res.locals.viewer!, idOf(req), req.body ?? {}, upload(req));
        flash(req, 'success', 'Your therapy group has been saved.');
        res.redirect(303, PAGE_PATH);
      },
    ),
  );

  router.post(
    `${PAGE_PATH}/:groupId/delete`,
    ...requireSelectedProfile,
    formPost(failure, showList, async (req, res) => {
      const id = idOf(req);
      if (!isChecked(req.body?.confirmed)) {
        // Without JavaScript the question is a page of its own.
        const group = await service.loadGroup(db, res.locals.viewer!, id);
        return render(req, res, {
          title: 'Delete Therapy Group',
          page: (
            <ConfirmStep
              question={GROUP_MESSAGES.confirmDelete}
              details={`"${group.name}" will be removed from your profile.`}
              action={`${PAGE_PATH}/${id}/delete`}
              confirmLabel="Delete group"
              cancelHref={PAGE_PATH}
            />
          ),
        });
      }
      const group = await service.deleteGroup(deps, res.locals.viewer!, id);
      flash(req, 'success', `"${group.name}" has been deleted.`);
      res.redirect(303, PAGE_PATH);
    }),
  );

  return router;
}
