// The reference Kubernetes manifests (deploy/kubernetes/): every document is checked against the
// Kubernetes API's own schemas (kubernetes-models: types, required fields, enums and formats), and the
// settings the deployment notes depend on are read back field by field. The schemas accept unknown
// fields, so a misspelt key would pass them: reading each field this test relies on catches that.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import type { IContainer, IPodSpec } from 'kubernetes-models/v1';
import { ROOT_DIR } from '../../server/db/knex';
import { productionNodeFlags } from '../support/production-flags';

const DIR = path.join(ROOT_DIR, 'deploy', 'kubernetes');

/** The models of the kinds the manifests use (ESM only: imported, since mocha requires this file). */
async function loadModels() {
  const [{ Deployment }, { Job }, { Ingress }, { ConfigMap, Service }] = await Promise.all([
    import('kubernetes-models/apps/v1'),
    import('kubernetes-models/batch/v1'),
    import('kubernetes-models/networking.k8s.io/v1'),
    import('kubernetes-models/v1'),
  ]);
  return { Deployment, Job, Ingress, ConfigMap, Service };
}
type Kind = keyof Awaited<ReturnType<typeof loadModels>>;

interface Manifest {
  file: string;
  kind: Kind;
  // biome-ignore lint/suspicious/noExplicitAny: read back field by field below
  metadata: { name: string; [field: string]: any };
  // biome-ignore lint/suspicious/noExplicitAny: read back field by field below
  [field: string]: any;
}

function manifests(): Manifest[] {
  return fs
    .readdirSync(DIR)
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .flatMap((file) =>
      yaml
        .loadAll(fs.readFileSync(path.join(DIR, file), 'utf8'))
        .filter(Boolean)
        .map((document) => ({ ...(document as Omit<Manifest, 'file'>), file }) as Manifest),
    );
}

const find = (kind: Kind, name: string) => {
  const found = manifests().find((m) => m.kind === kind && m.metadata.name === name);
  assert.ok(found, `${kind} ${name} is in deploy/kubernetes`);
  return found;
};
const podOf = (manifest: Manifest): IPodSpec => manifest.spec.template.spec;
const containerOf = (manifest: Manifest): IContainer => podOf(manifest).containers[0]!;
const envOf = (container: IContainer, name: string) => container.env?.find((e) => e.name === name);
const configMap = () => find('ConfigMap', 'portal-config').data as Record<string, string>;
const setting = (container: IContainer, name: string) => envOf(container, name)?.value ?? configMap()[name];

