// The frame around every wizard step: the progress indicator (Create Account → … → Go Live), the step
// indicator, a testimonial from a provider, and the Exit button (remembered per profile).
import type { ReactNode } from 'react';
import { PostForm } from '../../components/PostForm';
import { Button } from '../../components/ui/Button';

export type WizardStepName = 'locations' | 'about-you' | 'your-practice' | 'photos' | 'go-live';

const STEPS: { key: 'create-account' | WizardStepName; label: string }[] = [
  { key: 'create-account', label: 'Create Account' },
  { key: 'locations', label: 'Locations' },
  { key: 'about-you', label: 'About You' },
  { key: 'your-practice', label: 'Your Practice' },
  { key: 'photos', label: 'Photos' },
  { key: 'go-live', label: 'Go Live' },
];

/** One short word from a provider per step (spec 1 §2: testimonial callouts per step). */
export const TESTIMONIALS: Record<WizardStepName, { quote: string; author: string }> = {
  locations: {
    quote: 'Listing the states where I see clients online doubled the inquiries I got in my first month.',
    author: 'Renee K., LCSW, Oregon',
  },
  'about-you': {
    quote: 'Clients tell me they chose me because my profile showed exactly who I am and how I work.',
    author: 'Marcus T., PsyD, Illinois',
  },
  'your-practice': {
    quote: 'Being clear about my fees and specialties means the people who reach out are a great fit.',
    author: 'Priya S., LMFT, California',
  },
  photos: {
    quote: 'A warm, colorful headshot made a real difference: my profile views went up right away.',
    author: 'Daniel O., LPC, Texas',
  },
  'go-live': {
    quote: 'Going live took a minute, and my first referral arrived that same week.',
    author: 'Hannah W., PhD, New York',
  },
};

/** Which steps the profile has done (server/domain/providers/completion.ts); Create Account always is. */
export type WizardProgress = Partial<Record<WizardStepName, boolean>>;

export function WizardFrame({
  step,
  providerId,
  progress = {},
  children,
}: {
  step: WizardStepName;
  providerId: number;
  progress?: WizardProgress;
  children: ReactNode;
}) {
  const current = STEPS.findIndex((s) => s.key === step);
  const testimonial = TESTIMONIALS[step];
  return (
    <div className="wizard">
      <nav aria-label="Sign-up progress">
        <ol className="wizard-progress">
          {STEPS.map((s, index) => {
            const done = s.key === 'create-account' || Boolean(progress[s.key]);
            return (
              <li
                key={s.key}
                className={index === current ? 'is-current' : done ? 'is-done' : undefined}
                aria-current={index === current ? 'step' : undefined}
              >
                {s.label}
                {done && <span className="visually-hidden"> (done)</span>}
              </li>
            );
          })}
        </ol>
      </nav>
      <p className="wizard-step">{`Step ${current + 1} of ${STEPS.length}: ${STEPS[current]!.label}`}</p>
      <div className="wizard-body">
        <div className="wizard-main">{children}</div>
        <aside className="wizard-testimonial" aria-label="What providers say">
          <blockquote>
            <p>{`“${testimonial.quote}”`}</p>
            <footer>{testimonial.author}</footer>
          </blockquote>
        </aside>
      </div>
      <PostForm action={`/profiles/${providerId}/wizard-exit`} className="wizard-exit">
        <Button variant="link">Exit</Button>
        <span className="hint"> You can come back to this step any time.</span>
      </PostForm>
    </div>
  );
}

/** Title of the wizard pages (spec 1 §2: "Complete {name}'s profile"). */
export const completeTitle = (name: string) => `Complete ${name}'s profile`;
