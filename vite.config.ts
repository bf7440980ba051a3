// Builds what the browser gets: one entry per island (hydrating every instance of it on the page),
// the small shared behaviour script, and the stylesheet. The server reads the manifest to link them.
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const root = import.meta.dirname;
const islandNames = fs
  .readdirSync(path.join(root, 'islands'))
  .filter((file) => /^[A-Z]\w*\.tsx$/.test(file))
  .map((file) => file.replace(/\.tsx$/, ''));

const VIRTUAL_PREFIX = 'virtual:island/';

/**
 * Styles only one island's page needs: part of that island's bundle, so only the pages that render the
 * island link them (server/http/assets.ts), not every page's shared sheet. Its selectors must name
 * nothing outside the island's page.
 */
const ISLAND_STYLES: Record<string, string> = {
  CalendarGrid: path.join(root, 'views', 'styles', 'calendar.css'),
};

/** Each island gets a virtual entry that imports the component and hydrates it. */
function islandEntries(): Plugin {
  return {
    name: 'island-entries',
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL_PREFIX}`)) return null;
      const name = id.slice(VIRTUAL_PREFIX.length + 1);
      const styles = ISLAND_STYLES[name];
      return [
        ...(styles ? [`import ${JSON.stringify(styles)};`] : []),
        `import Component from ${JSON.stringify(path.join(root, 'islands', `${name}.tsx`))};`,
        `import { hydrateIslands } from ${JSON.stringify(path.join(root, 'islands', 'lib', 'hydrate.ts'))};`,
        `hydrateIslands(${JSON.stringify(name)}, Component);`,
      ].join('\n');
    },
  };
}

export default defineConfig({
  root,
  publicDir: false,
  plugins: [react(), islandEntries()],
  build: {
    outDir: 'public/build',
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    // The browser policy of the README: the last five years of Safari (iOS 14), Chrome, Edge and Firefox.
    target: ['es2020', 'safari14', 'chrome90', 'edge90', 'firefox88'],
    cssTarget: ['safari14', 'chrome90', 'edge90', 'firefox88'],
    rolldownOptions: {
      input: {
        portal: path.join(root, 'islands', 'portal.ts'),
        styles: path.join(root, 'views', 'styles', 'portal.css'),
        ...Object.fromEntries(islandNames.map((name) => [`island-${name}`, `${VIRTUAL_PREFIX}${name}`])),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              debugName: 'vendor',
              name: (id: string) => (/node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id) ? 'vendor' : null),
            },
          ],
        },
      },
    },
  },
});
