// /profile/specialties: top specialties, general expertise and custom specialties, one section open at
// a time (?edit=), each saved by its own post (303 + flash; 422 re-render keeping what was ticked).
import { Router, type Request, type Response } from 'express';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { editingSection, requireSelectedProfile, selectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import { SpecialtiesPage, SPECIALTIES_PATH } from '../../../views/pages/specialties/SpecialtiesPage';
import { CUSTOM_KINDS, customEntryStore, filterText, atMost, postedIds, SELECTION_RULES } from '../../domain/tags';
import { customEntryRoutes } from '../../http/custom-entry-routes';
import { PROFILE_UPDATE_ERROR } from '../../domain/providers';
import * as service from './service';
import { text } from '../../lib/form';
import type { FeatureDeps } from '../deps';

export function specialtiesRoutes({ db, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({ menu: 'edit-profile', order: 30, label: 'Specialties', href: '/profile/specialties' });

  /** The page; after a failed post, `section` is open with the posted values and the messages. */
  async function show(
    req: Request,
    res: Response,
    failed?: { section: string; errors: Record<string, string>; status: number },
  ) {
    const data = await service.loadSpecialties(db, res.locals.viewer!);
    const body = (failed ? (req.body ?? {}) : {}) as Record<string, unknown>;
    const section = failed?.section ?? editingSection(req);
    const customOpen = failed && (section === 'custom-specialties' || section?.startsWith('custom-specialty-'));
    render(req, res, {
      title: 'Specialties',
      status: failed?.status ?? 200,
      page: (
        <SpecialtiesPage
          editing={section}
          filter={filterText(req.query.q)}
          options={data.options}
          custom={data.custom}
          customRules={CUSTOM_KINDS.specialties}
          top={failed && section === 'top-specialties' ? postedIds(body.top_specialties) : data.top}
          general={failed && section === 'general-expertise' ? postedIds(body.specialties) : data.general}
          {...(customOpen ? { customValues: { name: text(body.name), description: text(body.description) } } : {})}
          errors={failed?.errors ?? {}}
          practice={selectedProfile(res).type === 'practice'}
        />
      ),
    });
  }
  const reshow = (section: string) => (req: Request, res: Response, errors: Record<string, string>, status: number) =>
    show(req, res, { section, errors, status });

  router.get(SPECIALTIES_PATH, ...requireSelectedProfile, (req, res) => show(req, res));

  router.post(
    `${SPECIALTIES_PATH}/top-specialties`,
    ...requireSelectedProfile,
    formPost(PROFILE_UPDATE_ERROR, reshow('top-specialties'), async (req, res) => {
      const { reachedCap } = await service.saveTopSpecialties(db, res.locals.viewer!, req.body);
      flash(req, 'success', 'Your top specialties have been updated!');
      if (reachedCap) flash(req, 'warning', atMost(SELECTION_RULES.specialties.max));
      res.redirect(303, `${SPECIALTIES_PATH}#top-specialties`);
    }),
  );

  router.post(
    `${SPECIALTIES_PATH}/general-expertise`,
    ...requireSelectedProfile,
    formPost(PROFILE_UPDATE_ERROR, reshow('general-expertise'), async (req, res) => {
      await service.saveGeneralExpertise(db, res.locals.viewer!, req.body);
      flash(req, 'success', 'Your general expertise has been updated!');
      res.redirect(303, `${SPECIALTIES_PATH}#general-expertise`);
    }),
  );

  customEntryRoutes(router, {
    store: customEntryStore(db, 'specialties'),
    errorMessage: PROFILE_UPDATE_ERROR,
    pagePath: SPECIALTIES_PATH,
    basePath: `${SPECIALTIES_PATH}/custom-specialties`,
    sectionId: 'custom-specialties',
    entryPrefix: 'custom-specialty',
    reshow: (req, res, section, errors, status) => show(req, res, { section, errors, status }),
  });

  return router;
}
