// Benefit and tips pages (spec 1 §2, spec 2 §2 "Benefit and tips pages", §6, §9): the membership gate of
// every page, each page's content, the embedded pages from settings with their frame-src, the web
// badge, video embed codes, provider community boxes and the referral link.
import assert from 'node:assert/strict';
import supertest from 'supertest';
import { createApp } from '../../server/app';
import { createPortalIntegrations } from '../../server/wiring';
import { publicProfileUrl } from '../../server/http/navigation';
import { createLogger } from '../../server/logger';
import { ConfigError, loadConfig } from '../../server/config';
import { ctx, testConfig } from '../support/context';
import { createProviderUser } from '../support/factories';
import { agent, mainTextOf, signIn, textOf } from '../support/http';

const ACTIVATE = 'please activate your membership';

/** Pages behind the paid plan, each with a phrase only its real content has. */
const GATED: Array<[string, RegExp]> = [
  ['/benefits/web-badge', /Your member badge/],
  ['/benefits/photo-videoshoot', /What would you like to do\?/],
  ['/benefits/photo-videoshoot/reshoot', /Book a reshoot/],
  ['/benefits/blog-features', /Get featured on the/],
  ['/benefits/provider-community', /Join your state's community/],
  ['/benefits/partnerships', /Partner tools and offers/],
  ['/benefits/client-matching', /How client matching works/],
  ['/tips/phone-consultations', /Why offer phone consultations/],
  ['/tips/increasing-referrals', /Make your profile work for you/],
  ['/tips/membership', /Your first month/],
  ['/listserv', /The members' listserv/],
  ['/refer-and-earn', /Your referral link/],
];

/** Open without a paid plan (spec 1 §2: the four exceptions). */
const UNGATED: Array<[string, RegExp]> = [
  ['/benefits/photo-licensing', /Using your photos and video/],
  ['/fee-calculator', /Work out a sustainable session fee/],
  ['/help-desk', /Answers to common questions/],
  ['/contact', /Send us a message/],
];

async function signedIn(
  options: { paid?: boolean; type?: 'individual' | 'practice'; status?: 'active' | 'pending'; videos?: unknown[] } = {},
) {
  const user = await createProviderUser(ctx().db, {
    paid: options.paid ?? true,
    providers: [
      {
        type: options.type ?? 'individual',
        status: options.status ?? 'active',
        companyName: options.type === 'practice' ? 'Harbor Practice' : undefined,
      },
    ],
  });
  const providerId = user.providerIds[0]!;
  if (options.videos)
    await ctx()
      .db('providers')
      .where({ id: providerId })
      .update({ custom_content: JSON.stringify({ videos: options.videos }) });
  const client = agent();
  await signIn(client, user.email);
  return { client, providerId, user };
}

const cspOf = (response: { headers: Record<string, string> }) => response.headers['content-security-policy'] ?? '';

describe('benefit and tips pages: the membership gate (spec 1 §2, spec 2 §2, §6)', () => {
  for (const [path, content] of GATED) {
    it(`${path}: without a paid plan "${ACTIVATE}" with a link to /plan-management; with one, the page`, async () => {
      const unpaid = await signedIn({ paid: false });
      const refused = await unpaid.client.get(path);
      assert.equal(refused.status, 403);
      const text = mainTextOf(refused.text);
      assert.ok(text.includes(ACTIVATE), `says "${ACTIVATE}"`);
      assert.match(refused.text, /<a class="button" href="\/plan-management">Activate your membership<\/a>/);
      assert.doesNotMatch(text, content);

      const paid = await signedIn({ paid: true });
      const shown = await paid.client.get(path).expect(200);
      assert.match(mainTextOf(shown.text), content);
      assert.ok(!mainTextOf(shown.text).includes(ACTIVATE));
    });
  }

  for (const [path, content] of UNGATED) {
    it(`${path} is open without a paid plan`, async () => {
      const unpaid = await signedIn({ paid: false });
      const shown = await unpaid.client.get(path).expect(200);
      assert.match(mainTextOf(shown.text), content);
      assert.ok(!mainTextOf(shown.text).includes(ACTIVATE));
    });
  }

  it('every page sends signed-out visitors to /login', async () => {
    for (const [path] of [...GATED, ...UNGATED, ['/benefits/video-embedding'] as [string]]) {
      const response = await agent().get(path).expect(303);
      assert.equal(response.headers.location, `/login?next=${encodeURIComponent(path)}`, path);
    }
  });

  it('the side menu shows the same pages locked for a profile without a paid plan', async () => {
    const unpaid = await signedIn({ paid: false });
    const html = (await unpaid.client.get('/benefits/photo-licensing').expect(200)).text;
    const menu = /<nav id="side-menu"[\s\S]*?<\/nav>/.exec(html)![0];
    assert.match(menu, /href="\/benefits\/web-badge"[^>]*>Web Badge<span class="lock"/);
    assert.doesNotMatch(menu, /href="\/benefits\/photo-licensing"[^>]*>Photo Licensing<span class="lock"/);
  });

  it('no benefit or tips page ships an island', async () => {
    const { client } = await signedIn();
    for (const [path] of [...GATED, ...UNGATED]) {
      const html = (await client.get(path)).text;
      assert.doesNotMatch(html, /data-island=/, path);
    }
  });

  it('old /marketing/... paths and /provider-community redirect to /benefits/...', async () => {
    assert.equal((await agent().get('/marketing/web-badge').expect(301)).headers.location, '/benefits/web-badge');
    assert.equal(
      (await agent().get('/provider-community').expect(301)).headers.location,
      '/benefits/provider-community',
    );
  });
});

describe('web badge (spec 2 §2, §9: badge frame 250x86)', () => {
  it('shows the badge in a 250x86 frame and a copyable snippet linking to the public profile', async () => {
    const { client, providerId } = await signedIn();
    const html = (await client.get('/benefits/web-badge').expect(200)).text;
    const provider = await ctx().db('providers').where({ id: providerId }).first();
    const profileUrl = publicProfileUrl(ctx().config.publicProfileBaseUrl, {
      type: provider!.type,
      slug: provider!.slug,
      id: providerId,
    });
    assert.match(
      html,
      /<div class="web-badge__frame"><img src="\/badges\/member.svg" width="250" height="86" alt="Member of Members Portal"\/>/,
    );
    const snippet = /<textarea id="badge-code"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)![1]!;
    const code = textOf(snippet)
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"');
    assert.ok(code.includes(`<a href="${profileUrl}" target="_blank" rel="noopener"`), code);
    assert.ok(code.includes(`<img src="${ctx().config.portalUrl}/badges/member.svg" width="250" height="86"`), code);
    assert.match(html, /<label for="badge-code">Badge code<\/label>/);
  });

  it('a practice links to its practice profile URL', async () => {
    const { client, providerId } = await signedIn({ type: 'practice' });
    const html = (await client.get('/benefits/web-badge').expect(200)).text;
    const provider = await ctx().db('providers').where({ id: providerId }).first();
    assert.ok(html.includes(`${ctx().config.publicProfileBaseUrl}/practices/${provider!.slug}`));
  });

  it('a profile that is not live yet is told the link works once it is live', async () => {
    const { client } = await signedIn({ status: 'pending' });
    assert.match(
      mainTextOf((await client.get('/benefits/web-badge').expect(200)).text),
      /Your profile is not live yet/,
    );
  });

  it('the badge image itself is public (websites load it), an SVG of 250x86', async () => {
    const response = await agent().get('/badges/member.svg').expect(200);
    assert.match(response.headers['content-type']!, /^image\/svg\+xml/);
    const svg = response.body instanceof Buffer ? response.body.toString() : response.text;
    assert.match(svg, /^<svg [^>]*width="250" height="86"/);
    assert.match(svg, /Members Portal/);
  });
});

describe('photo & video shoot (spec 2 §2 "Photo-shoot chooser")', () => {
  const TYPES = ['remote-setup', 'new-photoshoot', 'reshoot', 'remote-new-photoshoot', 'reschedule-shoot'];

  it('offers the five options, each opening /benefits/photo-videoshoot/{type}', async () => {
    const { client } = await signedIn();
    const html = (await client.get('/benefits/photo-videoshoot').expect(200)).text;
    for (const type of TYPES) assert.match(html, new RegExp(`href="/benefits/photo-videoshoot/${type}"`));
    assert.equal((html.match(/href="\/benefits\/photo-videoshoot\/[a-z-]+"/g) ?? []).length, 5);
  });

  for (const type of TYPES) {
    it(`${type}: its scheduling page from the settings in a titled iframe; frame-src allows only that origin`, async () => {
      const { client } = await signedIn();
      const response = await client.get(`/benefits/photo-videoshoot/${type}`).expect(200);
      const expected = (ctx().config.embeds.photoShoot as Record<string, string>)[type]!;
      assert.match(
        response.text,
        new RegExp(
          `<iframe class="embed-frame__iframe" src="${expected.replace(/[.?]/g, '\\$&')}" title="[^"]+ scheduling"`,
        ),
      );
      assert.match(cspOf(response), new RegExp(`frame-src ${new URL(expected).origin.replace(/\./g, '\\.')}$`));
    });
  }

  it('an unknown type is not found', async () => {
    const { client } = await signedIn();
    await client.get('/benefits/photo-videoshoot/underwater-shoot').expect(404);
  });

  it('pages without an embed keep framing closed (no frame-src)', async () => {
    const { client } = await signedIn();
    assert.doesNotMatch(cspOf(await client.get('/benefits/photo-videoshoot').expect(200)), /frame-src/);
    assert.doesNotMatch(cspOf(await client.get('/contact').expect(200)), /frame-src/);
  });
});

describe('embedded pages come from the settings (server/config.ts)', () => {
  it('FEE_CALCULATOR_URL, HELP_DESK_URL and PHOTOSHOOT_*_URL are framed, each with its own origin allowed', async () => {
    const config = testConfig({
      FEE_CALCULATOR_URL: 'https://calc.fees-partner.test/embed?theme=portal',
      HELP_DESK_URL: 'https://support.helpdesk.test/hc/en-us',
      PHOTOSHOOT_RESHOOT_URL: 'https://book.scheduler.test/portal/reshoot',
    });
    const portal = createApp({
      config,
      db: ctx().db,
      databaseUrl: ctx().database.url,
      logger: createLogger('silent'),
      integrations: createPortalIntegrations(config, ctx().db),
    });
    try {
      const user = await createProviderUser(ctx().db, { paid: true });
      const client = supertest.agent(portal.app);
      const login = await client.get('/login');
      const _csrf = /name="_csrf" value="([^"]+)"/.exec(login.text)![1];
      await client
        .post('/login')
        .type('form')
        .send({ _csrf, email: user.email, password: 'Test-password-1!' })
        .expect(303);

      const fee = await client.get('/fee-calculator').expect(200);
      assert.match(fee.text, /src="https:\/\/calc\.fees-partner\.test\/embed\?theme=portal"/);
      assert.match(cspOf(fee), /frame-src https:\/\/calc\.fees-partner\.test$/);
      const help = await client.get('/help-desk').expect(200);
      assert.match(help.text, /src="https:\/\/support\.helpdesk\.test\/hc\/en-us"/);
      assert.match(cspOf(help), /frame-src https:\/\/support\.helpdesk\.test$/);
      const reshoot = await client.get('/benefits/photo-videoshoot/reshoot').expect(200);
      assert.match(reshoot.text, /src="https:\/\/book\.scheduler\.test\/portal\/reshoot"/);
      assert.match(cspOf(reshoot), /frame-src https:\/\/book\.scheduler\.test$/);
    } finally {
      await portal.close();
    }
  });

  it('defaults point at example.com; a URL that is not http(s) stops the start with the setting named', () => {
    const config = testConfig();
    assert.equal(config.embeds.feeCalculator, 'https://fees.example.com/calculator');
    assert.equal(config.embeds.helpDesk, 'https://help.example.com/');
    assert.equal(config.embeds.photoShoot['remote-setup'], 'https://scheduling.example.com/remote-setup');
    assert.equal(config.marketingFormUrl, null);
    assert.throws(
      () => loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40), HELP_DESK_URL: 'javascript:alert(1)' }),
      (e: Error) => e instanceof ConfigError && /HELP_DESK_URL/.test(e.message),
    );
    assert.throws(
      () =>
        loadConfig({
          NODE_ENV: 'test',
          SESSION_SECRET: 'x'.repeat(40),
          PROVIDER_COMMUNITY_EMAIL: 'community@example.com',
        }),
      /PROVIDER_COMMUNITY_EMAIL/,
    );
  });
});

