// Small view components whose rules are their own: what they show and in which order.
import assert from 'node:assert/strict';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatPhone } from '../../../views/components/format';
import { TagCheckboxes } from '../../../views/components/TagCheckboxes';
import { Card } from '../../../views/components/ui/Card';
import { DataTable } from '../../../views/components/ui/DataTable';

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

  it('Card puts its actions in its header, beside the heading, and has no header box without them', () => {
    const withActions = renderToStaticMarkup(
      Card({
        id: 'plan',
        title: 'Your plan',
        actions: createElement('a', { href: '/edit' }, 'Edit'),
        children: 'Body',
      }),
    );
    assert.match(
      withActions,
      /<div class="card-header"><h2 id="plan-heading">Your plan<\/h2><div class="card-header__actions"><a href="\/edit">Edit<\/a><\/div><\/div>/,
    );
    const plain = renderToStaticMarkup(Card({ id: 'plan', title: 'Your plan', children: 'Body' }));
    assert.doesNotMatch(plain, /card-header/);
    assert.match(plain, /<section[^>]*><h2 id="plan-heading">Your plan<\/h2>/);
  });

  it('DataTable in compact density marks its table, and only then', () => {
    const table = (density?: 'compact') =>
      renderToStaticMarkup(
        createElement(DataTable<{ n: number }>, {
          caption: 'Numbers',
          rows: [{ n: 1 }],
          rowKey: (row) => row.n,
          columns: [{ heading: 'N', cell: (row) => row.n }],
          ...(density ? { density } : {}),
        }),
      );
    assert.match(table('compact'), /<table class="stack-table data-table--compact">/);
    assert.match(table(), /<table class="stack-table">/);
  });
});
