// /benefits/photo-videoshoot/{type}: the option's embedded scheduling page (spec 2 §2).
import { EmbeddedFrame } from '../../components/ui/EmbeddedFrame';
import { Icon } from '../../components/Icon';

export function PhotoVideoshootTypePage({
  label,
  description,
  schedulingUrl,
}: {
  label: string;
  description: string;
  schedulingUrl: string;
}) {
  return (
    <div className="benefit-page">
      <p>
        <a href="/benefits/photo-videoshoot">
          <Icon name="arrow-left" /> All photo &amp; video shoot options
        </a>
      </p>
      <section className="card" aria-labelledby="option-heading">
        <h2 id="option-heading">{label}</h2>
        <p>{description}</p>
        <p className="hint">Pick a time that suits you below; you will receive a confirmation by e-mail.</p>
        <EmbeddedFrame src={schedulingUrl} title={`${label} scheduling`} />
      </section>
    </div>
  );
}
