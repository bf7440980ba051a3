// The asset manifest: a page gets the stylesheet, the shared script, and only the islands it rendered.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from '../../../server/db/knex';
import { AssetManifest } from '../../../server/http/assets';

const manifest = new AssetManifest({
  '_vendor-1.js': { file: 'assets/vendor-1.js', name: 'vendor' },
  'islands/portal.ts': { file: 'assets/portal-1.js', name: 'portal', isEntry: true },
  'views/styles/portal.css': { file: 'assets/styles-1.css', name: 'styles', isEntry: true },
  'virtual:island/PhotoCropper': {
    file: 'assets/island-PhotoCropper-1.js',
    name: 'island-PhotoCropper',
    isEntry: true,
    imports: ['_vendor-1.js'],
  },
  'virtual:island/CalendarGrid': {
    file: 'assets/island-CalendarGrid-1.js',
    name: 'island-CalendarGrid',
    isEntry: true,
    imports: ['_vendor-1.js'],
  },
});

describe('asset manifest', () => {
  it('a page without islands gets the stylesheet and the shared script only', () => {
    assert.deepEqual(manifest.forPage([]), {
      styles: ['/build/assets/styles-1.css'],
      scripts: ['/build/assets/portal-1.js'],
      preloads: [],
    });
  });

  it('an island page gets its entry and preloads the shared vendor chunk once', () => {
    const assets = manifest.forPage(['PhotoCropper', 'CalendarGrid']);
    assert.deepEqual(assets.scripts, [
      '/build/assets/portal-1.js',
      '/build/assets/island-PhotoCropper-1.js',
      '/build/assets/island-CalendarGrid-1.js',
    ]);
    assert.deepEqual(assets.preloads, ['/build/assets/vendor-1.js']);
  });

  it('knows when nothing was built', () => {
    assert.equal(new AssetManifest({}).built, false);
    assert.equal(manifest.built, true);
  });

  it('the build: the calendar’s styles come with its island only, and the shared sheet holds none of them', function () {
    const built = AssetManifest.load();
    if (!built.built) this.skip(); // npm test builds first; a lone run of this file may not have
    const stylesOf = (islands: string[]) => built.forPage(islands).styles;
    assert.equal(stylesOf([]).length, 1);
    const calendarPage = stylesOf(['CalendarGrid']);
    assert.equal(calendarPage.length, 2);
    const read = (url: string) => fs.readFileSync(path.join(ROOT_DIR, 'public', url), 'utf8');
    assert.match(read(calendarPage[1]!), /\.calendar__toolbar/);
    assert.doesNotMatch(read(stylesOf([])[0]!), /\.calendar/);
  });
});
