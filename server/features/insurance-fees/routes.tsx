// /profile/insurance-fees (spec 2 §2 Profile pages): one page of sections, each a read view and an edit
// form (?edit={section}); each form posts to its own path, saves in one transaction and answers
// 303 + flash, or 422 with the typed values and the messages beside their fields.
import { Router, type Request, type Response } from 'express';
import type { Knex } from 'knex';
import { formPost } from '../../http/form-post';
import { flash } from '../../http/flash';
import { editingSection, requireSelectedProfile, selectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import {
  InsuranceFeesPage,
  PAGE_PATH,
  SECTION_IDS,
  type AddInsurancesView,
  type SectionId,
} from '../../../views/pages/insurance-fees/InsuranceFeesPage';
import { postedIds, PROFILE_UPDATE_ERROR } from '../../domain/providers';
import * as service from './service';
import {
  FEE_NOTE_MAX,
  MESSAGES,
  OON_OPTIONS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  postedStates,
  SESSION_FREQUENCIES,
  SESSION_FREQUENCY_LABELS,
  sessionNameLimit,
} from './validation';
import { text, isChecked } from '../../lib/form';
import type { FeatureDeps } from '../deps';
import { feeNoteValues, otherValues, sessionFeesValues } from './view-model';
const TITLE = 'Insurance & Fees';
const FAILURE = PROFILE_UPDATE_ERROR;

/** Blank rows after the given ones, so a session can be added without JavaScript (at most MAX_CUSTOM_SESSIONS rows). */
/** Session fees as saved (content) or as typed (a failed post: same indices as the error keys). */
const CHOICES = {
  paymentMethods: PAYMENT_METHODS.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] })),
  sessionFrequency: SESSION_FREQUENCIES.map((value) => ({ value, label: SESSION_FREQUENCY_LABELS[value] })),
  oon: OON_OPTIONS.map((o) => ({ value: o.key, label: o.label, hint: o.hint })),
};

export function insuranceFeesRoutes({ db, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({ menu: 'edit-profile', order: 50, label: 'Insurance & Fees', href: '/profile/insurance-fees' });

  /** The page; a failed post passes its section, errors and status, and the body supplies the typed values. */
  async function show(
    req: Request,
    res: Response,
    editing: SectionId | null,
    errors: Record<string, string> = {},
    status = 200,
  ) {
    const provider = selectedProfile(res);
    const data = await service.loadInsuranceFees(db, res.locals.viewer!, provider.id);
    const posted = req.method === 'POST';
    const body = (req.body ?? {}) as Record<string, unknown>;
    const sourceFor = (section: SectionId) => (posted && editing === section ? body : data.content);

    const removed = new Set(posted && editing === 'insurance-by-state' ? postedIds(body.remove) : []);
    const insurances = data.insurances.map((i) =>
      posted && editing === 'insurance-by-state'
        ? { ...i, acceptedStates: postedStates(body, i.id), removed: removed.has(i.id) }
        : i,
    );

    let add: AddInsurancesView | null = null;
    if (editing === 'add-insurances') {
      const filter = text(posted ? body.q : req.query.q).slice(0, 100);
      const shown = await service.insurancesToAdd(db, provider.id, filter);
      const selected = posted ? postedIds(body.insurances) : [];
      const shownIds = new Set(shown.map((t) => t.id));
      add = {
        filter,
        shown,
        selected,
        hiddenSelected: selected.filter((id) => !shownIds.has(id)),
        confirmed: posted && isChecked(body.confirm_in_network),
        anyLeft: filter ? true : shown.length > 0,
      };
    }

    render(req, res, {
      title: TITLE,
      status,
      page: (
        <InsuranceFeesPage
          providerId={provider.id}
          possessive={data.possessive}
          sessionNameLimit={sessionNameLimit(data.type)}
          feeNoteMax={FEE_NOTE_MAX}
          editing={editing}
          errors={errors}
          sessionFees={sessionFeesValues(sourceFor('session-fees'), posted && editing === 'session-fees')}
          feeNote={feeNoteValues(sourceFor('fee-note'))}
          other={otherValues(sourceFor('other-session-information'))}
          choices={CHOICES}
          insurances={insurances}
          locationStates={data.locationStates}
          add={add}
          statesMessage={MESSAGES.insuranceStates}
        />
      ),
    });
  }

  router.get(PAGE_PATH, ...requireSelectedProfile, async (req, res) => {
    const wanted = editingSection(req);
    await show(req, res, SECTION_IDS.find((id) => id === wanted) ?? null);
  });

  /** One section's form post: save through the service, then 303 back to the section with a flash. */
  const post = (
    path: string,
    section: SectionId,
    message: string,
    save: (viewerDb: Knex, req: Request, res: Response) => Promise<void>,
  ) => {
    router.post(
      `${PAGE_PATH}/${path}`,
      ...requireSelectedProfile,
      formPost(
        FAILURE,
        (req, res, errors, status) => show(req, res, section, errors, status),
        async (req, res) => {
          await save(db, req, res);
          flash(req, 'success', message);
          res.redirect(303, `${PAGE_PATH}#${section === 'add-insurances' ? 'insurance-by-state' : section}`);
        },
      ),
    );
  };

  const viewer = (res: Response) => res.locals.viewer!;
  post('session-fees', 'session-fees', 'Your session fees have been saved.', (d, req, res) =>
    service.saveSessionFees(d, viewer(res), selectedProfile(res).id, req.body ?? {}),
  );
  post('fee-note', 'fee-note', 'Your fee note has been saved.', (d, req, res) =>
    service.saveFeeNote(d, viewer(res), selectedProfile(res).id, req.body ?? {}),
  );
  post(
    'other-session-information',
    'other-session-information',
    'Your session information has been saved.',
    (d, req, res) => service.saveOtherInformation(d, viewer(res), selectedProfile(res).id, req.body ?? {}),
  );
  post(
    'insurances',
    'insurance-by-state',
    'Your insurances have been saved. Insurance updates are reflected within 24 business hours.',
    (d, req, res) => service.saveInsuranceStates(d, viewer(res), selectedProfile(res).id, req.body ?? {}),
  );
  // Spec 2 §7 tag/{tagId}/search/{enable}: the ids travel in the form (tagId, enable), not the path.
  router.post(
    `${PAGE_PATH}/insurances/search`,
    ...requireSelectedProfile,
    formPost(
      FAILURE,
      (req, res, errors, status) => show(req, res, null, errors, status),
      async (req, res) => {
        const choice = await service.setInsuranceSearch(db, viewer(res), selectedProfile(res).id, req.body ?? {});
        flash(req, 'success', choice.enabled ? MESSAGES.searchShown(choice.name) : MESSAGES.searchHidden(choice.name));
        res.redirect(303, `${PAGE_PATH}#insurance-by-state`);
      },
    ),
  );
  post(
    'insurances/new',
    'add-insurances',
    'Your insurances have been added. Insurance updates are reflected within 24 business hours.',
    (d, req, res) => service.addInsurances(d, viewer(res), selectedProfile(res).id, req.body ?? {}),
  );

  return router;
}
