// Side menu and profile menu per role and provider type (spec 1 §2, §6).
import assert from 'node:assert/strict';
import { ReadCache } from '../../../server/db/read-cache';
import { createThrottles, type ProviderSummary, type Viewer } from '../../../server/domain/accounts';
import { featureRouters } from '../../../server/features';
import { EventStreams } from '../../../server/http/event-stream';
import { Menu } from '../../../server/http/menu';
import { buildNavigation, publicProfileUrl } from '../../../server/http/navigation';
import { UploadForms } from '../../../server/http/uploads';
import { ctx } from '../../support/context';

const provider = (overrides: Partial<ProviderSummary> = {}): ProviderSummary => ({
  id: 7,
  accountId: 1,
  type: 'individual',
  status: 'active',
  firstName: 'Dana',
  lastName: 'Rivera',
  companyName: null,
  displayName: 'Dana Rivera',
  slug: 'dana-rivera',
  hasPaidPlan: true,
  hasVideos: false,
  hasCalendar: false,
  timezone: 'UTC',
  unreadMessageCount: 0,
  ...overrides,
});
const viewer = (p: ProviderSummary | null, roles: string[] = ['owner'], count = 1): Viewer => ({
  user: {
    id: 1,
    email: 'a@b.co',
    firstName: 'Dana',
    lastName: 'Rivera',
    displayName: 'Dana Rivera',
    scopes: ['provider'],
    twoFactorEnrolled: false,
  },
  roles: roles.map((role) => ({ accountId: 1, role })),
  providers: Array.from({ length: count }, (_, i) => provider({ id: i + 1 })),
  provider: p,
});
// The menu as the features register it, with the directory at https://dir.example.
let menu: Menu;
before(() => {
  const { db, integrations, changes } = ctx();
  menu = new Menu();
  featureRouters({
    db,
    integrations,
    config: { ...ctx().config, publicProfileBaseUrl: 'https://dir.example' },
    reads: new ReadCache(changes, { maxEntries: 10, freeze: true }),
    throttles: createThrottles(db),
    uploads: new UploadForms(),
    menu,
    channels: changes,
    streams: new EventStreams(db, changes),
  });
});
const labels = (v: Viewer) =>
  buildNavigation(v, menu).sideMenu.flatMap((s) => [s.label, ...s.items.map((i) => i.label)]);

