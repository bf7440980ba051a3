// What every feature router is given: one object, built once by createApp. Test doubles come in
// through createApp(deps) as well, so no router reads app.locals or keeps a seam for tests.
import type { Knex } from 'knex';
import type { Config } from '../config';
import type { NotificationChannels } from '../db/change-feed';
import type { ReadCache } from '../db/read-cache';
import type { Throttles } from '../domain/accounts';
import type { EventStreams } from '../http/event-stream';
import type { Menu } from '../http/menu';
import type { UploadForms } from '../http/uploads';
import type { Integrations } from '../integrations';

export interface FeatureDeps {
  db: Knex;
  config: Config;
  integrations: Integrations;
  /** Hot reads served from memory until PostgreSQL says they changed. */
  reads: ReadCache;
  throttles: Throttles;
  /** Routers declare their multipart forms here (parsed before the CSRF check). */
  uploads: UploadForms;
  /** Routers register the menu entries of their pages here. */
  menu: Menu;
  /** PostgreSQL notifications heard on the process's one listening connection (live views). */
  channels: NotificationChannels;
  /** Live streams (server-sent events): one limit per user across features and processes. */
  streams: EventStreams;
}
