// The error summary (issue [21] item 1) is made from the messages the form components report while a page
// renders. A message written by hand in a page would be shown but never listed, so none may be: every
// server-rendered message goes through FieldError or FormError. (Islands' messages, shown by script after
// a background request, are not form posts.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ErrorCollector, type ReportedError } from '../../../views/components/form/ErrorSummary';
import { FieldError, FormError } from '../../../views/components/form/FieldError';
import { RadioGroup } from '../../../views/components/form/ChoiceGroup';

const VIEWS = path.join(__dirname, '../../../views');

function viewFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? viewFiles(path.join(dir, entry.name))
        : entry.name.endsWith('.tsx')
          ? [path.join(dir, entry.name)]
          : [],
    );
}

describe('the error summary: every message is reported', () => {
  it('no view writes an error message by hand (class field-error outside FieldError.tsx)', () => {
    const handWritten = viewFiles(VIEWS)
      .filter((file) => !file.endsWith(path.join('form', 'FieldError.tsx')))
      .filter((file) => /field-error/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(VIEWS, file));
    assert.deepEqual(handWritten, []);
  });

  it('FieldError, FormError and a radio group report their messages, each once, with where to link', () => {
    const collected: ReportedError[] = [];
    renderToStaticMarkup(
      createElement(
        ErrorCollector.Provider,
        { value: collected },
        createElement(FieldError, { id: 'email', error: 'You must enter an email address' }),
        createElement(FieldError, { id: 'email', error: 'You must enter an email address' }),
        createElement(FieldError, { id: 'photos', error: 'First file refused.\nSecond file refused.' }),
        createElement(FormError, { id: 'payment-failure', message: 'Your card was declined.' }),
        createElement(FormError, { id: 'nothing', message: null }),
        createElement(RadioGroup, {
          idPrefix: 'source',
          name: 'source',
          legend: 'Payment method',
          value: '',
          options: [{ value: 'new', label: 'A new card' }],
          error: 'Please choose a payment method.',
        }),
      ),
    );
    assert.deepEqual(collected, [
      { target: 'email', message: 'You must enter an email address', shownAt: 'email-error' },
      { target: 'photos', message: 'First file refused.', shownAt: 'photos-error' },
      { target: 'photos', message: 'Second file refused.', shownAt: 'photos-error' },
      { target: 'payment-failure', message: 'Your card was declined.', shownAt: 'payment-failure' },
      { target: 'source-new', message: 'Please choose a payment method.', shownAt: 'source-error' },
    ]);
  });
});
