// Create a new profile (/profiles/create), its success page and the payment-step placeholder
// (/profiles/pay-for/{id}) with "Do this later" (spec 1 §2, §4 After payment, §5, §6). Thin: parse,
// one service call, render or redirect.
import { Router, type Request, type Response } from 'express';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import { CreateProfilePage, type TypeChoice } from '../../../views/pages/profile-creation/CreateProfilePage';
import { DuplicateNamePage } from '../../../views/pages/profile-creation/DuplicateNamePage';
import { ProfileCreatedPage } from '../../../views/pages/profile-creation/ProfileCreatedPage';
import * as policy from '../../domain/accounts';
import { requirePermission, toId } from '../../http/access';
import * as service from './service';
import {
  CREATE_MESSAGES,
  formValues,
  PROFILE_TYPES,
  validateCreateProfile,
  type CreationType,
  type FormValues,
} from './validation';
import type { FeatureDeps } from '../deps';

const TITLE = 'Create a New Profile';

const TYPE_TEXT: Record<CreationType, { label: (wording: string) => string; description: string }> = {
  individual: {
    label: () => 'A profile for you',
    description: 'An individual clinician profile that you manage yourself.',
  },
  practice: {
    label: (w) => `A profile for ${w}`,
    description: 'A group practice profile, with its company name and head of practice.',
  },
  'new-user': {
    label: (w) => `A profile for ${w}`,
    description: 'An individual profile for another clinician, who is invited by email to take it over.',
  },
};

export const typeChoices = (): TypeChoice[] =>
  PROFILE_TYPES.map((type) => ({
    type,
    label: TYPE_TEXT[type].label(policy.creationWording(type)),
    description: TYPE_TEXT[type].description,
    href: `/profiles/create?type=${type}`,
  }));

const asType = (value: unknown): CreationType | null =>
  (PROFILE_TYPES as readonly string[]).includes(String(value)) ? (value as CreationType) : null;

/** Creating profiles is account-level: owners only; others get the spec's message (403). */
const requireProfileCreation = requirePermission(policy.canCreateProfiles, policy.ACCESS_DENIED);

export function profileCreationRoutes({ db, integrations, config, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({
    menu: 'profile',
    order: 30,
    label: 'Create New Profile',
    href: '/profiles/create',
    shown: (viewer) => policy.canCreateProfiles(viewer),
  });
  const deps: service.CreationDeps = { db, outgoing: integrations.outgoing, config };

  async function formPage(
    req: Request,
    res: Response,
    state: {
      type: CreationType | null;
      values?: FormValues;
      errors?: Record<string, string>;
      formError?: string;
      status?: number;
    },
  ) {
    const viewer = res.locals.viewer!;
    const owned = policy.creationAccountIds(viewer);
    const names = await service.accountNames(db, owned);
    render(req, res, {
      title: TITLE,
      layout: 'onboarding',
      status: state.status ?? 200,
      page: (
        <CreateProfilePage
          type={state.type}
          choices={typeChoices()}
          accounts={owned.map((id) => ({ id, name: names.get(id) ?? `Account ${id}` }))}
          values={(state.values ?? {}) as Record<string, string>}
          errors={state.errors ?? {}}
          formError={state.formError}
        />
      ),
    });
  }

  router.get('/profiles/create', requireSignIn, requireProfileCreation, (req, res) =>
    formPage(req, res, { type: asType(req.query.type) }),
  );

  router.post('/profiles/create', requireSignIn, requireProfileCreation, async (req, res) => {
    const viewer = res.locals.viewer!;
    const values = formValues(req.body ?? {});
    const type = asType(values.type);
    const checked = validateCreateProfile(req.body);
    if (checked.errors) return formPage(req, res, { type, values, errors: checked.errors, status: 422 });
    let result: service.Creation;
    try {
      result = await service.createProfile(deps, viewer, checked.value, {
        selectedAccountId: viewer.provider?.accountId,
        meta: { ip: req.ip, userAgent: req.get('user-agent') },
      });
    } catch (error) {
      if (error instanceof ValidationError)
        return formPage(req, res, { type, values, errors: error.fields, status: 422 });
      if (error instanceof NotFoundError || error instanceof ForbiddenError) throw error;
      // spec 1 §8: a failed create says so; the typed values stay in the form.
      req.log?.error({ err: error }, 'creating a profile failed');
      return formPage(req, res, { type, values, formError: CREATE_MESSAGES.createFailed, status: 500 });
    }
    if (result.outcome === 'duplicate') {
      return render(req, res, {
        title: TITLE,
        layout: 'onboarding',
        page: <DuplicateNamePage existing={result.existing} values={values as Record<string, string>} />,
      });
    }
    if (result.invited) flash(req, 'success', `We sent an invitation to ${result.invited}.`);
    res.redirect(303, result.next);
  });

  router.get('/profiles/created/:providerId', requireSignIn, async (req, res) => {
    const created = await service.createdProfile(db, res.locals.viewer!, toId(req.params.providerId));
    render(req, res, {
      title: 'Your New Profile Is Ready',
      layout: 'onboarding',
      page: (
        <ProfileCreatedPage
          name={created.name}
          possessive={policy.possessive(created.wording)}
          providerId={created.id}
          canSwitch={created.canSwitch}
        />
      ),
    });
  });

  return router;
}
