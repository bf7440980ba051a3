// The onboarding wizard after Create Account (spec 1 §2, §4, §5): Locations, About You, Your Practice
// (+ insurance), Photos, Go Live, each per provider id; the Exit button; stored images; and the
// status banner's link for incomplete profiles. Thin: parse, one service call, render or redirect.
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { ReactNode } from 'react';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { formPost, reportFailedSave } from '../../http/form-post';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import type { Viewer } from '../../domain/accounts';
import { AboutYouStepPage } from '../../../views/pages/onboarding/AboutYouStepPage';
import { GoLivePage, GO_LIVE_TEXT, type GoLiveView } from '../../../views/pages/onboarding/GoLivePage';
import { InsuranceStepPage } from '../../../views/pages/onboarding/InsuranceStepPage';
import { LocationsStepPage, type LocationsValues } from '../../../views/pages/onboarding/LocationsStepPage';
import { PhotosStepPage } from '../../../views/pages/onboarding/PhotosStepPage';
import { completeTitle } from '../../../views/pages/onboarding/WizardFrame';
import { YourPracticeStepPage, type YourPracticeValues } from '../../../views/pages/onboarding/YourPracticeStepPage';
import {
  firstUnfinishedStepUrl,
  STEP_LABELS,
  stepCompletion,
  stepUrl,
  WIZARD_STEPS,
  LOCATION_MESSAGES,
  postedIds,
  validateLocations,
} from '../../domain/providers';
import * as service from '../../domain/providers';
import { text } from '../../lib/form';
import { PHOTO_MESSAGES, parseCrop, MAX_PHOTO_BYTES, PHOTO_FIELD } from '../../domain/images';
import type { FeatureDeps } from '../deps';

declare global {
  namespace Express {
    interface Locals {
      /** Where the incomplete-status banner sends the provider (set only for incomplete profiles). */
      statusBannerLink?: string;
    }
  }
}

const WIZARD_PATH = /^\/profiles\/(create|about-you-for|your-practice-for|photos-for|go-live-for)\/\d+/;
const ERRORS = {
  aboutYou: 'There was an error saving your About You info.',
  practice: 'There was an error saving your practice info.',
} as const;

