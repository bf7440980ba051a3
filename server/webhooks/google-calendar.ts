// POST /webhooks/google-calendar: Google Calendar's push notifications (a linked calendar changed). No
// cookies and no body: the headers say which channel, its secret token and the watched resource, checked
// against the channel we registered; an unknown channel or a wrong token is a 404 and changes nothing. A
// known one queues that calendar's sync, at most one per calendar and 30-second slot however many
// notifications arrive (which is this anonymous route's throttle: it creates nothing else). Mounted before
// the body parsers, sessions and CSRF, as Stripe's.
import express, { type Router } from 'express';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { GOOGLE_WEBHOOK_PATH, receiveGoogleNotification } from '../domain/external-calendars';
import type { JobQueue } from '../jobs/queue';

export function googleCalendarWebhookRouter({
  db,
  jobs,
  logger,
}: {
  db: Knex;
  jobs: JobQueue;
  logger: Logger;
}): Router {
  const router = express.Router();
  router.post(GOOGLE_WEBHOOK_PATH, async (req, res, next) => {
    // Google sends no body; whatever comes is not read.
    req.resume();
    try {
      const outcome = await receiveGoogleNotification(db, jobs, {
        channelId: req.get('x-goog-channel-id'),
        token: req.get('x-goog-channel-token'),
        resourceId: req.get('x-goog-resource-id'),
        state: req.get('x-goog-resource-state'),
      });
      if (outcome === 'unknown') {
        logger.info('google calendar notification for no channel of ours');
        res.status(404).end();
        return;
      }
      res.status(200).end();
    } catch (error) {
      next(error); // 500: Google tries again later
    }
  });
  return router;
}
