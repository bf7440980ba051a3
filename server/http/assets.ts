// Reads Vite's manifest once and answers which files a page needs: the stylesheet, the shared script,
// and for each island the page rendered its entry plus the chunks it imports (modulepreload).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../db/knex.js';
import type { PageAssets } from '../../views/page-context';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const BUILD_DIR = path.join(ROOT_DIR, 'public', 'build');
export const BUILD_URL = '/build';

export class AssetManifest {
  private byName = new Map<string, { key: string; chunk: ManifestChunk }>();

  constructor(private manifest: Manifest) {
    for (const [key, chunk] of Object.entries(manifest))
      if (chunk.isEntry && chunk.name) this.byName.set(chunk.name, { key, chunk });
  }

  static load(dir = BUILD_DIR): AssetManifest {
    const file = path.join(dir, '.vite', 'manifest.json');
    return new AssetManifest(fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {});
  }

  get built(): boolean {
    return this.byName.size > 0;
  }

  forPage(islands: Iterable<string>): PageAssets {
    const styles = new Set<string>();
    const scripts: string[] = [];
    const preloads = new Set<string>();
    const styleEntry = this.byName.get('styles')?.chunk;
    if (styleEntry)
      styles.add(url(styleEntry.file.endsWith('.css') ? styleEntry.file : (styleEntry.css?.[0] ?? styleEntry.file)));
    const portal = this.byName.get('portal')?.chunk;
    if (portal) scripts.push(url(portal.file));
    for (const name of islands) {
      const entry = this.byName.get(`island-${name}`);
      if (!entry) continue;
      scripts.push(url(entry.chunk.file));
      this.collectImports(entry.chunk, preloads);
      for (const css of entry.chunk.css ?? []) styles.add(url(css));
    }
    return { styles: [...styles], scripts, preloads: [...preloads] };
  }

  private collectImports(chunk: ManifestChunk, into: Set<string>): void {
    for (const key of chunk.imports ?? []) {
      const imported = this.manifest[key];
      if (!imported || into.has(url(imported.file))) continue;
      into.add(url(imported.file));
      this.collectImports(imported, into);
    }
  }
}

const url = (file: string) => `${BUILD_URL}/${file}`;