export function onboardingRoutes({ db, integrations, config, uploads }: FeatureDeps): Router {
  const router = Router();
  uploads.accept({
    path: /^\/profiles\/photos-for\/\d+\/?$/,
    field: PHOTO_FIELD,
    maxFiles: 1,
    maxBytes: MAX_PHOTO_BYTES,
    messages: {
      tooLarge: PHOTO_MESSAGES.tooLarge,
      tooMany: PHOTO_MESSAGES.oneFile,
      unreadable: PHOTO_MESSAGES.unreadable,
    },
  });
  const deps: service.OnboardingDeps = { db, storage: integrations.storage };
  const viewerOf = (res: Response): Viewer => res.locals.viewer!;
  const idOf = (req: Request): number => {
    const id = Number(req.params.providerId);
    if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError();
    return id;
  };
  const title = (res: Response, id: number) => completeTitle(service.displayNameOf(viewerOf(res), id));
  const page = (req: Request, res: Response, id: number, content: ReactNode, status = 200, heading?: string) =>
    render(req, res, { title: heading ?? title(res, id), layout: 'onboarding', page: content, status });

  // The status banner of an incomplete profile links to its first unfinished step (new wizard) or /.
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    const provider = res.locals.viewer?.provider;
    // Wizard pages use the onboarding layout, which has no banner: no need to look.
    if (
      req.method === 'GET' &&
      provider?.status === 'incomplete' &&
      !WIZARD_PATH.test(req.path) &&
      req.accepts(['html', 'json']) === 'html'
    ) {
      res.locals.statusBannerLink = await service.incompleteBannerLink(db, provider.id);
    }
    next();
  });

  // --- Locations -------------------------------------------------------------------------------------

  async function showLocations(
    req: Request,
    res: Response,
    id: number,
    values: LocationsValues = {},
    errors: Record<string, string> = {},
    status = 200,
  ) {
    const record = await service.loadForViewer(db, viewerOf(res), id);
    const { states } = await service.locationsOptions(db);
    page(
      req,
      res,
      id,
      <LocationsStepPage
        providerId={id}
        progress={stepCompletion(record)}
        states={states}
        values={values}
        errors={errors}
      />,
      status,
    );
  }
  const locationValues = (body: Record<string, unknown>): LocationsValues => ({
    no_online_sessions: Boolean(body.no_online_sessions),
    no_physical_location: Boolean(body.no_physical_location),
    states: (Array.isArray(body.states) ? body.states : body.states ? [body.states] : []).map(String),
    address: text(body.address),
    address_2: text(body.address_2),
    city: text(body.city),
    zip: text(body.zip),
    state: text(body.state),
  });

  router.get('/profiles/create/:providerId', requireSignIn, async (req, res) => {
    const id = idOf(req);
    const record = await service.loadForViewer(db, viewerOf(res), id);
    // Spec 1 §2: forwards when locations exist — to the first unfinished step, so this URL is a safe entry point.
    if (record.locationCount > 0) return res.redirect(303, firstUnfinishedStepUrl(record));
    await showLocations(req, res, id);
  });

  router.post(
    '/profiles/create/:providerId',
    requireSignIn,
    formPost(
      LOCATION_MESSAGES.error,
      (req, res, errors, status) => showLocations(req, res, idOf(req), locationValues(req.body), errors, status),
      async (req, res) => {
        const id = idOf(req);
        await service.loadForViewer(db, viewerOf(res), id);
        const checked = validateLocations(req.body);
        if (checked.errors) throw new ValidationError(checked.errors);
        await service.saveLocations(deps, viewerOf(res), id, checked.value);
        flash(req, 'success', 'Your locations have been saved.');
        res.redirect(303, service.afterStep('locations', id));
      },
    ),
  );

  // --- About You -------------------------------------------------------------------------------------

  const laterQuery = (req: Request) => (req.query.doPaymentLater === '1' ? '?doPaymentLater=1' : '');
  async function showAboutYou(req: Request, res: Response, errors: Record<string, string> = {}, status = 200) {
    const id = idOf(req);
    const record = await service.loadForViewer(db, viewerOf(res), id);
    const options = await service.aboutYouOptions(db, record.type);
    const posted = req.method === 'POST';
    const saved = posted ? null : await service.selectedTags(db, id, ['professions', 'languages', 'degrees']);
    const values = {
      professions: posted ? postedIds(req.body.professions) : saved!.professions!,
      languages: posted ? postedIds(req.body.languages) : saved!.languages!,
      degrees: posted ? postedIds(req.body.degrees) : saved!.degrees!,
    };
    page(
      req,
      res,
      id,
      <AboutYouStepPage
        providerId={id}
        progress={stepCompletion(record)}
        options={options}
        values={values}
        errors={errors}
        doPaymentLater={laterQuery(req) !== ''}
      />,
      status,
    );
  }

  router.get('/profiles/about-you-for/:providerId', requireSignIn, (req, res) => showAboutYou(req, res));
  router.post(
    '/profiles/about-you-for/:providerId',
    requireSignIn,
    formPost(
      ERRORS.aboutYou,
      (req, res, errors, status) => showAboutYou(req, res, errors, status),
      async (req, res) => {
        const id = idOf(req);
        await service.saveAboutYou(deps, viewerOf(res), id, req.body);
        flash(req, 'success', 'Your About You info has been saved.');
        res.redirect(303, service.afterStep('about-you', id));
      },
    ),
  );

  // --- Your Practice ---------------------------------------------------------------------------------

  async function showYourPractice(req: Request, res: Response, errors: Record<string, string> = {}, status = 200) {
    const id = idOf(req);
    const record = await service.loadForViewer(db, viewerOf(res), id);
    const options = await service.yourPracticeOptions(db);
    let values: YourPracticeValues;
    if (req.method === 'POST') {
      const b = req.body;
      values = {
        clientele: postedIds(b.clientele),
        languages: postedIds(b.languages),
        specialties: postedIds(b.specialties),
        approaches: postedIds(b.approaches),
        session_fee_ongoing: text(b.session_fee_ongoing),
        session_length_ongoing: text(b.session_length_ongoing),
        takes_insurance: text(b.takes_insurance),
      };
    } else {
      const saved = await service.selectedTags(db, id, ['clientele', 'languages', 'specialties', 'approaches']);
      const content = record.customContent;
      const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));
      values = {
        clientele: saved.clientele!,
        languages: saved.languages!,
        specialties: saved.specialties!,
        approaches: saved.approaches!,
        session_fee_ongoing: asText(content.session_fee_ongoing),
        session_length_ongoing: asText(content.session_length_ongoing),
        takes_insurance: content.takes_insurance === true ? 'yes' : content.takes_insurance === false ? 'no' : '',
      };
    }
    page(
      req,
      res,
      id,
      <YourPracticeStepPage
        providerId={id}
        progress={stepCompletion(record)}
        options={options}
        values={values}
        errors={errors}
      />,
      status,
    );
  }

  router.get('/profiles/your-practice-for/:providerId', requireSignIn, (req, res) => showYourPractice(req, res));
  router.post(
    '/profiles/your-practice-for/:providerId',
    requireSignIn,
    formPost(
      ERRORS.practice,
      (req, res, errors, status) => showYourPractice(req, res, errors, status),
      async (req, res) => {
        const id = idOf(req);
        const { takesInsurance } = await service.saveYourPractice(deps, viewerOf(res), id, req.body);
        flash(req, 'success', 'Your practice info has been saved.');
        res.redirect(
          303,
          takesInsurance ? `/profiles/your-practice-for/${id}/insurance` : service.afterStep('your-practice', id),
        );
      },
    ),
  );

  async function showInsurance(req: Request, res: Response, errors: Record<string, string> = {}, status = 200) {
    const id = idOf(req);
    const record = await service.loadForViewer(db, viewerOf(res), id);
    const filter = text(req.query.q).slice(0, 100);
    const { shown } = await service.insuranceOptions(db, filter);
    const posted = req.method === 'POST';
    const selected = posted
      ? postedIds(req.body.insurances)
      : (await service.selectedTags(db, id, ['insurances'])).insurances!;
    const shownIds = new Set(shown.map((t) => t.id));
    page(
      req,
      res,
      id,
      <InsuranceStepPage
        providerId={id}
        progress={stepCompletion(record)}
        filter={filter}
        shown={shown}
        selected={selected}
        hiddenSelected={selected.filter((t) => !shownIds.has(t))}
        confirmed={posted && Boolean(req.body.confirm_in_network)}
        errors={errors}
      />,
      status,
    );
  }

  router.get('/profiles/your-practice-for/:providerId/insurance', requireSignIn, (req, res) => showInsurance(req, res));
  router.post(
    '/profiles/your-practice-for/:providerId/insurance',
    requireSignIn,
    formPost(
      ERRORS.practice,
      (req, res, errors, status) => showInsurance(req, res, errors, status),
      async (req, res) => {
        const id = idOf(req);
        await service.saveInsurances(deps, viewerOf(res), id, req.body);
        flash(req, 'success', 'Your insurances have been saved.');
        res.redirect(303, service.afterStep('your-practice', id));
      },
    ),
  );

  // --- Photos ------------------------------------------------------------------------------------------

  async function showPhotos(req: Request, res: Response, error?: string, status = 200) {
    const id = idOf(req);
    const record = await service.loadForViewer(db, viewerOf(res), id);
    const current = record.imageKey ? `/uploads/${record.imageKey}` : null;
    page(
      req,
      res,
      id,
      <PhotosStepPage
        providerId={id}
        progress={stepCompletion(record)}
        currentImageUrl={current}
        {...(error ? { error } : {})}
      />,
      status,
    );
  }

  router.get('/profiles/photos-for/:providerId', requireSignIn, (req, res) => showPhotos(req, res));
  router.post('/profiles/photos-for/:providerId', requireSignIn, async (req, res) => {
    const id = idOf(req);
    try {
      await service.saveHeadshot(deps, viewerOf(res), id, {
        ...(req.file ? { file: req.file } : {}),
        ...(req.uploadError ? { uploadError: req.uploadError } : {}),
        crop: parseCrop(req.body ?? {}),
      });
    } catch (error) {
      if (error instanceof ValidationError) return showPhotos(req, res, error.fields.headshot, 422);
      if (error instanceof NotFoundError) throw error;
      reportFailedSave(req, error, PHOTO_MESSAGES.error);
      return showPhotos(req, res, undefined, 500);
    }
    flash(req, 'success', 'Your profile photo has been saved.');
    res.redirect(303, service.afterStep('photos', id));
  });

  // --- Go Live -------------------------------------------------------------------------------------------

  async function showGoLive(req: Request, res: Response, view?: GoLiveView, status = 200) {
    const id = idOf(req);
    const record = await service.loadForViewer(db, viewerOf(res), id);
    const done = stepCompletion(record);
    const shown: GoLiveView =
      view ??
      (record.status === 'active' || record.status === 'pending'
        ? { kind: record.status }
        : {
            kind: 'form',
            missingSteps: WIZARD_STEPS.filter((s) => s !== 'go-live' && !done[s]).map((s) => ({
              label: STEP_LABELS[s],
              href: stepUrl(s, id),
            })),
          });
    const heading =
      shown.kind === 'form'
        ? 'Ready to go live?'
        : shown.kind === 'active'
          ? 'Your profile is live'
          : shown.kind === 'pending'
            ? 'Your profile is being reviewed'
            : 'Go Live';
    page(req, res, id, <GoLivePage providerId={id} progress={done} view={shown} />, status, heading);
  }

  router.get('/profiles/go-live-for/:providerId', requireSignIn, (req, res) => showGoLive(req, res));
  router.post('/profiles/go-live-for/:providerId', requireSignIn, async (req, res) => {
    const id = idOf(req);
    let result: service.GoLiveResult;
    try {
      result = await service.goLive(deps, viewerOf(res), id, req.body);
    } catch (error) {
      if (error instanceof ValidationError) {
        const record = await service.loadForViewer(db, viewerOf(res), id);
        const done = stepCompletion(record);
        return showGoLive(
          req,
          res,
          {
            kind: 'form',
            error: error.fields.ready,
            missingSteps: WIZARD_STEPS.filter((s) => s !== 'go-live' && !done[s]).map((s) => ({
              label: STEP_LABELS[s],
              href: stepUrl(s, id),
            })),
          },
          422,
        );
      }
      if (error instanceof NotFoundError) throw error;
      reportFailedSave(
        req,
        error,
        `Server error. Please write to us at ${config.supportEmail} and we will take care of it.`,
      );
      return showGoLive(req, res, undefined, 500);
    }
    if (result.kind === 'active' || result.kind === 'pending') {
      flash(req, 'success', result.kind === 'active' ? GO_LIVE_TEXT.active : GO_LIVE_TEXT.pending);
      return res.redirect(303, `/profiles/go-live-for/${id}`);
    }
    if (result.kind === 'subscribe') return showGoLive(req, res, { kind: 'subscribe' });
    return showGoLive(req, res, { kind: 'not-permitted' }, 403);
  });

  // --- Exit (remembered per profile) -------------------------------------------------------------------

  router.post('/profiles/:providerId/wizard-exit', requireSignIn, async (req, res) => {
    await service.exitWizard(deps, viewerOf(res), idOf(req));
    res.redirect(303, '/');
  });

  // --- Stored images (only keys the portal made for a recorded image) -------------------------------------

  router.get('/uploads/:key', async (req, res) => {
    const file = await service.storedImage(deps, String(req.params.key));
    if (!file) throw new NotFoundError();
    res.set({
      'Content-Type': file.contentType,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'Content-Disposition': 'inline',
    });
    res.send(file.body);
  });

  return router;
}
