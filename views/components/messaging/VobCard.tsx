// The benefits check (VOB) a message of a Private Pay Booster lead carries (spec 3 §4 "Practice management
// and benefits tool"): what the check found, a button to run it again, the upgrade prompt once the plan's
// checks are used up, and a sample message the provider can send. The view comes ready from the server
// (the benefits-check domain builds it), so this stays a pure function of its props.
import { PostForm } from '../PostForm';
import { Button, ButtonLink } from '../ui/Button';
import { SummaryList } from '../ui/SummaryList';

export type VobCardKind = 'pending-rerun' | 'limit-reached' | 'unknown' | 'no-benefits' | 'benefits';

export interface VobCardView {
  messageId: number;
  kind: VobCardKind;
  /** What the check found, in one sentence. */
  headline: string;
  /** The insurance the check ran against, when known. */
  insuranceName: string | null;
  /** Label/value rows of a check that found benefits. */
  facts: { label: string; value: string }[];
  /** A message the provider can send the client (benefits found only). */
  sampleMessage: string | null;
  /** pending-rerun: where the Run button posts. */
  rerunAction: string | null;
  /** limit-reached: the Private Pay Booster upgrade (null when the viewer may not upgrade). */
  upgradeHref: string | null;
}

export const VOB_CARD_LABELS = {
  heading: 'Benefits check',
  rerun: 'Run benefits check',
  upgrade: 'Upgrade Private Pay Booster',
  sample: 'Sample message you can send',
  copy: 'Copy message',
  sendLink: 'Send benefits check link',
} as const;

/** Asked (with JavaScript) before the benefits-check link replaces what the composer holds. */
export const DRAFT_ERASE_WARNING =
  'Sending the benefits check link will erase the message you have drafted. Send the link anyway?';

export function VobCard({ card, returnTo }: { card: VobCardView; returnTo?: string }) {
  const headingId = `vob-${card.messageId}-heading`;
  return (
    // Flat inside the message's bubble (a box in a box in a card read one syllable a line on a phone).
    <section className="vob-card" aria-labelledby={headingId} id={`vob-${card.messageId}`} data-vob-kind={card.kind}>
      <h3 id={headingId}>
        {VOB_CARD_LABELS.heading}
        {card.insuranceName ? `: ${card.insuranceName}` : ''}
      </h3>
      <p>{card.headline}</p>
      {card.facts.length > 0 && <SummaryList rows={card.facts} />}
      {card.sampleMessage && (
        <div className="vob-card__sample">
          <p className="vob-card__sample-label" id={`${headingId}-sample`}>
            {VOB_CARD_LABELS.sample}
          </p>
          <p className="vob-card__sample-text" id={`vob-${card.messageId}-sample`}>
            {card.sampleMessage}
          </p>
          {/* Shown by the page script (islands/portal.ts): copying needs JavaScript; without it the text is selectable. */}
          <Button variant="secondary" type="button" data-copy={`vob-${card.messageId}-sample`} hidden>
            {VOB_CARD_LABELS.copy}
          </Button>
        </div>
      )}
      {card.rerunAction && (
        <PostForm action={card.rerunAction}>
          {returnTo && <input type="hidden" name="return_to" value={returnTo} />}
          <Button variant="secondary">{VOB_CARD_LABELS.rerun}</Button>
        </PostForm>
      )}
      {card.upgradeHref && (
        <p>
          <ButtonLink href={card.upgradeHref}>{VOB_CARD_LABELS.upgrade}</ButtonLink>
        </p>
      )}
    </section>
  );
}

/**
 * The composer's second submit button: posts the composer (its text as the draft) to the benefits-check
 * link route, which asks before erasing a draft when JavaScript is off. Put it inside the composer's form.
 */
export function BenefitsCheckLinkButton({ action }: { action: string }) {
  return (
    <Button variant="secondary" formAction={action} formNoValidate data-confirm={DRAFT_ERASE_WARNING}>
      {VOB_CARD_LABELS.sendLink}
    </Button>
  );
}
