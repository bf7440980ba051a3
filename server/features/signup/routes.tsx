// Registration (spec 1 §2 /signup, /signup/invite/{inviteToken}, /signup-from-client; §4 Registration
// and onboarding; §8 Registration failures). Thin: parse, one service call, render or redirect.
import { Router, type Request, type Response } from 'express';
import { flash } from '../../http/flash';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import { captchaWidgetFor } from '../../http/bot-check';
import { HONEYPOT_FIELD, type BotCheckInput } from '../../integrations/captcha';
import {
  AccountBlockedPage,
  ReservedNamePage,
  AlreadyProviderPage,
  ClientAccountPage,
  EmailTakenPage,
  InviteAcceptPage,
  InviteInvalidPage,
  InviteOtherAddressPage,
  PracticeManagementAccountPage,
} from '../../../views/pages/signup/SignupOutcomePages';
import { SignupPage, type OfferView, type ProfileType, type SignupMode } from '../../../views/pages/signup/SignupPage';
import { TOO_MANY_ATTEMPTS } from '../../../views/pages/login/LoginPage';
import { INVITE_PASSWORD, REGISTRATION_PASSWORD } from '../../domain/accounts';
import { logIn, requestMeta } from '../../http/sign-in';
import * as service from './service';
import { createSignupThrottle } from './throttle';
import {
  fromClientSchema,
  fromClientWithLoginSchema,
  inviteSchema,
  parseOffer,
  PARTNERS,
  REFERRAL_DESTINATIONS,
  registrationSchema,
  SIGNUP_MESSAGES,
  type SignupOffer,
} from './validation';
import { validate } from '../../lib/validation';
import type { FeatureDeps } from '../deps';

declare module 'express-session' {
  interface SessionData {
    /** Set by a completed registration (spec 1 §4); the wizard may read and clear it. */
    justRegistered?: boolean;
    /** The partner or referral offer of the signup link, kept for the payment step. */
    signupOffer?: SignupOffer;
  }
}

const TEXT_FIELDS = [
  'type',
  'first_name',
  'last_name',
  'company_name',
  'full_name',
  'send_referrals_to',
  'email',
  'phone_number',
  'terms',
] as const;
const INVALID_LOGIN = 'Incorrect email or password. Please try again, or reset your password.';

/** What was typed, for the re-rendered form (never the passwords). */
function typedValues(body: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of TEXT_FIELDS)
    if (typeof body[name] === 'string') values[name] = (body[name] as string).slice(0, 300);
  return values;
}

const profileType = (value: unknown): ProfileType => (value === 'practice' ? 'practice' : 'individual');

const offerView = (offer: SignupOffer | null): OfferView | null =>
  offer &&
  (offer.kind === 'partner'
    ? { kind: 'partner', text: offer.text, partnerName: PARTNERS[offer.partner].name }
    : { kind: 'referral', text: offer.text, code: offer.code });

/** The offer as query or hidden-field values, so it survives every round trip. */
const offerFields = (offer: SignupOffer | null): Record<string, string> =>
  offer?.kind === 'partner' ? { partner: offer.partner } : offer?.kind === 'referral' ? { referral: offer.code } : {};

const withQuery = (path: string, params: Record<string, string>) => {
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value)).toString();
  return query ? `${path}?${query}` : path;
};

const botCheck = (req: Request): BotCheckInput => ({
  honeypot: typeof req.body?.[HONEYPOT_FIELD] === 'string' ? req.body[HONEYPOT_FIELD] : '',
  token: typeof req.body?.captcha_token === 'string' ? req.body.captcha_token : undefined,
  ip: req.ip,
});

