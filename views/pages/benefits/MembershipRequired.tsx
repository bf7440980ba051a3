import { ButtonLink } from '../../components/ui/Button';

// Shown instead of a benefit or tips page when the profile has no paid plan (spec 1 §2, spec 2 §2, §6).

export const ACTIVATE_MESSAGE = 'please activate your membership';

export function MembershipRequired() {
  return (
    <section className="card membership-required" aria-labelledby="membership-required-heading">
      <h2 id="membership-required-heading">This page is part of your membership</h2>
      <p>
        Account benefits and practice resources are included with an active membership. To use this page,{' '}
        {ACTIVATE_MESSAGE}.
      </p>
      <p>
        <ButtonLink variant="primary" href="/plan-management">
          Activate your membership
        </ButtonLink>
      </p>
      <p className="hint">
        Still open to you without a membership: <a href="/benefits/photo-licensing">Photo Licensing</a>,{' '}
        <a href="/fee-calculator">Fee Calculator</a>, <a href="/help-desk">Help Desk</a> and{' '}
        <a href="/contact">Contact us</a>.
      </p>
    </section>
  );
}
