// /testimonials (spec 2 §2 "Profile pages", §4 "Testimonial display", §7 Feedback calls): the page and
// one post per testimonial row that switches its display at once.
import { Router, type Request, type Response } from 'express';
import { NotFoundError } from '../../lib/errors';
import { flash } from '../../http/flash';
import { formPost } from '../../http/form-post';
import { requireSelectedProfile } from '../../http/profile-editing';
import { render } from '../../http/render';
import { PAGE_PATH, TestimonialsPage } from '../../../views/pages/testimonials/TestimonialsPage';
import * as service from './service';
import type { FeatureDeps } from '../deps';

const dateOf = (value: Date) => value.toISOString().slice(0, 10);

export function testimonialRoutes({ db, menu }: FeatureDeps): Router {
  const router = Router();
  menu.add({ menu: 'edit-profile', order: 90, label: 'Testimonials & Feedback', href: '/testimonials' });

  async function show(req: Request, res: Response, status = 200) {
    const { testimonials, feedback } = await service.loadPage(db, res.locals.viewer!);
    render(req, res, {
      title: 'Testimonials & Feedback',
      status,
      page: (
        <TestimonialsPage
          testimonials={testimonials.map((t) => ({
            id: t.id,
            text: t.body,
            author: t.author,
            submittedOn: dateOf(t.submitted_at),
            displayed: t.display_testimonial,
          }))}
          feedback={feedback.map((f) => ({ id: f.id, text: f.body, submittedOn: dateOf(f.submitted_at) }))}
        />
      ),
    });
  }

  router.get(PAGE_PATH, ...requireSelectedProfile, (req, res) => show(req, res));

  router.post(
    `${PAGE_PATH}/:testimonialId/display`,
    ...requireSelectedProfile,
    formPost(
      service.TESTIMONIAL_MESSAGES.error,
      (req, res, errors, status) => {
        // A refused value has no field to sit next to: the spec's error is a flash.
        if (Object.keys(errors).length > 0) flash(req, 'error', service.TESTIMONIAL_MESSAGES.error);
        return show(req, res, status);
      },
      async (req, res) => {
        const id = Number(req.params.testimonialId);
        if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError();
        const displayed = await service.setDisplay(db, res.locals.viewer!, id, req.body?.display_testimonial);
        flash(req, 'success', displayed ? service.TESTIMONIAL_MESSAGES.displayed : service.TESTIMONIAL_MESSAGES.hidden);
        res.redirect(303, `${PAGE_PATH}#testimonial-${id}`);
      },
    ),
  );

  return router;
}
