// / : the signed-in home (spec 2 §2). Either the onboarding screen (reviewing or incomplete profile with
// nothing left but Start membership) or the dashboard: checklist, action cards, the active profile's
// widgets, announcements and blog posts; ?id= adds the appointment panel. Cards are plain form posts.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AppointmentPanel, type AppointmentPanelView } from '../../components/AppointmentPanel';
import { AddOnButtons, type AddOnButtonsView } from '../../components/AddOnButtons';
import { PostForm } from '../../components/PostForm';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Label } from '../../components/ui/Label';
import { Notice } from '../../components/ui/Notice';
import { FunnelCard, type FunnelChartView, type FunnelRowView } from '../../components/ReferralFunnel';

export interface ChecklistEntry {
  key: string;
  label: string;
  href: string;
}

export interface ActionCardView {
  name: string;
  title: string;
  text: string;
  linkLabel: string;
  dismissable: boolean;
}

export interface AppointmentDayView {
  label: 'Today' | 'Tomorrow';
  date: string;
  appointments: { id: number; time: string; clientName: string; requested: boolean }[];
}

export interface DashboardViewModel {
  providerId: number;
  greeting: string;
  name: string;
  status: string;
  type: 'individual' | 'practice';
  onboarding: boolean;
  /** Unmet checklist items, or null when the card is not shown. */
  checklist: ChecklistEntry[] | null;
  cards: ActionCardView[];
  /** Active profiles only. */
  widgets: {
    unread: { count: number; conversations: { clientUserId: number; clientName: string }[] };
    upcoming: AppointmentDayView[];
    /** The practice-management booking page that replaces the calendar, when it applies. */
    bookingLink: string | null;
  } | null;
  appointment: AppointmentPanelView | null;
}

type AnnouncementView = { date: string; title: string; text: string; href?: string; linkLabel?: string };
type BlogPostView = { title: string; summary: string; href: string };

/** The announcements and blog-post sections, as HTML inside their <section>s (see prerenderSections). */
export interface PrerenderedSections {
  announcements: string | null;
  announcementCount: number;
  blogPosts: string;
}

export interface DashboardPageProps {
  view: DashboardViewModel;
  sections: PrerenderedSections;
  /** The add-ons' call-to-action buttons (Practice Management, Private Pay Booster), when any applies. */
  addOns?: AddOnButtonsView | null;
  /** What each membership whose payment failed owes, and when the card is tried again (billing people only). */
  paymentDue?: string[];
  /** Whether the profile has a paid membership (the viewer's summary says so; no query). */
  membershipActive?: boolean;
  /** The referral funnel of the last months (active profiles), and the owners' page of every profile's. */
  funnel?: {
    chart: FunnelChartView;
    rows: FunnelRowView[];
    timeZoneLabel: string;
    practiceHref: string | null;
  } | null;
}

/**
 * The announcements and blog posts are the same for every provider, so the route renders them once
 * (outside any page render) and each dashboard only inserts the HTML: a sixth of the page's elements.
 */
export function prerenderSections(
  announcements: readonly AnnouncementView[],
  blogPosts: readonly BlogPostView[],
): PrerenderedSections {
  return {
    announcements: announcements.length ? renderToStaticMarkup(<AnnouncementsContent items={announcements} />) : null,
    announcementCount: announcements.length,
    blogPosts: renderToStaticMarkup(<BlogPostsContent posts={blogPosts} />),
  };
}

