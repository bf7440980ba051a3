// /dev/client (never in production): a person acts as a demo client of the directory. The page calls
// the portal's own API over HTTP with a local token, exactly as the directory would; the calendar and
// messaging issues add bookings and messages to it.
import { Router, type Request } from 'express';
import { createToken } from '../../api';
import { NotFoundError } from '../../lib/errors';
import { render } from '../../http/render';
import { DevClientPage, type ApiCall } from '../../../views/pages/dev-client/DevClientPage';
import type { FeatureDeps } from '../deps';

export const DEV_CLIENT_TOKEN_NAME = 'Demo directory client (/dev/client)';

export function devClientRoutes({ db, config }: FeatureDeps): Router {
  const router = Router();
  // The plaintext of a token is never stored, so this process makes its own on first use.
  let token: Promise<string> | null = null;
  const localToken = () => (token ??= createToken(db, DEV_CLIENT_TOKEN_NAME).then((made) => made.token));

  async function call(req: Request, path: string): Promise<ApiCall> {
    const url = `${req.protocol}://${req.get('host')}/api/v1${path}`;
    const send = async () => fetch(url, { headers: { Authorization: `Bearer ${await localToken()}`, Accept: 'application/json' }, signal: AbortSignal.timeout(5_000) });
    try {
      let response = await send();
      if (response.status === 401) {
        token = null; // revoked, or the database was reset: make a new one
        response = await send();
      }
      return { method: 'GET', path: `/api/v1${path}`, status: response.status, body: JSON.stringify(await response.json(), null, 2) };
    } catch (error) {
      return { method: 'GET', path: `/api/v1${path}`, status: 0, body: `The API did not answer: ${(error as Error).message}` };
    }
  }

  router.get('/dev/client', async (req, res) => {
    if (config.env === 'production') throw new NotFoundError();
    const ping = await call(req, '/ping');
    render(req, res, { title: 'Demo directory client', layout: res.locals.viewer ? 'dashboard' : 'plain', page: <DevClientPage calls={[ping]} /> });
  });

  return router;
}
