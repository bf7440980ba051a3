// Settings are validated at start; a wrong one is named in one line.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ConfigError, loadConfig } from '../../server/config';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-config-'));
/** Production needs a key for what clients write (any 32 bytes, base64). */
const PRODUCTION_DATA_KEYS = `k1:${Buffer.alloc(32, 7).toString('base64')}`;

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({ DATA_DIR: tmp() });
    assert.equal(config.port, 3000);
    assert.equal(config.databaseUrl, null);
    assert.equal(config.brandName, 'Members Portal');
    assert.equal(config.seedDemo, 'auto');
    assert.equal(config.migrateOnStart, true);
    assert.equal(config.env, 'development');
  });

  it('generates the session secret once and keeps it under DATA_DIR', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    assert.ok(first.length >= 32);
    assert.equal(loadConfig({ DATA_DIR: dir }).sessionSecret, first);
    assert.equal(fs.statSync(path.join(dir, 'session-secret')).mode & 0o077, 0, 'only the owner may read it');
  });

  it('requires SESSION_SECRET in production, naming it', () => {
    assert.throws(
      () => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() }),
      (error: Error) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /^Invalid setting SESSION_SECRET: /);
        assert.doesNotMatch(error.message, /\n/);
        return true;
      },
    );
  });

  it('names a wrong PORT or DATABASE_URL', () => {
    assert.throws(
      () => loadConfig({ PORT: 'eighty', DATA_DIR: tmp() }),
      /^ConfigError: Invalid setting PORT: PORT must be a number$|Invalid setting PORT/,
    );
    assert.throws(() => loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: tmp() }), /Invalid setting DATABASE_URL/);
  });

  it('takes the three Stripe keys together or not at all, and checks their shapes', () => {
    assert.equal(loadConfig({ DATA_DIR: tmp() }).stripe, null, 'no keys: the local card server');
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    };
    assert.deepEqual(loadConfig({ DATA_DIR: tmp(), ...keys }).stripe, {
      secretKey: 'sk_test_abc',
      publishableKey: 'pk_test_abc',
      webhookSecret: 'whsec_abc',
    });
    assert.throws(
      () => loadConfig({ DATA_DIR: tmp(), STRIPE_SECRET_KEY: 'sk_test_abc' }),
      /Invalid settings: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together/,
    );
    assert.throws(
      () => loadConfig({ DATA_DIR: tmp(), ...keys, STRIPE_SECRET_KEY: 'pk_test_abc' }),
      /Invalid setting STRIPE_SECRET_KEY: STRIPE_SECRET_KEY must be a Stripe secret/,
    );
  });

  it('takes the three AvaTax settings together or not at all, sandbox unless told otherwise', () => {
    assert.equal(loadConfig({ DATA_DIR: tmp() }).tax, null, 'none: the local rate table');
    const avatax = {
      AVATAX_ACCOUNT_ID: '1100012345',
      AVATAX_LICENSE_KEY: 'A1B2C3D4E5F6',
      AVATAX_COMPANY_CODE: 'PORTAL',
    };
    assert.deepEqual(loadConfig({ DATA_DIR: tmp(), ...avatax }).tax, {
      accountId: '1100012345',
      licenseKey: 'A1B2C3D4E5F6',
      companyCode: 'PORTAL',
      environment: 'sandbox',
    });
    assert.equal(
      loadConfig({ DATA_DIR: tmp(), ...avatax, AVATAX_ENVIRONMENT: 'production' }).tax?.environment,
      'production',
    );
    const together =
      /Invalid settings: AVATAX_ACCOUNT_ID, AVATAX_LICENSE_KEY and AVATAX_COMPANY_CODE go together: set all three for Avalara AvaTax, or none for the local rate table$/;
    assert.throws(() => loadConfig({ DATA_DIR: tmp(), AVATAX_ACCOUNT_ID: '1100012345' }), together);
    assert.throws(() => loadConfig({ DATA_DIR: tmp(), ...avatax, AVATAX_COMPANY_CODE: '' }), together);
    assert.throws(
      () => loadConfig({ DATA_DIR: tmp(), ...avatax, AVATAX_ACCOUNT_ID: 'acct-1' }),
      /Invalid setting AVATAX_ACCOUNT_ID: AVATAX_ACCOUNT_ID must be an Avalara account id/,
    );
    assert.throws(
      () => loadConfig({ DATA_DIR: tmp(), ...avatax, AVATAX_ENVIRONMENT: 'live' }),
      /Invalid setting AVATAX_ENVIRONMENT/,
    );
  });

  it('reads SEED_DEMO=0, MIGRATE_ON_START=0 and READ_CACHE=0 as off', () => {
    const config = loadConfig({ SEED_DEMO: '0', MIGRATE_ON_START: '0', READ_CACHE: '0', DATA_DIR: tmp() });
    assert.equal(config.seedDemo, false);
    assert.equal(config.migrateOnStart, false);
    assert.equal(config.readCache, false);
  });

  it('serves hot reads from memory unless READ_CACHE=0', () => {
    assert.equal(loadConfig({ DATA_DIR: tmp() }).readCache, true);
  });
});

