// The EHR port's two implementations. HTTP: against a fake EHR in this process — the paths and bodies of
// spec 3 §7, the bearer token, our request id passed on, the service's message kept, and a timeout that
// ends as an OutsideServiceError. Local: real state in our database (clinics pending until set up, a
// subdomain held once, booking pages per provider) and the picking by settings.
import assert from 'node:assert/strict';
import { ctx, testConfig } from '../../../support/context';
import { startFakeJsonApi } from '../../../support/fake-json-api';
import { createEhr } from '../../../../server/integrations/ehr';
import { createHttpEhr } from '../../../../server/integrations/ehr/http';
import {
  createLocalEhr,
  endLocalTrialNow,
  finishLocalClinicSetup,
  localEhrState,
  setLocalBookingPageReady,
} from '../../../../server/integrations/ehr/local';
import { OutsideServiceError, TIMEOUTS } from '../../../../server/integrations/outside-api';
import { ConfigError, loadConfig } from '../../../../server/config';

const startFakeEhr = () =>
  startFakeJsonApi({ basePath: '/api', unqueued: { status: 500, body: { message: 'no reply queued' } } });

const TEMPLATE = 'https://{subdomain}.practice.example.com';

describe('EHR over HTTP (spec 3 §7 "Practice management and benefits tool", §9)', () => {
  let fake: Awaited<ReturnType<typeof startFakeEhr>>;
  before(async () => {
    fake = await startFakeEhr();
  });
  after(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.seen.length = 0;
    fake.replies.length = 0;
  });
  const ehr = (timeoutMs?: number) =>
    createHttpEhr({ baseUrl: fake.url, token: 'ehr-token-1', practiceManagementUrl: TEMPLATE, timeoutMs });

  it('createClinic posts provider_id, owl_clinic_id and subdomain to /portal/practice-management-account/add/{providerId}', async () => {
    fake.replies.push({
      status: 200,
      body: {
        owl_clinic_id: 'owl-77',
        provider_id: 42,
        subdomain: 'calm-waters',
        status: 'pending',
        trial_end: '2026-12-10T00:00:00Z',
        link: 'https://ehr.example.com/setup/owl-77',
      },
    });
    const clinic = await ehr().createClinic({
      providerId: 42,
      subdomain: 'calm-waters',
      trialDays: 14,
      requestId: 'req-1',
    });
    assert.deepEqual(clinic, {
      clinicId: 'owl-77',
      providerId: 42,
      subdomain: 'calm-waters',
      status: 'pending',
      trialEnd: '2026-12-10T00:00:00.000Z',
      link: 'https://ehr.example.com/setup/owl-77',
    });
    const [call] = fake.seen;
    assert.equal(call!.method, 'POST');
    assert.equal(call!.url, '/api/portal/practice-management-account/add/42');
    assert.deepEqual(call!.body, { provider_id: 42, owl_clinic_id: null, subdomain: 'calm-waters', trial_days: 14 });
    assert.equal(call!.headers.authorization, 'Bearer ehr-token-1');
    assert.equal(call!.headers['x-request-id'], 'req-1');
    assert.equal(call!.headers['content-type'], 'application/json');
  });

  it('listClinics, bookingPageReady and setBookingLink use their paths; an active clinic links to its sign-in page', async () => {
    fake.replies.push(
      { status: 200, body: [{ clinic_id: 'c1', subdomain: 'calm', status: 'active', trial_end: null }] },
      { status: 200, body: { isReady: true } },
      { status: 200, body: {} },
    );
    const api = ehr();
    assert.deepEqual(await api.listClinics(7, 'req-2'), [
      {
        clinicId: 'c1',
        providerId: 7,
        subdomain: 'calm',
        status: 'active',
        trialEnd: null,
        link: 'https://calm.practice.example.com',
      },
    ]);
    assert.equal(await api.bookingPageReady(7, 'req-3'), true);
    await api.setBookingLink(7, 'inactive', 'req-4');
    assert.deepEqual(
      fake.seen.map((s) => `${s.method} ${s.url} ${s.headers['x-request-id']}`),
      [
        'GET /api/portal/practice-management-account/list/7 req-2',
        'GET /api/portal/practice-management/clinic-booking-page-status/7 req-3',
        'POST /api/portal/provider/practice-management-booking-link/7 req-4',
      ],
    );
    assert.deepEqual(fake.seen[2]!.body, { status: 'inactive' });
    assert.equal(api.signInUrl('calm'), 'https://calm.practice.example.com');
    assert.equal(api.bookingPageUrl('calm', 7), 'https://calm.practice.example.com/book/7');
    assert.equal(
      api.signInUrl('evil.com/x'),
      'https://app.practice.example.com',
      'a subdomain that is not a DNS label never reaches the template',
    );
  });

  it('a refusal keeps the service’s message and status; the request id stays on the error', async () => {
    fake.replies.push({ status: 409, body: { message: 'subdomain taken' } });
    await assert.rejects(
      ehr().createClinic({ providerId: 1, subdomain: 'taken', trialDays: 14, requestId: 'req-5' }),
      (error: unknown) => {
        assert.ok(error instanceof OutsideServiceError);
        assert.equal(error.status, 409);
        assert.equal(error.requestId, 'req-5');
        assert.match(error.message, /subdomain taken/);
        return true;
      },
    );
  });

  it('a retry after a crash: the same Idempotency-Key, and a 409 for a clinic the provider already has counts as made', async () => {
    fake.replies.push({ status: 409, body: { message: 'subdomain taken' } });
    fake.replies.push({
      status: 200,
      body: [{ owl_clinic_id: 'c-9', provider_id: 1, subdomain: 'mine', status: 'pending' }],
    });
    const clinic = await ehr().createClinic({
      providerId: 1,
      subdomain: 'mine',
      trialDays: 14,
      requestId: 'req-7',
      idempotencyKey: 'clinic-1-1-mine',
    });
    assert.equal(clinic.clinicId, 'c-9');
    assert.equal(fake.seen.at(-2)!.headers['idempotency-key'], 'clinic-1-1-mine');
  });

  it('no answer within the time limit: an OutsideServiceError without a status', async () => {
    fake.replies.push('hang');
    await assert.rejects(ehr(100).bookingPageReady(3, 'req-6'), (error: unknown) => {
      assert.ok(error instanceof OutsideServiceError);
      assert.equal(error.status, null);
      assert.match(error.message, /no answer within 100 ms/);
      return true;
    });
  });

  it('uses spec 3 §9’s default time limit unless told', () => {
    assert.equal(TIMEOUTS.default, 600_000);
  });
});