describe('video embedding (spec 2 §2: only with videos; Vimeo or YouTube, 640x360)', () => {
  it('is not found for a profile without videos (and hidden from its menu)', async () => {
    const { client } = await signedIn();
    const response = await client.get('/benefits/video-embedding');
    assert.equal(response.status, 404);
    const dashboard = (await client.get('/benefits/web-badge')).text;
    assert.doesNotMatch(dashboard, /href="\/benefits\/video-embedding"/);
  });

  it('without a paid plan, the membership message even with videos', async () => {
    const { client } = await signedIn({ paid: false, videos: ['https://youtu.be/dQw4w9WgXcQ'] });
    const response = await client.get('/benefits/video-embedding');
    assert.equal(response.status, 403);
    assert.ok(mainTextOf(response.text).includes(ACTIVATE));
  });

  it('gives a 640x360 embed code for each YouTube or Vimeo video, and says so for other links', async () => {
    const { client } = await signedIn({
      videos: [
        { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Meet Dr. Test' },
        'https://vimeo.com/76979871',
        { url: 'https://videos.example.org/intro.mp4', title: 'Office tour' },
      ],
    });
    const html = (await client.get('/benefits/video-embedding').expect(200)).text;
    const codes = [...html.matchAll(/<textarea id="video-code-\d"[^>]*>([\s\S]*?)<\/textarea>/g)].map((m) =>
      m[1]!
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&'),
    );
    assert.equal(codes.length, 2);
    assert.match(
      codes[0]!,
      /^<iframe width="640" height="360" src="https:\/\/www\.youtube\.com\/embed\/dQw4w9WgXcQ" title="Meet Dr\. Test"/,
    );
    assert.match(
      codes[1]!,
      /^<iframe width="640" height="360" src="https:\/\/player\.vimeo\.com\/video\/76979871" title="Video introduction 2"/,
    );
    assert.match(html, /<label for="video-code-1">YouTube embed code<\/label>/);
    assert.match(html, /<label for="video-code-2">Vimeo embed code<\/label>/);
    assert.match(mainTextOf(html), /Office tour.*only Vimeo and YouTube videos can be embedded/);
  });
});

describe('provider community and listserv (spec 1 §1, spec 2 §2)', () => {
  it("one e-mail box per eligible state (RI, MA, NY, CA), the provider's own states marked; FAQs; listserv included", async () => {
    const { client, providerId } = await signedIn();
    await ctx()
      .db('locations')
      .insert({ provider_id: providerId, state: 'NY', city: 'New York', address: '1 Main St', zip: '10001' });
    await ctx().db('licenses').insert({ provider_id: providerId, state: 'CA', number: 'LMFT 1', license_type: 'LMFT' });
    const html = (await client.get('/benefits/provider-community').expect(200)).text;
    const boxes = [...html.matchAll(/<li class="community-box">([\s\S]*?)<\/li>/g)].map((m) => textOf(m[1]!));
    assert.equal(boxes.length, 4);
    assert.deepEqual(
      boxes.map((b) => /^\s*(\w[\w ]+?) (You|community)/.exec(b)?.[1]),
      ['Rhode Island', 'Massachusetts', 'New York', 'California'],
    );
    assert.match(boxes[0]!, /community-ri@example\.com/);
    assert.doesNotMatch(boxes[0]!, /You practice here/);
    assert.match(boxes[2]!, /You practice here.*community-ny@example\.com/);
    assert.match(boxes[3]!, /You practice here.*community-ca@example\.com/);
    const text = mainTextOf(html);
    assert.match(text, /Frequently asked questions/);
    assert.match(text, /The listserv is included with your membership/);
    assert.match(text, /You practice in New York and California/);
  });

  it('the listserv page lists the same state lists', async () => {
    const { client } = await signedIn();
    const html = (await client.get('/listserv').expect(200)).text;
    for (const state of ['ri', 'ma', 'ny', 'ca'])
      assert.match(html, new RegExp(`mailto:community-${state}@example\\.com`));
    assert.match(mainTextOf(html), /included with your membership/);
  });
});

describe('refer & earn (spec 1 §2, §9: $49 off for both)', () => {
  it("shows the profile's own /signup?referral=CODE link and the offer; the signup page honours the code", async () => {
    const { client, providerId } = await signedIn();
    const { referral_code: code } = (await ctx().db('providers').where({ id: providerId }).first('referral_code'))!;
    assert.match(code, /^[A-Z0-9]{10}$/);
    const html = (await client.get('/refer-and-earn').expect(200)).text;
    const link = `${ctx().config.portalUrl}/signup?referral=${code}`;
    assert.ok(html.includes(`value="${link}"`), 'the link in a labelled read-only field');
    assert.match(html, /<label for="referral-link">Referral link<\/label>/);
    assert.match(mainTextOf(html), /\$49 off for both/);
    assert.match(mainTextOf(html), /Nobody has signed up with your link yet\./);
    const signup = await agent().get(`/signup?referral=${code}`).expect(200);
    assert.match(textOf(signup.text), /\$49 off for both/);
  });

  it('counts the profiles that signed up with the code', async () => {
    const { client, providerId } = await signedIn();
    const { referral_code: code } = (await ctx().db('providers').where({ id: providerId }).first('referral_code'))!;
    const other = await createProviderUser(ctx().db);
    await ctx()
      .db('providers')
      .where({ id: other.providerIds[0] })
      .update({ signup_source: `referral:${code}` });
    assert.match(mainTextOf((await client.get('/refer-and-earn')).text), /One provider has signed up with your link\./);
  });

  it('every profile gets its own code', async () => {
    const a = await createProviderUser(ctx().db, { providers: [{}, {}] });
    const codes = await ctx().db('providers').whereIn('id', a.providerIds).pluck('referral_code');
    assert.equal(new Set(codes).size, 2);
  });
});