export function DashboardPage({
  view,
  sections,
  addOns = null,
  paymentDue = [],
  membershipActive = false,
  funnel = null,
}: DashboardPageProps) {
  return (
    <div className="dashboard">
      <p className="lead">{`${view.greeting}, ${view.name}!`}</p>
      {!view.onboarding && <AttentionSummary view={view} paymentDue={paymentDue} membershipActive={membershipActive} />}
      {view.onboarding && paymentDue.length > 0 && <PaymentDue sentences={paymentDue} />}
      {view.appointment && (
        <AppointmentPanel
          appointment={view.appointment}
          returnTo={`/?id=${view.appointment.id}`}
          closeHref="/"
          actions={<ButtonLink href={`/calendar?id=${view.appointment.id}`}>Open in calendar</ButtonLink>}
        />
      )}
      {view.onboarding ? (
        <OnboardingScreen view={view} />
      ) : (
        <>
          {view.checklist && <Checklist items={view.checklist} />}
          {view.widgets && (
            <div className="dashboard__widgets">
              <UnreadMessages unread={view.widgets.unread} />
              {view.widgets.bookingLink ? (
                <BookingLinkWidget href={view.widgets.bookingLink} />
              ) : (
                <UpcomingConsultations days={view.widgets.upcoming} />
              )}
            </div>
          )}
          {funnel && (
            <FunnelCard
              chart={funnel.chart}
              rows={funnel.rows}
              timeZoneLabel={funnel.timeZoneLabel}
              practiceHref={funnel.practiceHref}
            />
          )}
          {view.cards.length > 0 && <ActionCards providerId={view.providerId} cards={view.cards} />}
          {addOns && (addOns.practiceManagement || addOns.privatePayBooster) && (
            <section className="card" aria-labelledby="add-ons-heading">
              <h2 id="add-ons-heading">Add-ons</h2>
              <p>
                Practice management (an EHR) and Private Pay Booster, the benefits-verification tool, work with your
                membership.
              </p>
              <AddOnButtons buttons={addOns} />
            </section>
          )}
          {sections.announcements !== null && (
            // Folded away: news is read once, and on a phone it was more than half of the page.
            <details className="card announcements-group">
              <summary>
                <h2 id="announcements-heading">{`Announcements (${sections.announcementCount})`}</h2>
              </summary>
              <div
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the static dashboard content of server/features/dashboard/content.ts, written by us
                dangerouslySetInnerHTML={{ __html: sections.announcements }}
              />
            </details>
          )}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the static dashboard content of server/features/dashboard/content.ts, written by us */}
          <section aria-labelledby="blog-heading" dangerouslySetInnerHTML={{ __html: sections.blogPosts }} />
        </>
      )}
    </div>
  );
}

const PROFILE_STATES: Record<string, string> = {
  active: 'Live',
  reviewing: 'Ready to go live',
  pending: 'Pending review',
  incomplete: 'Incomplete',
  inactive: 'Inactive',
  locked: 'Locked',
};

function PaymentDue({ sentences }: { sentences: string[] }) {
  return (
    <Notice tone="warning" title="Payment due">
      {sentences.map((sentence) => (
        <p key={sentence}>{sentence}</p>
      ))}
      <p>
        <a href="/plan-management#owed-payments">Pay now on Plan Management</a>
      </p>
    </Notice>
  );
}

/**
 * First on the page ([21] "Dashboard"): the profile's and the membership's state, then what needs the
 * provider now (a payment due, unread conversations, today's consultations, checklist items), each a link.
 * Built from what the page already has: no query of its own.
 */
function AttentionSummary({
  view,
  paymentDue,
  membershipActive,
}: {
  view: DashboardViewModel;
  paymentDue: string[];
  membershipActive: boolean;
}) {
  const unread = view.widgets?.unread.count ?? 0;
  const today = view.widgets?.upcoming.find((day) => day.label === 'Today')?.appointments.length ?? 0;
  const unfinished = view.checklist?.filter((item) => item.key !== 'start-membership').length ?? 0;
  const items: { key: string; link: ReactNode }[] = [];
  if (unread > 0)
    items.push({
      key: 'unread',
      link: <a href="/messages">{unread === 1 ? '1 unread conversation' : `${unread} unread conversations`}</a>,
    });
  if (today > 0)
    items.push({
      key: 'today',
      link: <a href="/calendar">{today === 1 ? '1 phone consultation today' : `${today} phone consultations today`}</a>,
    });
  if (unfinished > 0)
    items.push({
      key: 'checklist',
      link: (
        <a href="#checklist-heading">
          {unfinished === 1 ? '1 profile item to finish' : `${unfinished} profile items to finish`}
        </a>
      ),
    });
  return (
    <section className="card attention" aria-labelledby="attention-heading">
      <h2 id="attention-heading" className="visually-hidden">
        At a glance
      </h2>
      <dl className="attention__states">
        <div>
          <dt>Profile</dt>
          <dd>{PROFILE_STATES[view.status] ?? view.status}</dd>
        </div>
        <div>
          <dt>Membership</dt>
          <dd>
            {membershipActive ? (
              'Active'
            ) : (
              <>
                None
                {view.checklist?.some((item) => item.key === 'start-membership') && (
                  <>
                    {' '}
                    <a href={`/profiles/pay-for/${view.providerId}`}>Start membership</a>
                  </>
                )}
              </>
            )}
          </dd>
        </div>
      </dl>
      {paymentDue.length > 0 && <PaymentDue sentences={paymentDue} />}
      {items.length > 0 ? (
        <ul className="attention__items">
          {items.map((item) => (
            <li key={item.key}>{item.link}</li>
          ))}
        </ul>
      ) : (
        paymentDue.length === 0 && <p className="attention__none">Nothing needs your attention.</p>
      )}
    </section>
  );
}

