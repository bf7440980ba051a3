// /contact (the Contact Us form, spec 1 §2, §7) and /help-desk (the embedded help page). Both are open
// without a paid membership; they only need a signed-in user.
import { Router, type Request, type Response } from 'express';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { requireSignIn } from '../../http/guards';
import { render } from '../../http/render';
import { allowFramesFrom } from '../../http/security';
import { ContactPage, type ContactValues } from '../../../views/pages/contact/ContactPage';
import { HelpDeskPage } from '../../../views/pages/contact/HelpDeskPage';
import * as service from './service';
import { CONTACT_MESSAGES, MAX_MESSAGE } from './validation';
import { text } from '../../lib/form';
import type { FeatureDeps } from '../deps';

export const CONTACT_PATH = '/contact';

export function contactRoutes({ db, config, integrations, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add(
    { menu: 'support', order: 10, label: 'Help Desk', href: '/help-desk' },
    { menu: 'support', order: 20, label: 'Contact Us', href: '/contact' },
  );
  // Read at request time, so a test can put a failing marketing form in its place.
  const marketingForm = () => integrations.marketingForm;

  function show(req: Request, res: Response, errors: Record<string, string> = {}, status = 200) {
    const user = res.locals.viewer!.user;
    const body = (req.method === 'POST' ? (req.body ?? {}) : null) as Record<string, unknown> | null;
    // A first visit is filled in from the account; a refused post keeps exactly what was typed.
    const values: ContactValues = body
      ? {
          firstname: text(body.firstname),
          lastname: text(body.lastname),
          email: text(body.email),
          message: text(body.message),
        }
      : { firstname: user.firstName ?? '', lastname: user.lastName ?? '', email: user.email, message: '' };
    render(req, res, {
      title: 'Contact Us',
      status,
      page: (
        <ContactPage
          action={CONTACT_PATH}
          values={values}
          errors={errors}
          supportEmail={config.supportEmail}
          maxMessage={MAX_MESSAGE}
        />
      ),
    });
  }

  router.get(CONTACT_PATH, requireSignIn, (req, res) => show(req, res));

  router.post(
    CONTACT_PATH,
    requireSignIn,
    formPost(CONTACT_MESSAGES.error, show, async (req, res) => {
      await service.sendContactMessage(db, marketingForm(), res.locals.viewer!, req.body);
      flash(req, 'success', CONTACT_MESSAGES.sent);
      res.redirect(303, CONTACT_PATH);
    }),
  );

  router.get('/help-desk', requireSignIn, allowFramesFrom([config.embeds.helpDesk]), (req, res) => {
    render(req, res, {
      title: 'Help Desk',
      page: <HelpDeskPage src={config.embeds.helpDesk} supportEmail={config.supportEmail} />,
    });
  });

  return router;
}