describe('configuration: TRUST_PROXY', () => {
  const load = (setting: string) => loadConfig({ TRUST_PROXY: setting, DATA_DIR: tmp() });
  const refusedWith = (message: RegExp) => (error: Error) => {
    assert.ok(error instanceof ConfigError, String(error));
    assert.match(error.message, /^Invalid setting TRUST_PROXY: /);
    assert.match(error.message, message);
    assert.doesNotMatch(error.message, /\n/);
    return true;
  };

  it('refuses a subnet holding every address, as it refuses true', () => {
    for (const everyone of [
      '0.0.0.0/0',
      '::/0',
      'loopback, 0.0.0.0/0',
      '10.0.0.0/8,::/0',
      '0.0.0.0/0.0.0.0',
      '::ffff:0.0.0.0/96',
    ]) {
      assert.throws(() => load(everyone), refusedWith(/must not trust every address/), everyone);
    }
  });

  it('refuses what Express cannot read (a fractional or negative hop count, a bad address) with the one-line message', () => {
    for (const bad of ['1.5', '-1', '10.0.0.300', '10.0.0.0/33', 'loopback,,', 'proxy.example.com']) {
      assert.throws(
        () => load(bad),
        refusedWith(/must be a hop count \(1 behind one proxy\), or a list of trusted addresses or subnets$/),
        bad,
      );
    }
  });

  it('takes hop counts, named ranges, addresses and real subnets', () => {
    assert.equal(load('1').trustProxy, 1);
    assert.equal(load('2').trustProxy, 2);
    assert.equal(load('loopback, uniquelocal').trustProxy, 'loopback, uniquelocal');
    assert.equal(load('10.0.0.0/8, 192.168.1.7, fd00::/8').trustProxy, '10.0.0.0/8, 192.168.1.7, fd00::/8');
    assert.equal(load('off').trustProxy, 0);
  });
});