describe('the Kubernetes manifests (deploy/kubernetes)', () => {
  let MODELS: Awaited<ReturnType<typeof loadModels>>;
  before(async () => {
    MODELS = await loadModels();
  });

  it('every document is a kind we know and valid against the Kubernetes schemas', () => {
    const all = manifests();
    assert.ok(all.length >= 6, `found ${all.length} documents`);
    for (const manifest of all) {
      const Model = MODELS[manifest.kind];
      assert.ok(Model, `${manifest.file}: ${manifest.kind} is one of ${Object.keys(MODELS).join(', ')}`);
      const { file: _file, ...document } = manifest;
      assert.doesNotThrow(
        () => new Model(document as never).validate(),
        `${manifest.file}: ${manifest.kind} ${manifest.metadata.name}`,
      );
    }
  });

  it('the schemas do catch a wrong manifest (a probe without its port)', () => {
    const web = find('Deployment', 'portal-web');
    const { file: _file, ...document } = structuredClone(web);
    delete document.spec.template.spec.containers[0].readinessProbe.httpGet.port;
    assert.throws(
      () => new MODELS.Deployment(document as never).validate(),
      /readinessProbe\/httpGet must have required property port/,
    );
  });

  it('web: probes on /readyz, /healthz and a startup probe; no jobs, no migrations; the session secret from a Secret; resources', () => {
    const web = find('Deployment', 'portal-web');
    const container = containerOf(web);
    assert.deepEqual(container.args, ['node', ...productionNodeFlags(), 'dist/server/main.js']);
    assert.equal(container.readinessProbe?.httpGet?.path, '/readyz');
    assert.equal(container.livenessProbe?.httpGet?.path, '/healthz');
    assert.equal(container.startupProbe?.httpGet?.path, '/healthz');
    // Out of rotation within seconds of failing.
    const readiness = container.readinessProbe!;
    assert.ok((readiness.periodSeconds ?? 10) * (readiness.failureThreshold ?? 3) <= 15);
    assert.equal(setting(container, 'JOBS_IN_PROCESS'), '0');
    assert.equal(setting(container, 'MIGRATE_ON_START'), '0');
    assert.equal(setting(container, 'NODE_ENV'), 'production');
    assert.equal(setting(container, 'TRUST_PROXY'), '1');
    assert.deepEqual(envOf(container, 'SESSION_SECRET')?.valueFrom?.secretKeyRef, {
      name: 'portal-secrets',
      key: 'SESSION_SECRET',
    });
    assert.ok(container.resources?.requests?.cpu && container.resources.requests.memory);
    assert.ok(container.resources?.limits?.memory);
    // The process drains within 15 s of SIGTERM: the pod must wait longer than that and the preStop pause.
    assert.ok((podOf(web).terminationGracePeriodSeconds ?? 30) >= 20);
    assert.equal(web.spec.strategy.rollingUpdate.maxUnavailable, 0);
  });

  it('worker: the worker entry, with the same settings and secret as the web processes', () => {
    const worker = find('Deployment', 'portal-worker');
    const container = containerOf(worker);
    assert.deepEqual(container.args, ['node', ...productionNodeFlags(), 'dist/server/worker.js']);
    assert.equal(setting(container, 'MIGRATE_ON_START'), '0');
    assert.deepEqual(envOf(container, 'SESSION_SECRET')?.valueFrom?.secretKeyRef, {
      name: 'portal-secrets',
      key: 'SESSION_SECRET',
    });
    assert.ok(container.resources?.limits?.memory);
    assert.equal(containerOf(find('Deployment', 'portal-web')).image, container.image, 'one image for both');
  });

  it('production runs with one set of Node flags (start:prod, worker:prod, the Dockerfile, both Deployments), its heap cap half the memory limit at most', () => {
    const flags = productionNodeFlags();
    const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8'));
    assert.equal(scripts['worker:prod'], ['node', ...flags, 'dist/server/worker.js'].join(' '));
    const dockerCommands = [...fs.readFileSync(path.join(ROOT_DIR, 'Dockerfile'), 'utf8').matchAll(/^CMD (\[.*\])$/gm)];
    assert.deepEqual(JSON.parse(dockerCommands.at(-1)![1]!), ['node', ...flags, 'dist/server/main.js']);
    const heapMb = Number(
      /^--max-old-space-size=(\d+)$/.exec(flags.find((f) => f.startsWith('--max-old-space-size')) ?? '')?.[1],
    );
    assert.ok(heapMb > 0, 'the heap is capped: V8 otherwise sizes it by the machine, not by the container');
    for (const name of ['portal-web', 'portal-worker']) {
      const limit = containerOf(find('Deployment', name)).resources!.limits!.memory as string;
      assert.match(limit, /^\d+Mi$/);
      assert.ok(heapMb <= Number.parseInt(limit, 10) / 2, `${name}: heap ${heapMb} MB within half of ${limit}`);
    }
  });

  it('the migration Job runs db-cli migrate once, never restarted in place', () => {
    const job = find('Job', 'portal-migrate');
    const container = containerOf(job);
    assert.deepEqual(container.args, ['node', 'dist/server/db-cli.js', 'migrate']);
    assert.equal(podOf(job).restartPolicy, 'Never');
    assert.ok(job.spec.activeDeadlineSeconds > 0);
    assert.deepEqual(envOf(container, 'DATABASE_URL')?.valueFrom?.secretKeyRef?.name, 'portal-secrets');
  });

  it('uploads go to S3-compatible storage (production refuses local disk beside separate workers)', () => {
    assert.ok(configMap().S3_BUCKET);
    assert.ok(configMap().S3_REGION);
  });

  it('the Service selects the web pods; the Ingress reaches it, never retries a POST and streams unbuffered for 5 minutes', () => {
    const web = find('Deployment', 'portal-web');
    const service = find('Service', 'portal-web');
    const labels = web.spec.template.metadata.labels as Record<string, string>;
    for (const [key, value] of Object.entries(service.spec.selector as Record<string, string>))
      assert.equal(labels[key], value, `the Service's selector ${key}`);
    assert.equal(service.spec.ports[0].targetPort, containerOf(web).ports?.[0]?.name);
    const ingress = find('Ingress', 'portal-web');
    assert.equal(ingress.spec.rules[0].http.paths[0].backend.service.name, 'portal-web');
    const annotations = ingress.metadata.annotations as Record<string, string>;
    const nginx = (name: string) => annotations[`nginx.ingress.kubernetes.io/${name}`];
    assert.doesNotMatch(nginx('proxy-next-upstream') ?? '', /non_idempotent/);
    assert.equal(nginx('proxy-buffering'), 'off');
    assert.ok(Number(nginx('proxy-read-timeout')) >= 300);
  });
});