describe('EHR chosen by settings', () => {
  it('EHR_API_URL with EHR_API_TOKEN: the HTTP EHR; neither: the local one; one alone is refused', () => {
    assert.equal(
      createEhr(ctx().db, testConfig({ EHR_API_URL: 'https://ehr.example.com', EHR_API_TOKEN: 'token' })).provider,
      'http',
    );
    assert.equal(createEhr(ctx().db, testConfig()).provider, 'local');
    assert.throws(
      () => loadConfig({ NODE_ENV: 'test', EHR_API_URL: 'https://ehr.example.com' }),
      (error: unknown) =>
        error instanceof ConfigError && /EHR_API_URL and EHR_API_TOKEN go together/.test(error.message),
    );
    assert.throws(
      () => loadConfig({ NODE_ENV: 'test', EHR_API_URL: 'ftp://ehr.example.com', EHR_API_TOKEN: 't' }),
      /EHR_API_URL must be an http\(s\) address/,
    );
  });
});

describe('the local EHR: real state in our database', () => {
  const options = { practiceManagementUrl: TEMPLATE, portalUrl: 'http://localhost:3000' };
  const local = () => createLocalEhr(ctx().db, options);

  it('a new clinic is pending (its link the dev stand-in) with its trial; setup makes it active (its sign-in page)', async () => {
    const before = Date.now();
    const clinic = await local().createClinic({ providerId: 5, subdomain: 'calm', trialDays: 14 });
    assert.equal(clinic.status, 'pending');
    assert.equal(clinic.link, `http://localhost:3000/dev/ehr#clinic-${clinic.clinicId}`);
    const trialMs = Date.parse(clinic.trialEnd!) - before;
    assert.ok(trialMs >= 14 * 86_400_000 && trialMs < 14 * 86_400_000 + 60_000);
    assert.ok(await finishLocalClinicSetup(ctx().db, clinic.clinicId));
    const [listed] = await local().listClinics(5);
    assert.equal(listed!.status, 'active');
    assert.equal(listed!.link, 'https://calm.practice.example.com');
    assert.ok(await endLocalTrialNow(ctx().db, clinic.clinicId));
    assert.ok(Date.parse((await local().listClinics(5))[0]!.trialEnd!) < Date.now());
    assert.deepEqual(await local().listClinics(6), []);
  });

  it('a bought clinic has no trial; a clinic id from the EHR’s own sign-up is kept', async () => {
    const clinic = await local().createClinic({
      providerId: 5,
      subdomain: 'bought',
      trialDays: 0,
      clinicId: 'owl-123',
    });
    assert.equal(clinic.trialEnd, null);
    assert.equal(clinic.clinicId, 'owl-123');
  });

  it('a subdomain is held once: the second is a conflict (409) and nothing changes', async () => {
    await local().createClinic({ providerId: 5, subdomain: 'shared', trialDays: 14 });
    await assert.rejects(
      local().createClinic({ providerId: 9, subdomain: 'shared', trialDays: 14, requestId: 'r' }),
      (error: unknown) => error instanceof OutsideServiceError && error.status === 409 && error.requestId === 'r',
    );
    assert.deepEqual(await local().listClinics(9), []);
  });

  it('booking pages: not ready until marked; the link status the portal sends is kept', async () => {
    assert.equal(await local().bookingPageReady(5), false);
    await setLocalBookingPageReady(ctx().db, 5, true);
    assert.equal(await local().bookingPageReady(5), true);
    await local().setBookingLink(5, 'active');
    const state = await localEhrState(ctx().db, options);
    assert.deepEqual(state.bookingPages, [{ providerId: 5, ready: true, linkStatus: 'active' }]);
  });
});
