// /fee-calculator (spec 1 §2): the embedded fee calculator. Open without a membership.
import { EmbeddedFrame } from '../../components/ui/EmbeddedFrame';

export function FeeCalculatorPage({ src }: { src: string }) {
  return (
    <div className="tips-page">
      <section className="card" aria-labelledby="calc-heading">
        <h2 id="calc-heading">Work out a sustainable session fee</h2>
        <p>
          Enter the income you want, the weeks you work, your caseload and your costs (rent, insurance, supervision,
          continuing education, taxes), and the calculator shows the fee per session that gets you there. Compare it
          with the fees in <a href="/profile/insurance-fees">Insurance &amp; Fees</a>.
        </p>
        <EmbeddedFrame src={src} title="Fee calculator" />
      </section>
    </div>
  );
}
