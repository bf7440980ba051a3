// /profile/general-information and its section posts (spec 2 §2, §5, §7). Thin: parse, one service
// call, then a 303 with a flash, or the page again with 422 and what was typed.
import { Router, type Request, type Response } from 'express';
import { NotFoundError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { editingSection, requireSelectedProfile, selectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import { ConfirmStep } from '../../../views/components/ui/ConfirmStep';
import {
  DELETE_LICENSE_QUESTION,
  GeneralInformationPage,
  PAGE_PATH,
  REMOVE_SUPERVISOR_QUESTION,
  type GeneralInformationView,
  type LicenseFormRow,
} from '../../../views/pages/profile/general-information/GeneralInformationPage';
import * as licenses from '../../domain/licenses';
import { expirationYears, isBlankNewRow } from '../../domain/licenses';
import * as locations from '../../domain/locations';
import { postedIds } from '../../domain/providers';
import { wordingFor } from '../../domain/accounts';
import * as service from './service';
import { GENERAL_MESSAGES, PRONOUN_OPTIONS, pronounsForForm } from './validation';
import { text } from '../../lib/form';
import type { FeatureDeps } from '../deps';

const TITLE = 'General Information';
const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const back = (section: string) => `${PAGE_PATH}#${section}`;
const MAX_EXTRA_ROWS = 10;

export function generalInformationRoutes({ db, integrations, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({ menu: 'edit-profile', order: 10, label: 'General Information', href: '/profile/general-information' });
  const deps: service.GeneralInformationDeps = { db, storage: integrations.storage };

  /**
   * The page; `section` is the open form. After a failed post, that section shows what was posted
   * (req.body) with its messages; every other section shows what is saved.
   */
  async function show(
    req: Request,
    res: Response,
    section: string | null,
    errors: Record<string, string> = {},
    status = 200,
  ) {
    const viewer = res.locals.viewer!;
    const provider = selectedProfile(res);
    const { profile, about, licensing } = await service.loadPage(db, viewer, provider.id);
    const posted = req.method === 'POST' ? (req.body as Record<string, unknown>) : null;
    const content = profile.customContent;
    const stateName = (code: string) => licensing.states.find((s) => s.code === code)?.name ?? code;

    const savedRows: LicenseFormRow[] = licensing.licenses.map((l) => ({
      id: String(l.id),
      state: l.state,
      number: l.number,
      license_type: l.licenseType ?? '',
      expiration: l.expiration === null ? '' : String(l.expiration),
    }));
    const blank = (): LicenseFormRow => ({ id: '', state: '', number: '', license_type: '', expiration: '' });
    let rows: LicenseFormRow[];
    if (posted && section === 'licensure') {
      rows = licenses.postedLicenseRows(posted);
      if (!rows.some(isBlankNewRow)) rows.push(blank());
    } else {
      // One empty row is always offered; ?rows=N offers more without JavaScript.
      const extra = Math.min(Math.max(Number.parseInt(text(req.query.rows), 10) || 1, 1), MAX_EXTRA_ROWS);
      rows = [...savedRows, ...Array.from({ length: extra }, blank)];
    }

    const supervisor = licensing.supervisor;
    const savedPronouns = typeof content.pronouns === 'string' ? content.pronouns : null;
    const name = [profile.firstName, profile.middleName, profile.lastName].filter(Boolean).join(' ') || null;
    const view: GeneralInformationView = {
      type: profile.type,
      wording: wordingFor(viewer, { id: provider.id, accountId: provider.accountId, type: provider.type }),
      editing: section,
      errors,
      basic: { name, companyName: profile.companyName, email: profile.email, phone: profile.phone },
      tagline:
        posted && section === 'tagline'
          ? text(posted.tagline)
          : typeof content.tagline === 'string'
            ? content.tagline
            : '',
      about: {
        options: about.options,
        values:
          posted && section === 'about'
            ? {
                professions: postedIds(posted.professions),
                languages: postedIds(posted.languages),
                degrees: postedIds(posted.degrees),
              }
            : {
                professions: about.selected.professions!,
                languages: about.selected.languages!,
                degrees: about.selected.degrees!,
              },
      },
      licenses: licensing.licenses.map((l) => ({
        id: l.id,
        state: l.state,
        stateName: stateName(l.state),
        number: l.number,
        licenseType: l.licenseType,
        expiration: l.expiration,
        verification: l.verification,
        deletable: !licensing.undeletable.has(l.id),
      })),
      licenseForm: { rows, states: licensing.states, years: expirationYears() },
      supervisor: {
        saved: supervisor
          ? {
              name: supervisor.supervisor_name ?? '',
              number: supervisor.supervisor_license ?? '',
              type: supervisor.supervisor_license_type ?? '',
            }
          : null,
        values:
          posted && section === 'supervisor-license'
            ? {
                supervisor_name: text(posted.supervisor_name),
                supervisor_license: text(posted.supervisor_license),
                supervisor_license_type: text(posted.supervisor_license_type),
              }
            : {
                supervisor_name: supervisor?.supervisor_name ?? '',
                supervisor_license: supervisor?.supervisor_license ?? '',
                supervisor_license_type: supervisor?.supervisor_license_type ?? '',
              },
      },
      pronouns: {
        saved: savedPronouns,
        values:
          posted && section === 'pronouns'
            ? { pronouns: text(posted.pronouns), pronouns_other: text(posted.pronouns_other) }
            : pronounsForForm(savedPronouns),
      },
      pronounOptions: PRONOUN_OPTIONS,
    };
    render(req, res, { title: TITLE, page: <GeneralInformationPage {...view} />, status });
  }

  const reshow = (section: string) => (req: Request, res: Response, errors: Record<string, string>, status: number) =>
    show(req, res, section, errors, status);
  const provider = (res: Response) => selectedProfile(res).id;

  router.get(PAGE_PATH, ...requireSelectedProfile, (req, res) => show(req, res, editingSection(req)));

  router.post(
    `${PAGE_PATH}/tagline`,
    ...requireSelectedProfile,
    formPost(GENERAL_MESSAGES.error, reshow('tagline'), async (req, res) => {
      await service.saveTagline(db, res.locals.viewer!, provider(res), req.body);
      flash(req, 'success', 'Your tagline has been updated!');
      res.redirect(303, back('tagline'));
    }),
  );

  router.post(
    `${PAGE_PATH}/about`,
    ...requireSelectedProfile,
    formPost(GENERAL_MESSAGES.error, reshow('about'), async (req, res) => {
      await service.saveAbout(deps, res.locals.viewer!, provider(res), req.body);
      flash(req, 'success', 'Your profile has been updated!');
      res.redirect(303, back('about'));
    }),
  );

  router.post(
    `${PAGE_PATH}/pronouns`,
    ...requireSelectedProfile,
    formPost(GENERAL_MESSAGES.error, reshow('pronouns'), async (req, res) => {
      await service.savePronouns(db, res.locals.viewer!, provider(res), req.body);
      flash(req, 'success', 'Your pronouns have been updated!');
      res.redirect(303, back('pronouns'));
    }),
  );

  // --- Licences (spec 2 §7 "licenses (id, state, number, license_type, expiration), deleteLicenseIds") ---

  router.post(
    `${PAGE_PATH}/licenses`,
    ...requireSelectedProfile,
    formPost(GENERAL_MESSAGES.error, reshow('licensure'), async (req, res) => {
      const { added, changed } = await licenses.saveLicenses(
        db,
        res.locals.viewer!,
        provider(res),
        licenses.postedLicenseRows(req.body),
        locations,
      );
      flash(
        req,
        'success',
        added + changed > 0
          ? 'Your licenses have been updated! Our team is checking new and changed licenses, which can take up to 48 business hours.'
          : 'Your licenses have been updated!',
      );
      res.redirect(303, back('licensure'));
    }),
  );

  // Without JavaScript the first post shows a confirmation page; with it, data-confirm asked already (confirmed=1).
  // A deletion that fails shows the page as it was, with the section's message.
  const reshowPage = (req: Request, res: Response, errors: Record<string, string>, status: number) =>
    show(req, res, null, errors, status);

  router.post(
    `${PAGE_PATH}/licenses/delete`,
    ...requireSelectedProfile,
    formPost(GENERAL_MESSAGES.error, reshowPage, async (req, res) => {
      const licenseId = Number(text(first(req.body?.deleteLicenseIds)));
      if (!Number.isSafeInteger(licenseId) || licenseId <= 0) throw new NotFoundError();
      const viewer = res.locals.viewer!;
      const license = await licenses.findLicense(db, viewer, provider(res), licenseId);
      if (req.body?.confirmed !== '1') {
        const { undeletable, states } = await licenses.loadLicensing(db, viewer, provider(res), locations);
        const stateName = states.find((s) => s.code === license.state)?.name ?? license.state;
        if (undeletable.has(licenseId)) {
          flash(req, 'error', licenses.licenseRequiredMessage(stateName));
          return res.redirect(303, back('licensure'));
        }
        return render(req, res, {
          title: TITLE,
          page: (
            <ConfirmStep
              question={DELETE_LICENSE_QUESTION}
              action={`${PAGE_PATH}/licenses/delete`}
              fields={{ deleteLicenseIds: String(licenseId) }}
              cancelHref={back('licensure')}
              confirmLabel="Delete license"
              details={
                <p>
                  {stateName} license {license.number}
                  {license.licenseType ? ` (${license.licenseType})` : ''}
                </p>
              }
            />
          ),
        });
      }
      const result = await licenses.deleteLicense(db, viewer, provider(res), licenseId, locations);
      if (result.deleted) flash(req, 'success', 'Your license has been deleted.');
      else flash(req, 'error', result.message);
      res.redirect(303, back('licensure'));
    }),
  );

  // --- Supervisor licence -------------------------------------------------------------------------

  router.post(
    `${PAGE_PATH}/supervisor-license`,
    ...requireSelectedProfile,
    formPost(GENERAL_MESSAGES.error, reshow('supervisor-license'), async (req, res) => {
      await licenses.saveSupervisor(db, res.locals.viewer!, provider(res), req.body);
      flash(req, 'success', 'Your supervisor license has been updated!');
      res.redirect(303, back('supervisor-license'));
    }),
  );

  router.post(
    `${PAGE_PATH}/supervisor-license/delete`,
    ...requireSelectedProfile,
    formPost(GENERAL_MESSAGES.error, reshowPage, async (req, res) => {
      if (req.body?.confirmed !== '1') {
        return render(req, res, {
          title: TITLE,
          page: (
            <ConfirmStep
              question={REMOVE_SUPERVISOR_QUESTION}
              action={`${PAGE_PATH}/supervisor-license/delete`}
              fields={{}}
              cancelHref={back('supervisor-license')}
              confirmLabel="Remove supervisor license"
              details={<p>The supervisor's name, license number and license type will be removed from all licenses.</p>}
            />
          ),
        });
      }
      await licenses.removeSupervisor(db, res.locals.viewer!, provider(res));
      flash(req, 'success', 'Your supervisor license has been removed.');
      res.redirect(303, back('supervisor-license'));
    }),
  );

  return router;
}