function OnboardingScreen({ view }: { view: DashboardViewModel }) {
  const needsMembership = Boolean(view.checklist?.some((item) => item.key === 'start-membership'));
  const subject = view.type === 'practice' ? "Your practice's profile" : 'Your profile';
  return (
    <section className="card onboarding-screen" aria-labelledby="onboarding-heading">
      <h2 id="onboarding-heading">Welcome! You are almost live</h2>
      <ol className="onboarding-screen__steps">
        <li>
          <strong>Complete your profile</strong> <Label state="success">Done</Label>
        </li>
        <li>
          <strong>Start your membership</strong>{' '}
          {needsMembership ? (
            <>
              <span>Start your membership so clients can find you in the directory.</span>{' '}
              <ButtonLink variant="primary" href={`/profiles/pay-for/${view.providerId}`}>
                Start membership
              </ButtonLink>
            </>
          ) : (
            <Label state="success">Done</Label>
          )}
        </li>
        <li>
          <strong>Go live</strong>{' '}
          {view.status === 'reviewing' ? (
            <span>{`${subject} is ready to go live! Review it, then make it live.`}</span>
          ) : (
            <span>{`${subject} goes live once it is reviewed.`}</span>
          )}{' '}
          {!needsMembership && (
            <ButtonLink variant="primary" href={`/profiles/go-live-for/${view.providerId}`}>
              Go live
            </ButtonLink>
          )}
        </li>
      </ol>
      <p>
        Questions? <a href="/contact">Contact us</a> and we will help you get set up.
      </p>
    </section>
  );
}

