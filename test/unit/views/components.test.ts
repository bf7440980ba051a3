// Small view components whose rules are their own: what they show and in which order.
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatPhone } from '../../../views/components/format';
import { TagCheckboxes } from '../../../views/components/TagCheckboxes';

describe('view components', () => {
  it('TagCheckboxes lists the chosen options first, then the rest in their order', () => {
    const options = ['Anxiety', 'Depression', 'Grief', 'Trauma'].map((name, i) => ({ id: i + 1, name }));
    const html = renderToStaticMarkup(
      createElement(TagCheckboxes, { name: 'specialties', legend: 'Specialties', options, selected: [3, 4] }),
    );
    const order = [...html.matchAll(/<label for="specialties-\d+">([^<]+)<\/label>/g)].map((m) => m[1]);
    assert.deepEqual(order, ['Grief', 'Trauma', 'Anxiety', 'Depression']);
    assert.equal((html.match(/checked=""/g) ?? []).length, 2);
  });

  it('formatPhone shows a US number as (212) 555-0142 and leaves anything else as stored', () => {
    assert.equal(formatPhone('+12125550142'), '(212) 555-0142');
    assert.equal(formatPhone('+442071838750'), '+442071838750');
    assert.equal(formatPhone(null), '');
  });
});
