// The Node flags production runs the compiled server with. package.json's start:prod is their one home;
// the Dockerfile, the Kubernetes manifests (checked by test/unit/deploy-manifests.test.ts) and the
// memory bench run the server with the same ones.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../server/db/knex';

export function productionNodeFlags(): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const command = /^node((?: --[\w-]+(?:=\S+)?)*) dist\/server\/main\.js$/.exec(scripts['start:prod'] ?? '');
  if (!command) throw new Error(`start:prod is not "node [--flags] dist/server/main.js": ${scripts['start:prod']}`);
  return command[1]!.trim().split(/\s+/).filter(Boolean);
}
