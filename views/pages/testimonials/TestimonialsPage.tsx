// /testimonials, "Testimonials & Feedback" (spec 2 §2, §4): each testimonial with its author and date
// and a one-click Display / Hide (a form per row, so it works without JavaScript); private feedback
// is listed separately and never shown on the profile.
import { PostForm } from '../../components/PostForm';
import { Button } from '../../components/ui/Button';
import { Label } from '../../components/ui/Label';

export const PAGE_PATH = '/testimonials';

export interface TestimonialView {
  id: number;
  text: string;
  author: string | null;
  submittedOn: string;
  displayed: boolean;
}
export interface FeedbackView {
  id: number;
  text: string;
  submittedOn: string;
}

export function TestimonialsPage({
  testimonials,
  feedback,
}: {
  testimonials: TestimonialView[];
  feedback: FeedbackView[];
}) {
  return (
    <div className="testimonials-page">
      <section className="card" aria-labelledby="testimonials-heading">
        <h2 id="testimonials-heading">Testimonials</h2>
        <p className="hint">
          Testimonials your clients wrote. Displayed ones appear on your profile; hidden ones stay here.
        </p>
        {testimonials.length === 0 ? (
          <p className="muted">You have no testimonials yet.</p>
        ) : (
          <ul className="testimonial-list">
            {testimonials.map((t) => (
              <li key={t.id} className="testimonial" id={`testimonial-${t.id}`}>
                <blockquote>
                  <p>{t.text}</p>
                </blockquote>
                <p className="testimonial__meta">
                  {t.author ? `— ${t.author}` : '— Anonymous'}, <time dateTime={t.submittedOn}>{t.submittedOn}</time>
                </p>
                <PostForm action={`${PAGE_PATH}/${t.id}/display`} className="testimonial__display">
                  <Label state={t.displayed ? 'success' : 'neutral'}>{t.displayed ? 'Displayed' : 'Hidden'}</Label>
                  <input type="hidden" name="display_testimonial" value={t.displayed ? '0' : '1'} />
                  <Button variant="secondary">
                    {t.displayed ? 'Hide' : 'Display'}
                    <span className="visually-hidden"> the testimonial from {t.author ?? 'an anonymous client'}</span>
                  </Button>
                </PostForm>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="feedback-heading">
        <h2 id="feedback-heading">Provider Feedback</h2>
        <p className="hint">Private feedback from clients. It is only shown to you.</p>
        {feedback.length === 0 ? (
          <p className="muted">You have no feedback yet.</p>
        ) : (
          <ul className="feedback-list">
            {feedback.map((f) => (
              <li key={f.id} className="feedback">
                <p>{f.text}</p>
                <p className="testimonial__meta">
                  <time dateTime={f.submittedOn}>{f.submittedOn}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