export function signupRoutes({ db, integrations, config, throttles }: FeatureDeps): Router {
  const router = Router();
  const deps: service.SignupDeps = {
    db,
    outgoing: integrations.outgoing,
    captcha: integrations.captcha,
    config,
    throttles,
    signups: createSignupThrottle(db),
  };

  interface FormOptions {
    mode: SignupMode;
    action: string;
    type: ProfileType;
    offer: SignupOffer | null;
    values?: Record<string, string>;
    errors?: Record<string, string>;
    formError?: string;
    status?: number;
    invitedTo?: string;
    inviteRoleLabel?: string | null;
    askClientLogin?: boolean;
  }

  function form(req: Request, res: Response, options: FormOptions) {
    const carry = offerFields(options.offer);
    const base = options.mode === 'from-client' ? '/signup-from-client' : '/signup';
    const keep: Record<string, string> =
      options.mode === 'from-client' && options.values?.email ? { email: options.values.email } : {};
    render(req, res, {
      title: options.mode === 'from-client' ? 'Add a Therapist Profile' : 'Create Your Account',
      layout: 'onboarding',
      status: options.status ?? 200,
      page: (
        <SignupPage
          mode={options.mode}
          action={options.action}
          type={options.type}
          values={options.values ?? {}}
          errors={options.errors ?? {}}
          formError={options.formError}
          offer={offerView(options.offer)}
          carry={carry}
          typeLinks={
            options.mode === 'invite'
              ? undefined
              : {
                  individual: withQuery(base, { ...carry, ...keep }),
                  practice: withQuery(base, { type: 'practice', ...carry, ...keep }),
                }
          }
          passwordHint={(options.mode === 'invite' ? INVITE_PASSWORD : REGISTRATION_PASSWORD).message}
          askClientLogin={options.askClientLogin}
          invitedTo={options.invitedTo}
          inviteRoleLabel={options.inviteRoleLabel}
          referralChoices={REFERRAL_DESTINATIONS}
          honeypotField={HONEYPOT_FIELD}
          captcha={captchaWidgetFor(res, integrations.captcha)}
        />
      ),
    });
  }

  /** The answers about an address already on file (spec 1 §8 Registration failures). */
  function conflict(
    req: Request,
    res: Response,
    result: service.EmailConflict,
    offer: SignupOffer | null,
    type: ProfileType,
  ) {
    switch (result.outcome) {
      case 'blocked':
        return render(req, res, {
          title: 'Account Unavailable',
          layout: 'plain',
          status: 403,
          page: <AccountBlockedPage supportEmail={config.supportEmail} />,
        });
      case 'taken':
        return render(req, res, {
          title: 'Email Already in Use',
          layout: 'plain',
          status: 409,
          page: <EmailTakenPage email={result.email} />,
        });
      case 'practice-management':
        return render(req, res, {
          title: 'Practice Management Account',
          layout: 'plain',
          status: 409,
          page: (
            <PracticeManagementAccountPage email={result.email} practiceManagementUrl={result.practiceManagementUrl} />
          ),
        });
      case 'client': {
        const addHref = withQuery('/signup-from-client', {
          email: result.email,
          ...(type === 'practice' ? { type } : {}),
          ...offerFields(offer),
        });
        return render(req, res, {
          title: 'Client Account Found',
          layout: 'plain',
          page: <ClientAccountPage email={result.email} clientSiteUrl={config.clientSiteUrl} addHref={addHref} />,
        });
      }
    }
  }

  /** The new account took a reserved name: kept, on hold, nobody signed in (spec 1 §3, §8; docs/decisions.md). */
  const reservedName = (req: Request, res: Response, result: service.ReservedNameHeld) =>
    render(req, res, {
      title: 'Name Reserved',
      layout: 'plain',
      status: 409,
      page: <ReservedNamePage name={result.name} supportEmail={config.supportEmail} />,
    });

  /** Signs the new provider in (new session id), then remembers the profile, the flag and the offer. */
  async function signInRegistered(
    req: Request,
    result: { userId: number; providerId: number | null },
    offer: SignupOffer | null,
  ) {
    await logIn(req, result.userId);
    if (result.providerId !== null) req.session.providerId = result.providerId;
    req.session.justRegistered = true;
    if (offer) req.session.signupOffer = offer;
  }

  /** An unexpected failure: nothing was saved (one transaction); the form comes back with spec 1 §8's message. */
  function failed(req: Request, res: Response, error: unknown, options: FormOptions) {
    req.log?.error({ err: error, requestId: req.id }, 'registration failed');
    form(req, res, { ...options, formError: SIGNUP_MESSAGES.createFailed, status: 500 });
  }

  // ---- /signup

  router.get('/signup', async (req, res) => {
    const viewer = res.locals.viewer;
    if (viewer) return res.redirect(303, await service.signedInDestination(deps, viewer.provider?.id ?? null));
    form(req, res, { mode: 'new', action: '/signup', type: profileType(req.query.type), offer: parseOffer(req.query) });
  });

  router.post('/signup', async (req, res) => {
    const viewer = res.locals.viewer;
    if (viewer) return res.redirect(303, await service.signedInDestination(deps, viewer.provider?.id ?? null));
    const offer = parseOffer(req.body);
    const options: FormOptions = {
      mode: 'new',
      action: '/signup',
      type: profileType(req.body.type),
      offer,
      values: typedValues(req.body),
    };
    const checked = validate(registrationSchema, req.body);
    if (checked.errors) return form(req, res, { ...options, errors: checked.errors, status: 422 });
    let result: service.Registration;
    try {
      result = await service.register(deps, checked.value, { offer, botCheck: botCheck(req), meta: requestMeta(req) });
    } catch (error) {
      return failed(req, res, error, options);
    }
    if (result.outcome === 'bot')
      return form(req, res, { ...options, formError: SIGNUP_MESSAGES.botCheck, status: 422 });
    if (result.outcome === 'throttled')
      return form(req, res, { ...options, formError: TOO_MANY_ATTEMPTS, status: 429 });
    if (result.outcome === 'reserved-name') return reservedName(req, res, result);
    if (result.outcome !== 'registered') return conflict(req, res, result, offer, options.type);
    await signInRegistered(req, result, offer);
    if (result.confirmationSent)
      flash(req, 'success', `Welcome! We sent a link to ${checked.value.email} to confirm your e-mail address.`);
    res.redirect(303, result.next);
  });

  // ---- /signup/invite/{inviteToken}

  const inviteInvalid = (req: Request, res: Response) =>
    render(req, res, { title: 'Invitation Not Valid', layout: 'plain', status: 410, page: <InviteInvalidPage /> });

  router.get('/signup/invite/:inviteToken', async (req, res) => {
    const invite = await service.findInvite(deps, req.params.inviteToken);
    if (!invite) return inviteInvalid(req, res);
    const viewer = res.locals.viewer;
    if (viewer) {
      return render(req, res, {
        title: 'Accept Invitation',
        layout: 'plain',
        page: (
          <InviteAcceptPage
            action={`/signup/invite/${encodeURIComponent(req.params.inviteToken)}/acceptance`}
            invitedTo={invite.invitedTo}
            roleLabel={invite.roleLabel}
            invitedEmail={invite.email}
            userEmail={viewer.user.email}
          />
        ),
      });
    }
    const action = `/signup/invite/${encodeURIComponent(req.params.inviteToken)}`;
    form(req, res, {
      mode: 'invite',
      action,
      type: 'individual',
      offer: null,
      values: { email: invite.email },
      invitedTo: invite.invitedTo,
      inviteRoleLabel: invite.roleLabel,
    });
  });

  router.post('/signup/invite/:inviteToken', async (req, res) => {
    const token = req.params.inviteToken;
    const invite = await service.findInvite(deps, token);
    if (!invite) return inviteInvalid(req, res);
    const options: FormOptions = {
      mode: 'invite',
      action: `/signup/invite/${encodeURIComponent(token)}`,
      type: 'individual',
      offer: null,
      values: typedValues(req.body),
      invitedTo: invite.invitedTo,
      inviteRoleLabel: invite.roleLabel,
    };
    const checked = validate(inviteSchema, req.body);
    if (checked.errors) return form(req, res, { ...options, errors: checked.errors, status: 422 });
    let result: Awaited<ReturnType<typeof service.registerFromInvite>>;
    try {
      result = await service.registerFromInvite(deps, token, checked.value, {
        botCheck: botCheck(req),
        meta: requestMeta(req),
      });
    } catch (error) {
      return failed(req, res, error, options);
    }
    if (result.outcome === 'invalid-invite') return inviteInvalid(req, res);
    if (result.outcome === 'bot')
      return form(req, res, { ...options, formError: SIGNUP_MESSAGES.botCheck, status: 422 });
    if (result.outcome === 'throttled')
      return form(req, res, { ...options, formError: TOO_MANY_ATTEMPTS, status: 429 });
    // An existing login comes back here after logging in, to accept the invitation.
    if (result.outcome === 'taken') req.session.returnTo = `/signup/invite/${encodeURIComponent(token)}`;
    if (result.outcome !== 'registered') return conflict(req, res, result, null, 'individual');
    await signInRegistered(req, result, null);
    flash(
      req,
      'success',
      invite.roleLabel
        ? `Welcome! You have joined ${invite.invitedTo} as ${invite.roleLabel.toLowerCase()}.`
        : `Welcome! You now have access to ${invite.invitedTo}'s profile.`,
    );
    res.redirect(303, result.next);
  });

  router.post('/signup/invite/:inviteToken/acceptance', requireSignIn, async (req, res) => {
    const viewer = res.locals.viewer!;
    const result = await service.acceptInvite(deps, viewer.user, String(req.params.inviteToken), requestMeta(req));
    if (result.outcome === 'invalid-invite') return inviteInvalid(req, res);
    if (result.outcome === 'other-address') {
      return render(req, res, {
        title: 'Accept Invitation',
        layout: 'plain',
        status: 403,
        page: <InviteOtherAddressPage invitedEmail={result.invitedEmail} userEmail={viewer.user.email} />,
      });
    }
    if (result.providerId === null) flash(req, 'success', 'Invitation accepted. You have joined the team.');
    else {
      req.session.providerId = result.providerId;
      flash(req, 'success', 'Invitation accepted. The profile is now in your list.');
    }
    res.redirect(303, result.next);
  });

  // ---- /signup-from-client

  router.get('/signup-from-client', (req, res) => {
    const viewer = res.locals.viewer;
    if (viewer?.user.scopes.includes('provider')) return res.redirect(303, '/');
    const email = typeof req.query.email === 'string' ? req.query.email.slice(0, 254) : '';
    form(req, res, {
      mode: 'from-client',
      action: '/signup-from-client',
      type: profileType(req.query.type),
      offer: parseOffer(req.query),
      values: viewer ? {} : { email },
      askClientLogin: !viewer,
    });
  });

  router.post('/signup-from-client', async (req, res) => {
    const viewer = res.locals.viewer;
    if (viewer?.user.scopes.includes('provider')) return res.redirect(303, '/');
    const offer = parseOffer(req.body);
    const options: FormOptions = {
      mode: 'from-client',
      action: '/signup-from-client',
      type: profileType(req.body.type),
      offer,
      values: typedValues(req.body),
      askClientLogin: !viewer,
    };
    const checked = viewer ? validate(fromClientSchema, req.body) : validate(fromClientWithLoginSchema, req.body);
    if (checked.errors) return form(req, res, { ...options, errors: checked.errors, status: 422 });
    const value = checked.value as typeof checked.value & { email?: string; password?: string };
    const actor = viewer ? { userId: viewer.user.id } : { email: value.email!, password: value.password! };
    let result: service.FromClient;
    try {
      result = await service.addProviderAccount(deps, actor, value, { offer, meta: requestMeta(req) });
    } catch (error) {
      return failed(req, res, error, options);
    }
    switch (result.outcome) {
      case 'invalid':
        return form(req, res, { ...options, formError: INVALID_LOGIN, status: 401 });
      case 'throttled':
        return form(req, res, { ...options, formError: TOO_MANY_ATTEMPTS, status: 429 });
      case 'already-provider':
        return render(req, res, {
          title: 'Provider Account Exists',
          layout: 'plain',
          status: 409,
          page: <AlreadyProviderPage email={value.email ?? ''} />,
        });
      case 'reserved-name':
        return reservedName(req, res, result);
      case 'registered':
        await signInRegistered(req, result, offer);
        flash(req, 'success', 'Your therapist profile has been added to your login.');
        return res.redirect(303, result.next);
    }
  });

  return router;
}