function Checklist({ items }: { items: ChecklistEntry[] }) {
  return (
    <section className="card checklist" aria-labelledby="checklist-heading">
      <h2 id="checklist-heading">Profile checklist</h2>
      <p>Complete these items to get your profile ready for clients:</p>
      <ul className="checklist__items">
        {items.map((item) => (
          <li key={item.key}>
            <a href={item.href}>{item.label}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ActionCards({ providerId, cards }: { providerId: number; cards: ActionCardView[] }) {
  const action = `/event/${providerId}/log-event`;
  return (
    <section aria-labelledby="cards-heading">
      <h2 id="cards-heading">Next steps</h2>
      <ul className="action-cards">
        {cards.map((card) => (
          <li key={card.name} className="card action-card" data-card={card.name}>
            {/* The card's header holds its Dismiss, in the same place on every card. */}
            <div className="card-header">
              <h3>{card.title}</h3>
              {card.dismissable && (
                <PostForm action={action}>
                  <CardFields card={card.name} action="dismiss_cta" />
                  <Button variant="link">
                    Dismiss<span className="visually-hidden">{`: ${card.title}`}</span>
                  </Button>
                </PostForm>
              )}
            </div>
            <p>{card.text}</p>
            <PostForm action={action}>
              <CardFields card={card.name} action="follow_cta_link" />
              {/* Secondary: the page's actions are many and equal; none is the one main action. */}
              <Button variant="secondary">{card.linkLabel}</Button>
            </PostForm>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CardFields({ card, action }: { card: string; action: string }) {
  return (
    <>
      <input type="hidden" name="type" value="therapist_portal_cta_event" />
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="card_name" value={card} />
    </>
  );
}

function UnreadMessages({ unread }: { unread: NonNullable<DashboardViewModel['widgets']>['unread'] }) {
  return (
    <section className="card widget" aria-labelledby="unread-heading">
      <h2 id="unread-heading">Unread messages</h2>
      {unread.count === 0 ? (
        <p>You have no unread messages.</p>
      ) : (
        <>
          <p>
            {unread.count === 1 ? 'You have 1 unread conversation.' : `You have ${unread.count} unread conversations.`}
          </p>
          <ul className="widget__list">
            {unread.conversations.map((c) => (
              <li key={c.clientUserId}>
                <a href={`/messages/${c.clientUserId}`}>{c.clientName}</a>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="link-row">
        <a href="/messages">Go to messages</a>
      </p>
    </section>
  );
}

/** With an active practice-management booking link, clients book there: the widget shows it instead. */
function BookingLinkWidget({ href }: { href: string }) {
  return (
    <section className="card widget" aria-labelledby="booking-link-heading">
      <h2 id="booking-link-heading">Your booking link</h2>
      <p>Clients book phone consultations with you through your practice management booking page:</p>
      <p>
        <a href={href}>{href}</a>
      </p>
      <div className="actions">
        <ButtonLink href="/calendar">See calendar</ButtonLink>
        <PostForm action="/calendar/booking-link/hide">
          <Button variant="secondary">Hide link</Button>
        </PostForm>
      </div>
    </section>
  );
}

function UpcomingConsultations({ days }: { days: AppointmentDayView[] }) {
  return (
    <section className="card widget" aria-labelledby="upcoming-heading">
      <h2 id="upcoming-heading">Upcoming phone consultations</h2>
      {days.length === 0 && <p>You have no phone consultations in the next 2 days.</p>}
      {days.map((day) => (
        <div key={day.label} className="widget__day">
          <h3>
            {day.label} <span className="widget__date">{day.date}</span>
          </h3>
          <ul className="widget__list">
            {day.appointments.map((a) => (
              <li key={a.id}>
                <span className="widget__time">{a.time}</span> {a.clientName}{' '}
                {a.requested && (
                  <>
                    <Label state="attention">Request: awaiting your answer</Label>{' '}
                  </>
                )}
                <a href={`/?id=${a.id}#appointment`}>
                  View details<span className="visually-hidden">{` of the call with ${a.clientName}`}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className="link-row">
        <a href="/calendar">View all</a>
      </p>
    </section>
  );
}

function AnnouncementsContent({ items }: { items: readonly AnnouncementView[] }) {
  return (
    <ul className="announcements">
      {items.map((item) => (
        <li key={item.title} className="card">
          <h3>{item.title}</h3>
          <p className="hint">
            <time dateTime={item.date}>{formatDay(item.date)}</time>
          </p>
          <p>{item.text}</p>
          {item.href && (
            <p>
              <a href={item.href}>{item.linkLabel ?? 'Read more'}</a>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function BlogPostsContent({ posts }: { posts: readonly BlogPostView[] }) {
  return (
    <>
      <h2 id="blog-heading">From the blog</h2>
      <ul className="blog-posts">
        {posts.map((post) => (
          <li key={post.href} className="card">
            <h3>
              <a href={post.href} target="_blank" rel="noopener">
                {post.title}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </h3>
            <p>{post.summary}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

// One formatter for every render: toLocaleDateString builds a new one per call, which costs more than the rest of the page.
const DAY_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const formatDay = (isoDate: string) => DAY_FORMAT.format(new Date(`${isoDate}T12:00:00Z`));

export function NoProfilePage() {
  return (
    <div className="card">
      <p>You do not have access to this part of the Members Portal</p>
      <p>
        <a href="/contact">Contact support</a> if you think this is wrong.
      </p>
    </div>
  );
}