describe('configuration: production runs no local stand-in unless told to', () => {
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'p'.repeat(40),
    DATA_DIR: tmp(),
    DATA_ENCRYPTION_KEYS: PRODUCTION_DATA_KEYS,
  };
  const real = {
    STRIPE_SECRET_KEY: 'sk_live_abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    EHR_API_URL: 'https://ehr.example.com/api',
    EHR_API_TOKEN: 'ehr-token',
    AVATAX_ACCOUNT_ID: '1100012345',
    AVATAX_LICENSE_KEY: 'A1B2C3D4E5F6',
    AVATAX_COMPANY_CODE: 'PORTAL',
    SMTP_URL: 'smtps://user:pass@mail.example.com:465',
    MARKETING_FORM_URL: 'https://marketing.example.com/forms/contact',
    TURNSTILE_SITE_KEY: '0x4AAAAAAAabc',
    TURNSTILE_SECRET_KEY: '0x4AAAAAAAsecret',
  };
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      assert.doesNotMatch(error.message, /\n/, 'one line');
      return error.message;
    }
    return assert.fail('the settings were accepted');
  };

  it('stops when an outside service is neither configured nor declared local, naming the missing setting', () => {
    const { STRIPE_SECRET_KEY: _s, STRIPE_PUBLISHABLE_KEY: _p, STRIPE_WEBHOOK_SECRET: _w, ...withoutStripe } = real;
    assert.equal(
      refusal({ ...production, ...withoutStripe }),
      'Missing setting STRIPE_SECRET_KEY: in production payments needs Stripe (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET); or, on a demo server, run it locally with ALLOW_LOCAL_SERVICES=payments',
    );
    const { EHR_API_URL: _u, EHR_API_TOKEN: _t, ...withoutEhr } = real;
    assert.match(
      refusal({ ...production, ...withoutEhr }),
      /^Missing setting EHR_API_URL: .*ALLOW_LOCAL_SERVICES=ehr$/,
    );
    assert.match(
      refusal({ ...production }),
      /^Missing settings STRIPE_SECRET_KEY, EHR_API_URL, AVATAX_ACCOUNT_ID, SMTP_URL, MARKETING_FORM_URL, TURNSTILE_SECRET_KEY: .*ALLOW_LOCAL_SERVICES=payments,ehr,tax,mail,marketing-form,captcha$/,
    );
    const { TURNSTILE_SITE_KEY: _k, TURNSTILE_SECRET_KEY: _c, ...withoutTurnstile } = real;
    assert.match(
      refusal({ ...production, ...withoutTurnstile }),
      /^Missing setting TURNSTILE_SECRET_KEY: in production captcha needs Cloudflare Turnstile .*ALLOW_LOCAL_SERVICES=captcha$/,
    );
    // Declaring some local is not declaring all.
    assert.match(
      refusal({ ...production, ALLOW_LOCAL_SERVICES: 'payments,ehr' }),
      /^Missing settings AVATAX_ACCOUNT_ID, SMTP_URL, MARKETING_FORM_URL, TURNSTILE_SECRET_KEY: /,
    );
  });

  it('starts with every service configured, or with the unconfigured ones declared local (a demo server)', () => {
    assert.deepEqual(loadConfig({ ...production, ...real }).localServices, []);
    const demo = loadConfig({
      ...production,
      SMTP_URL: real.SMTP_URL,
      ALLOW_LOCAL_SERVICES: 'payments, ehr,tax,marketing-form,captcha',
    });
    assert.deepEqual(demo.localServices, ['payments', 'ehr', 'tax', 'marketing-form', 'captcha']);
    assert.equal(demo.stripe, null);
  });

  it('refuses an unknown name in ALLOW_LOCAL_SERVICES, in any environment', () => {
    assert.match(
      refusal({ DATA_DIR: tmp(), ALLOW_LOCAL_SERVICES: 'payments,stripe' }),
      /^Invalid setting ALLOW_LOCAL_SERVICES: "stripe" is not a service with a local stand-in/,
    );
    assert.match(
      refusal({ DATA_DIR: tmp(), ALLOW_LOCAL_SERVICES: 'payments;ehr' }),
      /^Invalid setting ALLOW_LOCAL_SERVICES: /,
    );
  });

  it('outside production the local stand-ins need no declaration', () => {
    assert.deepEqual(loadConfig({ DATA_DIR: tmp() }).localServices, [
      'payments',
      'ehr',
      'tax',
      'mail',
      'marketing-form',
      'captcha',
    ]);
  });

  it('the portal process exits at once with that one line', async function () {
    this.timeout(30_000);
    const run = promisify(execFile);
    const outcome = await run(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH, ...production, ...real, SMTP_URL: '' },
      timeout: 25_000,
    }).then(
      () => null,
      (error: { code?: number; stderr?: string }) => error,
    );
    assert.ok(outcome, 'the process did not stop');
    assert.equal(outcome.code, 1);
    assert.equal(
      outcome.stderr?.trim(),
      'Missing setting SMTP_URL: in production mail needs an SMTP server (SMTP_URL); or, on a demo server, run it locally with ALLOW_LOCAL_SERVICES=mail',
    );
  });
});

describe('configuration: production keeps uploads on local disk only in a single process', () => {
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'p'.repeat(40),
    DATA_DIR: tmp(),
    DATA_ENCRYPTION_KEYS: PRODUCTION_DATA_KEYS,
    ALLOW_LOCAL_SERVICES: 'payments,ehr,tax,mail,marketing-form,captcha',
  };
  const s3 = { S3_BUCKET: 'portal-uploads', S3_REGION: 'us-east-1' };
  const refusal = (env: Record<string, string>, role?: 'web' | 'worker') => {
    try {
      loadConfig(env, role);
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      return error.message;
    }
    return assert.fail('the settings were accepted');
  };

  it('refuses local uploads when the web processes leave their jobs to separate workers, and in a worker', () => {
    assert.equal(
      refusal({ ...production, JOBS_IN_PROCESS: '0' }),
      "Missing setting S3_BUCKET: in production JOBS_IN_PROCESS=0 (separate workers) needs uploads on S3-compatible storage that every process reaches (S3_BUCKET, S3_REGION): local disk under DATA_DIR is seen by one process's machine only",
    );
    assert.match(
      refusal(production, 'worker'),
      /^Missing setting S3_BUCKET: in production a separate worker needs uploads on S3-compatible storage/,
    );
  });

  it('accepts them with S3 storage, in one process with its jobs inside, and outside production', () => {
    assert.equal(loadConfig({ ...production, ...s3, JOBS_IN_PROCESS: '0' }).storage.kind, 's3');
    assert.equal(loadConfig({ ...production, ...s3 }, 'worker').storage.kind, 's3');
    assert.equal(loadConfig(production).storage.kind, 'local');
    assert.equal(loadConfig({ DATA_DIR: tmp(), JOBS_IN_PROCESS: '0' }, 'worker').storage.kind, 'local');
  });
});
