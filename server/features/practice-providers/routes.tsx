// /practice/providers (spec 2 §2, §4 "Practice providers", §5 "Unregistered practice providers", §6):
// practices only, everyone else goes to /. Thin: parse, one service call, render or redirect.
import { Router, type Request, type Response } from 'express';
import { NotFoundError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { saveFailedContactUs } from '../../lib/save-failures';
import { requireProviderType, requireSelectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import { providerDisplayName } from '../../domain/accounts';
import { PAGE_PATH, PracticeProvidersPage } from '../../../views/pages/practice-providers/PracticeProvidersPage';
import type { UnregisteredValues } from '../../../views/pages/practice-providers/UnregisteredFields';
import { UnregisteredFormPage } from '../../../views/pages/practice-providers/UnregisteredFormPage';
import { ConfirmStep } from '../../../views/components/ui/ConfirmStep';
import * as service from './service';
import { PRACTICE_MESSAGES } from './validation';
import { isChecked, text } from '../../lib/form';
import type { FeatureDeps } from '../deps';
import { IMAGE_FIELD, MAX_PHOTO_BYTES, PICTURE_UPLOAD_MESSAGES } from '../../domain/images';

const imageUrl = (key: string | null) => (key ? `${PAGE_PATH}/images/${key}` : null);
const unregisteredName = (u: { first_name: string; middle_name: string | null; last_name: string }) =>
  [u.first_name, u.middle_name, u.last_name].filter(Boolean).join(' ');
const EMPTY: UnregisteredValues = { first_name: '', middle_name: '', last_name: '', degree_tag_id: '', title: '' };
const valuesOfBody = (b: Record<string, unknown>): UnregisteredValues => ({
  first_name: text(b.first_name),
  middle_name: text(b.middle_name),
  last_name: text(b.last_name),
  degree_tag_id: text(b.degree_tag_id),
  title: text(b.title),
  replace_image: text(b.replace_image) === '1',
});

export function practiceProviderRoutes({ db, config, integrations, uploads, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({
    menu: 'edit-profile',
    order: 100,
    label: 'Practice Providers',
    href: '/practice/providers',
    shown: (viewer) => viewer.provider?.type === 'practice',
  });
  uploads.accept({
    path: /^\/practice\/providers\/unregistered(\/\d+)?\/?$/,
    field: IMAGE_FIELD,
    maxFiles: 1,
    maxBytes: MAX_PHOTO_BYTES,
    messages: PICTURE_UPLOAD_MESSAGES,
  });
  const guards = [...requireSelectedProfile, requireProviderType('practice')];
  const deps: service.PracticeDeps = { db, storage: integrations.storage };
  // Spec 2 §8: this page is not one of the sections with a failure message of their own.
  const failure = saveFailedContactUs(config.supportEmail);
  const reshowPage = (req: Request, res: Response, _errors: Record<string, string>, status: number) =>
    show(req, res, {}, status);
  const idParam = (req: Request, name: string): number => {
    const id = Number(req.params[name]);
    if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError();
    return id;
  };
  const upload = (req: Request): service.ProviderUpload => ({
    ...(req.file ? { file: req.file } : {}),
    ...(req.uploadError ? { uploadError: req.uploadError } : {}),
  });

  async function show(req: Request, res: Response, addErrors: Record<string, string> = {}, status = 200) {
    const { members, memberCount, paging, unregistered, degrees } = await service.loadPage(
      db,
      res.locals.viewer!,
      req.query.page,
    );
    const adding = req.method === 'POST' && req.path.replace(/\/$/, '') === `${PAGE_PATH}/unregistered`;
    render(req, res, {
      title: 'Practice Providers',
      status,
      page: (
        <PracticeProvidersPage
          members={members.map((m) => ({
            id: m.id,
            name: providerDisplayName(m),
            profession: m.profession,
            live: m.status === 'active',
            hasClinicianAccess: m.hasClinicianAccess,
          }))}
          memberCount={memberCount}
          paging={paging}
          unregistered={unregistered.map((u) => ({
            id: u.id,
            name: unregisteredName(u),
            degree: u.degree,
            title: u.title,
            imageUrl: imageUrl(u.image_key),
          }))}
          degrees={degrees}
          addValues={adding ? valuesOfBody(req.body ?? {}) : EMPTY}
          addErrors={addErrors}
          messages={{ confirmRemove: PRACTICE_MESSAGES.confirmRemove, confirmDelete: PRACTICE_MESSAGES.confirmDelete }}
        />
      ),
    });
  }

  router.get(PAGE_PATH, ...guards, (req, res) => show(req, res));

  // --- Members ------------------------------------------------------------------------------------

  router.post(
    `${PAGE_PATH}/order`,
    ...guards,
    formPost(
      failure,
      (req, res, errors, status) => {
        if (Object.keys(errors).length > 0) flash(req, 'error', PRACTICE_MESSAGES.orderError);
        return show(req, res, {}, status);
      },
      async (req, res) => {
        const moved = await service.moveMember(db, res.locals.viewer!, req.body?.move);
        flash(req, 'success', 'The order of your providers has been saved.');
        res.redirect(303, `${PAGE_PATH}${moved.page > 1 ? `?page=${moved.page}` : ''}#member-${moved.id}`);
      },
    ),
  );

  router.post(
    `${PAGE_PATH}/:memberId/removal`,
    ...guards,
    formPost(failure, reshowPage, async (req, res) => {
      const id = idParam(req, 'memberId');
      const member = await service.loadMember(db, res.locals.viewer!, id);
      if (!isChecked(req.body?.confirmed)) {
        return render(req, res, {
          title: 'Remove Provider',
          page: (
            <ConfirmStep
              question={PRACTICE_MESSAGES.confirmRemove}
              details={`${providerDisplayName(member)}: ${PRACTICE_MESSAGES.removeDetails}`}
              action={`${PAGE_PATH}/${id}/removal`}
              confirmLabel="Remove provider"
              cancelHref={PAGE_PATH}
            />
          ),
        });
      }
      await service.removeMember(db, res.locals.viewer!, id);
      flash(req, 'success', `${providerDisplayName(member)} has been removed from your practice.`);
      res.redirect(303, PAGE_PATH);
    }),
  );

  // --- Unregistered providers ----------------------------------------------------------------------

  router.post(
    `${PAGE_PATH}/unregistered`,
    ...guards,
    formPost(
      failure,
      (req, res, errors, status) => show(req, res, errors, status),
      async (req, res) => {
        await service.addUnregistered(deps, res.locals.viewer!, req.body ?? {}, upload(req));
        flash(req, 'success', 'The provider has been added to your practice profile.');
        res.redirect(303, `${PAGE_PATH}#unregistered`);
      },
    ),
  );

  async function showEdit(req: Request, res: Response, errors: Record<string, string> = {}, status = 200) {
    const id = idParam(req, 'unregisteredId');
    const row = await service.loadUnregistered(db, res.locals.viewer!, id);
    const values: UnregisteredValues =
      req.method === 'POST'
        ? valuesOfBody(req.body ?? {})
        : {
            first_name: row.first_name,
            middle_name: row.middle_name ?? '',
            last_name: row.last_name,
            degree_tag_id: row.degree_tag_id ? String(row.degree_tag_id) : '',
            title: row.title ?? '',
          };
    render(req, res, {
      title: `Edit ${unregisteredName(row)}`,
      status,
      page: (
        <UnregisteredFormPage
          id={id}
          values={values}
          errors={errors}
          degrees={await service.degreeOptions(db)}
          imageUrl={imageUrl(row.image_key)}
        />
      ),
    });
  }

  router.get(`${PAGE_PATH}/images/:key`, async (req, res) => {
    const file = await service.storedProviderImage(deps, String(req.params.key));
    if (!file) throw new NotFoundError();
    res.set({
      'Content-Type': file.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Disposition': 'inline',
    });
    res.send(file.body);
  });

  router.get(`${PAGE_PATH}/unregistered/:unregisteredId`, ...guards, (req, res) => showEdit(req, res));
  router.post(
    `${PAGE_PATH}/unregistered/:unregisteredId`,
    ...guards,
    formPost(
      failure,
      (req, res, errors, status) => showEdit(req, res, errors, status),
      async (req, res) => {
        await service.updateUnregistered(
          deps,
          res.locals.viewer!,
          idParam(req, 'unregisteredId'),
          req.body ?? {},
          upload(req),
        );
        flash(req, 'success', 'The provider has been saved.');
        res.redirect(303, `${PAGE_PATH}#unregistered`);
      },
    ),
  );

  router.post(
    `${PAGE_PATH}/unregistered/:unregisteredId/delete`,
    ...guards,
    formPost(failure, reshowPage, async (req, res) => {
      const id = idParam(req, 'unregisteredId');
      if (!isChecked(req.body?.confirmed)) {
        const row = await service.loadUnregistered(db, res.locals.viewer!, id);
        return render(req, res, {
          title: 'Delete Provider',
          page: (
            <ConfirmStep
              question={PRACTICE_MESSAGES.confirmDelete}
              details={`${unregisteredName(row)} will be removed from your practice profile.`}
              action={`${PAGE_PATH}/unregistered/${id}/delete`}
              confirmLabel="Delete provider"
              cancelHref={`${PAGE_PATH}#unregistered`}
            />
          ),
        });
      }
      const row = await service.deleteUnregistered(deps, res.locals.viewer!, id);
      flash(req, 'success', `${unregisteredName(row)} has been deleted.`);
      res.redirect(303, `${PAGE_PATH}#unregistered`);
    }),
  );

  return router;
}
