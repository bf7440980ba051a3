// Saved replies' merge fields (issue [22] item 2): each field is filled from the conversation, a missing first
// name reads "there", unknown fields are left as written by the merge and refused when the reply is saved.
import assert from 'node:assert/strict';
import {
  checkSavedReply,
  FIRST_NAME_FALLBACK,
  MERGE_FIELDS,
  mergeReply,
  SAVED_REPLY_TEXTS,
  unknownMergeFields,
} from '../../../../server/domain/saved-replies';
import { ValidationError } from '../../../../server/lib/errors';

const values = {
  clientFirstName: 'Jane',
  providerName: 'Dana Rivera',
  bookingLink: 'https://directory.example.com/therapists/dana-rivera',
  benefitsCheckLink: 'https://reimbursify.example.com/benefits-check/12',
};

const fieldsOf = (error: unknown): Record<string, string> => {
  assert.ok(error instanceof ValidationError, 'a ValidationError');
  return error.fields;
};

describe('saved replies: merging', () => {
  it('fills every merge field, each time it appears, spaces inside the braces allowed', () => {
    const body =
      'Hi {{client_first_name}}, this is {{ provider_name }}.\nBook: {{booking_link}}\nBenefits: {{benefits_check_link}}\n— {{provider_name}}';
    assert.equal(
      mergeReply(body, values),
      'Hi Jane, this is Dana Rivera.\nBook: https://directory.example.com/therapists/dana-rivera\nBenefits: https://reimbursify.example.com/benefits-check/12\n— Dana Rivera',
    );
  });

  it('a client without a first name is greeted as "there"', () => {
    assert.equal(FIRST_NAME_FALLBACK, 'there');
    assert.equal(mergeReply('Hi {{client_first_name}},', { ...values, clientFirstName: null }), 'Hi there,');
    assert.equal(mergeReply('Hi {{client_first_name}},', { ...values, clientFirstName: '  ' }), 'Hi there,');
  });

  it('leaves unknown fields, single braces and plain text as written', () => {
    assert.equal(
      mergeReply('{{client_last_name}} {client_first_name} {{ }} plain', values),
      '{{client_last_name}} {client_first_name} {{ }} plain',
    );
  });

  it('a value that looks like a field is not merged again', () => {
    assert.equal(
      mergeReply('{{client_first_name}} / {{provider_name}}', { ...values, clientFirstName: '{{provider_name}}' }),
      '{{provider_name}} / Dana Rivera',
    );
  });

  it('lists the four fields, and the unknown ones a body uses, each once', () => {
    assert.deepEqual(
      MERGE_FIELDS.map((f) => f.name),
      ['client_first_name', 'provider_name', 'booking_link', 'benefits_check_link'],
    );
    assert.deepEqual(unknownMergeFields('{{client_first_name}} {{first_name}} {{ phone }} {{first_name}}'), [
      'first_name',
      'phone',
    ]);
    assert.deepEqual(unknownMergeFields('Hi {{client_first_name}}'), []);
  });
});

describe('saved replies: what may be saved', () => {
  it('a title and a text, trimmed', () => {
    assert.deepEqual(checkSavedReply({ title: '  Welcome ', body: ' Hi {{client_first_name}} ' }), {
      title: 'Welcome',
      body: 'Hi {{client_first_name}}',
    });
  });

  it('both are required, and have their length limits', () => {
    assert.throws(
      () => checkSavedReply({ title: ' ', body: undefined }),
      (error: unknown) => {
        assert.deepEqual(fieldsOf(error), {
          title: SAVED_REPLY_TEXTS.titleRequired,
          body: SAVED_REPLY_TEXTS.bodyRequired,
        });
        return true;
      },
    );
    assert.throws(
      () => checkSavedReply({ title: 'x'.repeat(101), body: 'y'.repeat(5001) }),
      (error: unknown) => {
        assert.deepEqual(fieldsOf(error), {
          title: 'The title can be at most 100 characters.',
          body: 'The text can be at most 5,000 characters.',
        });
        return true;
      },
    );
    assert.doesNotThrow(() => checkSavedReply({ title: 'x'.repeat(100), body: 'y'.repeat(5000) }));
  });

  it('an unknown merge field is refused, naming it and the fields there are', () => {
    assert.throws(
      () => checkSavedReply({ title: 'Typo', body: 'Hi {{first_name}}, {{clinic}}' }),
      (error: unknown) => {
        assert.deepEqual(fieldsOf(error), {
          body: '{{first_name}}, {{clinic}} are not merge fields. Use {{client_first_name}}, {{provider_name}}, {{booking_link}} or {{benefits_check_link}}.',
        });
        return true;
      },
    );
    assert.throws(
      () => checkSavedReply({ title: 'Typo', body: 'Hi {{first_name}}' }),
      (error: unknown) => /^\{\{first_name\}\} is not a merge field\. Use /.test(fieldsOf(error).body ?? ''),
    );
  });
});
