// /dev/client (never in production): a person acts as a demo client of the directory. The page calls
// the portal's own API over HTTP with a local token, exactly as the directory would: it lists a
// provider's free times, books one, and cancels it; it writes to a provider and reads the replies.
// Plain forms only, so it works with JavaScript off.
import { randomUUID } from 'node:crypto';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { createToken } from '../../api';
import { NotFoundError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { render } from '../../http/render';
import {
  type ApiCall,
  type ClientValues,
  DEMO_CLIENT,
  DEMO_MESSAGE,
  DevClientPage,
  type DevClientView,
  EVENT_TYPES,
  type EventsView,
  type MessageValues,
  PAGE_PATH,
} from '../../../views/pages/dev-client/DevClientPage';
import type { FeatureDeps } from '../deps';
import { devClientRecords } from '../../domain/appointments';
import { messagesFromClient } from '../../domain/messaging';
import { type ApiMessage, bookingRows, conversationEntries, momentOf, slotDays, whenOf } from './view-model';

const { bookingsOfClient, liveProviders, providersWithOpenCalendars } = devClientRecords;

export const DEV_CLIENT_TOKEN_NAME = 'Demo directory client (/dev/client)';

declare module 'express-session' {
  // The API's answer to the last booking or cancel, shown once on the page after the redirect.
  interface SessionData {
    devClientAnswer?: ApiCall;
  }
}

interface Answer extends ApiCall {
  json: unknown;
}

/** An answer as the page shows it (the parsed body stays on the server). */
const shownCall = ({ method, path, status, body }: ApiCall): ApiCall => ({ method, path, status, body });

const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** A zone the page itself sent (from the slots answer); anything else reads as UTC. */
function zoneOf(value: unknown): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: text(value) || 'UTC' }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}
const idParam = (value: unknown) => (typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value) ? value : null);

/** The booking form's fields, as typed (the demo client's details when the page is first shown). */
function clientValuesOf(body: Record<string, unknown>): ClientValues {
  const values = { ...DEMO_CLIENT };
  for (const key of Object.keys(values) as (keyof ClientValues)[]) values[key] = text(body[key]);
  return values;
}

function messageValuesOf(body: Record<string, unknown>): MessageValues {
  const values = { ...DEMO_MESSAGE };
  for (const key of Object.keys(values) as (keyof MessageValues)[]) values[key] = text(body[key]);
  return values;
}

/** What the messaging part shows: the provider chosen, the form's values, and why the API refused. */
interface MessagingChoices {
  providerId: string | null;
  values: MessageValues;
  errors?: Record<string, string>;
  problem?: string | null;
}

/** The API's field paths ("client.email") as the form's field names. */
function fieldErrorsOf(json: unknown): Record<string, string> {
  const details = (json as { error?: { details?: Record<string, string> } })?.error?.details ?? {};
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(details)) {
    const field = path.startsWith('client.')
      ? path.slice('client.'.length)
      : path === 'intake_form'
        ? 'intake_state'
        : path;
    errors[field] = message;
  }
  return errors;
}

const apiMessageOf = (answer: Answer) =>
  (answer.json as { error?: { message?: string } })?.error?.message ??
  (answer.status === 0 ? answer.body : `The API answered HTTP ${answer.status}.`);

