// /benefits/photo-videoshoot (spec 2 §2 "Photo-shoot chooser"): the five options, each opening
// /benefits/photo-videoshoot/{type} with its scheduling page.

import { formatMoney } from '../../components/format';
import { ButtonLink } from '../../components/ui/Button';
import { DataTable } from '../../components/ui/DataTable';

export interface PhotoShootOptionView {
  type: string;
  label: string;
  description: string;
  href: string;
}
export interface ShootPriceView {
  label: string;
  amount: number;
  href: string;
}

export function PhotoVideoshootPage({
  options,
  shoots,
}: {
  options: PhotoShootOptionView[];
  shoots: ShootPriceView[];
}) {
  return (
    <div className="benefit-page">
      <section className="card" aria-labelledby="why-heading">
        <h2 id="why-heading">Professional photos and video for your profile</h2>
        <p>
          Clients choose a therapist they feel comfortable with, and a warm, professional photo and a short video
          introduction are the quickest way to show who you are. Profiles with a professional photo and a video receive
          noticeably more messages and consultation requests.
        </p>
        <p>
          When your photos are ready we add them to your profile for you. You can also use them on your website and
          social media: see <a href="/benefits/photo-licensing">Photo Licensing</a>.
        </p>
      </section>
      <section className="card" aria-labelledby="options-heading">
        <h2 id="options-heading">What would you like to do?</h2>
        <ul className="option-list">
          {options.map((o) => (
            <li key={o.type} className="option-list__item">
              <h3>
                <a href={o.href}>{o.label}</a>
              </h3>
              <p>{o.description}</p>
            </li>
          ))}
        </ul>
      </section>
      {shoots.length > 0 && (
        <section className="card" aria-labelledby="prices-heading">
          <h2 id="prices-heading">Prices</h2>
          <p>Shoots are paid once, at checkout; we then write to you to book the date.</p>
          <DataTable
            caption="Photo and video shoot prices"
            rows={shoots}
            rowKey={(s) => s.href}
            columns={[
              { heading: 'Shoot', cell: (s) => s.label },
              { heading: 'Price', cell: (s) => formatMoney(s.amount) },
              {
                heading: 'Buy',
                hidden: true,
                cell: (s) => (
                  <ButtonLink href={s.href}>
                    Buy<span className="visually-hidden">{` ${s.label}`}</span>
                  </ButtonLink>
                ),
              },
            ]}
          />
        </section>
      )}
      <section className="card" aria-labelledby="prepare-heading">
        <h2 id="prepare-heading">Getting ready</h2>
        <ul>
          <li>Wear solid colours you feel good in; avoid busy patterns and logos.</li>
          <li>Tidy the room you see clients in: it is part of the story your photos tell.</li>
          <li>
            For the video, think of two or three sentences about who you help and how: what a first session with you
            feels like.
          </li>
          <li>
            For a remote shoot, sit facing a window in daylight and use a phone or camera on a stand at eye level.
          </li>
        </ul>
      </section>
    </div>
  );
}
