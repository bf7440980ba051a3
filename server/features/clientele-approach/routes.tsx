// /profile/clientele-approach: clientele, identity (genders and identities), treatment approaches and
// custom approaches, one section open at a time (?edit=), each saved by its own post (303 + flash;
// 422 re-render keeping what was ticked or typed).
import { Router, type Request, type Response } from 'express';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { editingSection, requireSelectedProfile, selectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import {
  ClienteleApproachPage,
  CLIENTELE_APPROACH_PATH,
} from '../../../views/pages/clientele-approach/ClienteleApproachPage';
import { CUSTOM_KINDS, customEntryStore, filterText, postedIds } from '../../domain/tags';
import { customEntryRoutes } from '../../http/custom-entry-routes';
import { PROFILE_UPDATE_ERROR } from '../../domain/providers';
import * as service from './service';
import { text } from '../../lib/form';
import type { FeatureDeps } from '../deps';

const SAVED = {
  clientele: 'Your clientele has been updated!',
  identity: 'Your identity has been updated!',
  approaches: 'Your treatment approaches have been updated!',
} as const;

export function clienteleApproachRoutes({ db, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({ menu: 'edit-profile', order: 40, label: 'Clientele & Approach', href: '/profile/clientele-approach' });
  const path = CLIENTELE_APPROACH_PATH;

  async function show(
    req: Request,
    res: Response,
    failed?: { section: string; errors: Record<string, string>; status: number },
  ) {
    const data = await service.loadClienteleApproach(db, res.locals.viewer!);
    const body = (failed ? (req.body ?? {}) : {}) as Record<string, unknown>;
    const section = failed?.section ?? editingSection(req);
    const selected = { ...data.selected };
    const posted =
      failed && section && section in service.SECTION_TYPES
        ? service.SECTION_TYPES[section as keyof typeof service.SECTION_TYPES]
        : [];
    for (const type of posted) selected[type] = postedIds(body[type]);
    const customOpen = failed && (section === 'custom-approaches' || section?.startsWith('custom-approach-'));
    render(req, res, {
      title: 'Clientele & Approach',
      status: failed?.status ?? 200,
      page: (
        <ClienteleApproachPage
          editing={section}
          filter={filterText(req.query.q)}
          options={data.options}
          selected={selected}
          custom={data.custom}
          customRules={CUSTOM_KINDS.approaches}
          {...(customOpen ? { customValues: { name: text(body.name), description: text(body.description) } } : {})}
          errors={failed?.errors ?? {}}
          practice={selectedProfile(res).type === 'practice'}
        />
      ),
    });
  }

  router.get(path, ...requireSelectedProfile, (req, res) => show(req, res));

  for (const section of Object.keys(service.SECTION_TYPES) as (keyof typeof service.SECTION_TYPES)[]) {
    router.post(
      `${path}/${section}`,
      ...requireSelectedProfile,
      formPost(
        PROFILE_UPDATE_ERROR,
        (req, res, errors, status) => show(req, res, { section, errors, status }),
        async (req, res) => {
          await service.saveSection(db, res.locals.viewer!, section, req.body);
          flash(req, 'success', SAVED[section]);
          res.redirect(303, `${path}#${section}`);
        },
      ),
    );
  }

  customEntryRoutes(router, {
    store: customEntryStore(db, 'approaches'),
    errorMessage: PROFILE_UPDATE_ERROR,
    pagePath: path,
    basePath: `${path}/custom-approaches`,
    sectionId: 'custom-approaches',
    entryPrefix: 'custom-approach',
    reshow: (req, res, section, errors, status) => show(req, res, { section, errors, status }),
  });

  return router;
}