export function devClientRoutes({ db, config }: FeatureDeps): Router {
  const router = Router();
  // The plaintext of a token is never stored, so this process makes its own on first use.
  let token: Promise<string> | null = null;
  const localToken = () => (token ??= createToken(db, DEV_CLIENT_TOKEN_NAME).then((made) => made.token));
  // The conversation tokens the API gave this process (as the directory keeps them with its clients):
  // reading a provider's replies needs one. A restart forgets them, so older conversations show the API's refusal.
  const conversationTokens = new Map<string, string>();
  const conversationKey = (providerId: number | string, email: string) => `${providerId} ${email.trim().toLowerCase()}`;
  const keepConversationToken = (providerId: number | string, email: string, answer: Answer) => {
    const made = (answer.json as { conversation_token?: unknown } | null)?.conversation_token;
    if (typeof made === 'string') conversationTokens.set(conversationKey(providerId, email), made);
  };

  async function call(
    req: Request,
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const url = `${req.protocol}://${req.get('host')}/api/v1${path}`;
    // One key for both tries: a retry after a new token is still the same booking.
    const idempotencyKey = randomUUID();
    const send = async () =>
      fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${await localToken()}`,
          Accept: 'application/json',
          ...headers,
          ...(body ? { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(10_000),
      });
    const shown = `/api/v1${path.replace(/\?.*$/, '')}`;
    try {
      let response = await send();
      if (response.status === 401) {
        token = null; // revoked, or the database was reset: make a new one
        response = await send();
      }
      const json: unknown = await response.json();
      return { method, path: shown, status: response.status, body: JSON.stringify(json, null, 2), json };
    } catch (error) {
      return {
        method,
        path: shown,
        status: 0,
        body: `The API did not answer: ${(error as Error).message}`,
        json: null,
      };
    }
  }

  const onlyLocally: RequestHandler = (_req, _res, next) => {
    if (config.env === 'production') throw new NotFoundError();
    next();
  };

  /** The messaging part: the live profiles, and the conversation with the chosen one (the API gives the replies). */
  async function messagingView(
    req: Request,
    clientEmail: string,
    choices: MessagingChoices,
  ): Promise<DevClientView['messaging']> {
    const providers = await liveProviders(db);
    const chosen = providers.find((p) => String(p.id) === choices.providerId) ?? null;
    let replies: DevClientView['messaging']['replies'] = null;
    if (chosen) {
      const [answer, sent] = await Promise.all([
        call(
          req,
          'GET',
          `/providers/${chosen.id}/messages?${new URLSearchParams({ client_email: clientEmail })}`,
          undefined,
          { 'Conversation-Token': conversationTokens.get(conversationKey(chosen.id, clientEmail)) ?? '' },
        ),
        messagesFromClient(db, chosen.id, clientEmail),
      ]);
      const fromProvider = answer.status === 200 ? (answer.json as { messages: ApiMessage[] }).messages : [];
      replies = {
        call: shownCall(answer),
        entries: conversationEntries(sent, fromProvider, chosen.name, chosen.timeZone),
      };
    }
    return {
      providers: providers.map((p) => ({ value: String(p.id), label: p.name })),
      providerId: chosen ? String(chosen.id) : null,
      providerName: chosen?.name ?? null,
      values: choices.values,
      errors: choices.errors ?? {},
      problem: choices.problem ?? null,
      replies,
      // A link to the very page shown, fragment and all, would only scroll: a fresh query makes it load.
      refreshHref: chosen
        ? `${PAGE_PATH}?${new URLSearchParams({ message_provider_id: String(chosen.id), client_email: clientEmail, at: String(Date.now()) })}#messages`
        : null,
    };
  }

  async function show(
    req: Request,
    res: Response,
    choices: {
      providerId: string | null;
      client: ClientValues;
      clientEmail: string;
      errors?: Record<string, string>;
      problem?: string | null;
      lastAnswer?: ApiCall | null;
      messaging?: MessagingChoices;
      events?: EventsView;
    },
    status = 200,
  ) {
    const messagingChoices = choices.messaging ?? {
      providerId: null,
      values: { ...DEMO_MESSAGE, email: choices.clientEmail },
    };
    const [ping, providers, bookings, messaging] = await Promise.all([
      call(req, 'GET', '/ping'),
      providersWithOpenCalendars(db),
      bookingsOfClient(db, choices.clientEmail),
      messagingView(req, choices.clientEmail, messagingChoices),
    ]);
    let slots: DevClientView['slots'] = null;
    if (choices.providerId) {
      const answer = await call(req, 'GET', `/providers/${choices.providerId}/slots`);
      const json = answer.json as { time_zone?: string; slots?: { start_time: string }[] } | null;
      const timeZone = json?.time_zone ?? 'UTC';
      slots = {
        call: shownCall(answer),
        count: json?.slots?.length ?? 0,
        timeZone,
        days: answer.status === 200 ? slotDays(json?.slots ?? [], timeZone) : [],
      };
    }
    const lastAnswer = choices.lastAnswer ?? null;
    const view: DevClientView = {
      calls: [ping, ...(lastAnswer ? [lastAnswer] : [])].map(shownCall),
      providers: providers.map((p) => ({ value: String(p.id), label: p.name })),
      providerId: choices.providerId,
      slots,
      client: choices.client,
      errors: choices.errors ?? {},
      problem: choices.problem ?? null,
      clientEmail: choices.clientEmail,
      bookings: bookingRows(bookings, new Date()),
      messaging,
      events: choices.events ?? { providerId: null, type: 'profile_view', errors: {}, problem: null },
    };
    render(req, res, {
      title: 'Demo directory client',
      status,
      layout: res.locals.viewer ? 'dashboard' : 'plain',
      page: <DevClientPage view={view} />,
    });
  }

  router.get(PAGE_PATH, onlyLocally, async (req, res) => {
    const lastAnswer = req.session?.devClientAnswer ?? null;
    if (lastAnswer) delete req.session.devClientAnswer;
    const clientEmail = text(req.query.client_email).trim() || DEMO_CLIENT.email;
    await show(req, res, {
      providerId: idParam(req.query.provider_id),
      client: { ...DEMO_CLIENT, email: clientEmail },
      clientEmail,
      lastAnswer,
      messaging: {
        providerId: idParam(req.query.message_provider_id),
        values: { ...DEMO_MESSAGE, email: clientEmail },
      },
    });
  });

  router.post(`${PAGE_PATH}/messages`, onlyLocally, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const providerId = idParam(body.provider_id);
    const values = messageValuesOf(body);
    const clientEmail = values.email.trim() || DEMO_CLIENT.email;
    const again = (messaging: MessagingChoices, lastAnswer: ApiCall | null, status: number) =>
      show(
        req,
        res,
        { providerId: null, client: { ...DEMO_CLIENT, email: clientEmail }, clientEmail, lastAnswer, messaging },
        status,
      );
    if (!providerId)
      return again({ providerId: null, values, errors: { provider_id: 'Choose a provider.' } }, null, 422);
    const isReferral = values.type === 'messaging_tool_intake';
    const intake = {
      state: values.intake_state,
      session_type: values.intake_session_type,
      insurance: values.intake_insurance,
    };
    const answer = await call(req, 'POST', `/providers/${providerId}/messages`, {
      type: values.type || 'message',
      client: {
        email: values.email,
        first_name: values.first_name,
        last_name: values.last_name,
        phone_number: values.phone_number,
      },
      message_content: values.message_content,
      ...(isReferral
        ? { intake_form: Object.fromEntries(Object.entries(intake).filter(([, answer]) => answer.trim())) }
        : {}),
    });
    const shown = shownCall(answer);
    if (answer.status !== 201) {
      return again(
        { providerId, values, errors: fieldErrorsOf(answer.json), problem: apiMessageOf(answer) },
        shown,
        422,
      );
    }
    req.session.devClientAnswer = shown;
    keepConversationToken(providerId, clientEmail, answer);
    const autoReply = (answer.json as { auto_reply: unknown }).auto_reply;
    flash(
      req,
      'success',
      `${isReferral ? 'Referral' : 'Message'} sent. The provider has been told${autoReply ? ' and answered automatically' : ''}.`,
    );
    res.redirect(
      303,
      `${PAGE_PATH}?${new URLSearchParams({ message_provider_id: providerId, client_email: clientEmail })}#messages`,
    );
  });

  // One profile event, now, under a new event id: what the directory sends as clients browse.
  router.post(`${PAGE_PATH}/events`, onlyLocally, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const providerId = idParam(body.provider_id);
    const type = text(body.type);
    const clientEmail = text(body.client_email).trim() || DEMO_CLIENT.email;
    const again = (events: EventsView, lastAnswer: ApiCall | null) =>
      show(
        req,
        res,
        { providerId: null, client: { ...DEMO_CLIENT, email: clientEmail }, clientEmail, lastAnswer, events },
        422,
      );
    const errors: Record<string, string> = {};
    if (!providerId) errors.provider_id = 'Choose a provider.';
    if (!EVENT_TYPES.some((choice) => choice.value === type)) errors.type = 'Choose what the client did.';
    if (!providerId || errors.type) return again({ providerId, type, errors, problem: null }, null);
    const answer = await call(req, 'POST', `/providers/${providerId}/events`, {
      events: [{ id: randomUUID(), type, occurred_at: new Date().toISOString() }],
    });
    const shown = shownCall(answer);
    if (answer.status !== 202) return again({ providerId, type, errors: {}, problem: apiMessageOf(answer) }, shown);
    req.session.devClientAnswer = shown;
    const { accepted } = answer.json as { accepted: number };
    flash(
      req,
      'success',
      `${type === 'profile_view' ? 'Profile view' : 'Contact click'} sent: ${accepted === 1 ? 'counted' : 'already counted'}.`,
    );
    res.redirect(303, `${PAGE_PATH}?${new URLSearchParams({ client_email: clientEmail })}#events`);
  });

  router.post(`${PAGE_PATH}/bookings`, onlyLocally, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const providerId = idParam(body.provider_id);
    const client = clientValuesOf(body);
    if (!providerId)
      return show(
        req,
        res,
        {
          providerId: null,
          client,
          clientEmail: client.email || DEMO_CLIENT.email,
          errors: { provider_id: 'Choose a provider.' },
        },
        422,
      );
    const intake = {
      state: client.intake_state,
      session_type: client.intake_session_type,
      insurance: client.intake_insurance,
    };
    const answer = await call(req, 'POST', `/providers/${providerId}/consultations`, {
      start_time: text(body.start_time),
      client: {
        email: client.email,
        first_name: client.first_name,
        last_name: client.last_name,
        phone_number: client.phone_number,
      },
      intake_form: Object.fromEntries(Object.entries(intake).filter(([, answer]) => answer.trim())),
    });
    const shown = shownCall(answer);
    if (answer.status !== 201) {
      // The API refused: the same page again with what was typed, the reasons and the answer itself.
      return show(
        req,
        res,
        {
          providerId,
          client,
          clientEmail: client.email || DEMO_CLIENT.email,
          errors: fieldErrorsOf(answer.json),
          problem: apiMessageOf(answer),
          lastAnswer: shown,
        },
        answer.status === 422 ? 422 : 409,
      );
    }
    const booked = (
      answer.json as {
        consultation: { start_time: string; end_time: string; status: string; request_deadline: string | null };
      }
    ).consultation;
    req.session.devClientAnswer = shown;
    keepConversationToken(providerId, client.email, answer);
    const when = whenOf(new Date(booked.start_time), new Date(booked.end_time), zoneOf(body.time_zone));
    flash(
      req,
      'success',
      // A provider who approves bookings first: the time is held until they answer (docs/api.md).
      booked.status === 'pending' && booked.request_deadline
        ? `Requested: ${when}. The provider accepts or declines it by ${momentOf(new Date(booked.request_deadline), zoneOf(body.time_zone))}; the client is told by e-mail.`
        : `Booked: ${when}. The provider has been told.`,
    );
    res.redirect(
      303,
      `${PAGE_PATH}?${new URLSearchParams({ provider_id: providerId, client_email: client.email })}#bookings`,
    );
  });

  router.post(`${PAGE_PATH}/bookings/:consultationId/cancel`, onlyLocally, async (req, res) => {
    const id = idParam(req.params.consultationId);
    if (!id) throw new NotFoundError();
    const body = (req.body ?? {}) as Record<string, unknown>;
    const clientEmail = text(body.client_email);
    const answer = await call(req, 'POST', `/consultations/${id}/cancel`, {
      client_email: clientEmail,
      cancel_message: text(body.cancel_message),
    });
    req.session.devClientAnswer = shownCall(answer);
    if (answer.status === 200) flash(req, 'success', 'The consultation is canceled. The provider has been told.');
    else flash(req, 'error', apiMessageOf(answer));
    const back = new URLSearchParams({
      client_email: clientEmail,
      ...(idParam(body.provider_id) ? { provider_id: String(body.provider_id) } : {}),
    });
    res.redirect(303, `${PAGE_PATH}?${back}#bookings`);
  });

  return router;
}