describe('navigation', () => {
  it('View Profile appears only for active, reviewing or pending, opening the public URL in a new tab', () => {
    for (const status of ['active', 'reviewing', 'pending'] as const)
      assert.ok(labels(viewer(provider({ status }))).includes('View Profile'), status);
    for (const status of ['incomplete', 'inactive', 'locked'] as const)
      assert.ok(!labels(viewer(provider({ status }))).includes('View Profile'), status);
    const section = buildNavigation(viewer(provider()), menu).sideMenu.find((s) => s.label === 'View Profile');
    assert.equal(section?.href, 'https://dir.example/therapists/dana-rivera');
    assert.equal(section?.external, true);
  });

  it('individual and practice public URLs differ', () => {
    assert.equal(publicProfileUrl('https://d', { type: 'practice', slug: 'calm', id: 1 }), 'https://d/practices/calm');
    assert.equal(
      publicProfileUrl('https://d', { type: 'individual', slug: 'dana', id: 1 }),
      'https://d/therapists/dana',
    );
  });

  it('practices see Practice Providers and Practice Description; individuals Education & Employment and Statement & Message', () => {
    const practice = labels(viewer(provider({ type: 'practice' })));
    assert.ok(practice.includes('Practice Providers') && practice.includes('Practice Description'));
    assert.ok(!practice.includes('Education & Employment'));
    const individual = labels(viewer(provider()));
    assert.ok(individual.includes('Education & Employment') && individual.includes('Statement & Message'));
    assert.ok(!individual.includes('Practice Providers'));
  });

  it('locks member pages without a paid plan, except photo licensing, fee calculator, contact and help desk', () => {
    const items = buildNavigation(viewer(provider({ hasPaidPlan: false })), menu).sideMenu.flatMap((s) => s.items);
    const locked = new Set(items.filter((i) => i.locked).map((i) => i.href));
    for (const href of ['/benefits/web-badge', '/tips/membership', '/listserv', '/refer-and-earn'])
      assert.ok(locked.has(href), href);
    for (const href of ['/benefits/photo-licensing', '/fee-calculator', '/contact', '/help-desk'])
      assert.ok(!locked.has(href), href);
    const paid = buildNavigation(viewer(provider()), menu).sideMenu.flatMap((s) => s.items);
    assert.ok(paid.every((i) => !i.locked));
  });

  it('Video Embedding only with videos; Call Calendar and client list only with a calendar', () => {
    assert.ok(!labels(viewer(provider())).includes('Video Embedding'));
    assert.ok(labels(viewer(provider({ hasVideos: true }))).includes('Video Embedding'));
    const hrefs = (p: ProviderSummary) =>
      buildNavigation(viewer(p), menu).sideMenu.flatMap((s) => s.items.map((i) => i.href));
    assert.ok(hrefs(provider()).includes('/client-referrals') && !hrefs(provider()).includes('/calendar'));
    assert.ok(
      hrefs(provider({ hasCalendar: true })).includes('/client-list') &&
        hrefs(provider({ hasCalendar: true })).includes('/calendar'),
    );
  });

  it('the profile menu follows roles', () => {
    const profileMenu = (v: Viewer) => buildNavigation(v, menu).profileMenu.map((i) => i.label);
    assert.deepEqual(profileMenu(viewer(provider(), ['owner'])), [
      'Practice Management',
      'Account Settings',
      'Create New Profile',
      'Plan Management',
      'Team',
      'Who Read What',
      'Referral Funnel',
    ]);
    assert.deepEqual(profileMenu(viewer(provider(), ['intake-coordinator', 'intake-exporter'], 2)), [
      'Account Settings',
      'Switch Profile',
      'Referral Data',
      'Practice Inbox',
    ]);
  });

  it("the daily tools a viewer's roles give are in the side menu too: the inbox, its saved replies and the export under Client Referrals; Practice and Plan Management, Team, Who Read What and Referral Funnel under Your Practice", () => {
    const sections = (v: Viewer) =>
      Object.fromEntries(buildNavigation(v, menu).sideMenu.map((s) => [s.label, s.items.map((i) => i.label)]));
    const owner = sections(viewer(provider(), ['owner']));
    assert.deepEqual(owner['Your Practice'], [
      'Practice Management',
      'Plan Management',
      'Team',
      'Who Read What',
      'Referral Funnel',
    ]);
    assert.ok(!owner['Client Referrals']?.includes('Practice Inbox'));
    const coordinator = sections(viewer(provider(), ['intake-coordinator', 'intake-exporter'], 2));
    assert.deepEqual(coordinator['Client Referrals']?.slice(-3), ['Practice Inbox', 'Saved Replies', 'Referral Data']);
    assert.equal(coordinator['Your Practice'], undefined, 'no section without an entry');
  });

  it('Account Benefits and Practice Resources are one group, Resources; the other sections are in none', () => {
    const groups = buildNavigation(viewer(provider()), menu).sideMenu.map((s) => [s.label, s.group ?? null]);
    assert.deepEqual(
      groups.filter(([, group]) => group),
      [
        ['Account Benefits', 'Resources'],
        ['Practice Resources', 'Resources'],
      ],
    );
    assert.ok(groups.some(([label, group]) => label === 'Support' && group === null));
  });

  it('a visitor has no menus', () => {
    assert.deepEqual(buildNavigation(undefined, menu), { sideMenu: [], profileMenu: [] });
  });
});
