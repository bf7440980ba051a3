// The three password rules of spec 1 §5, each with its exact message.
import assert from 'node:assert/strict';
import {
  CHANGE_CONFIRMATION_MISMATCH,
  checkPassword,
  INVITE_PASSWORD,
  PASSWORD_REQUIRED,
  REGISTRATION_PASSWORD,
  RESET_CONFIRMATION_MISMATCH,
  STRONG_PASSWORD,
} from '../../../../server/domain/accounts';

describe('password rules (spec 1 §5 Passwords)', () => {
  describe('registration: at least 6 characters with lower case, upper case and a digit or special character', () => {
    for (const good of ['Abcde1', 'Abcde!', 'xY-zzzzzz'])
      it(`accepts ${good}`, () => assert.equal(checkPassword(REGISTRATION_PASSWORD, good), null));
    for (const bad of ['Abcd1', 'abcdef1', 'ABCDEF1', 'Abcdefg']) {
      it(`rejects ${bad}`, () =>
        assert.equal(checkPassword(REGISTRATION_PASSWORD, bad), REGISTRATION_PASSWORD.message));
    }
  });

  describe('invite: at least 8 characters from three of four categories', () => {
    const message =
      'Your password must be at least 8 characters long and have at least one character from three of the following four categories: lowercase, uppercase, number, special character.';
    it('has the exact message', () => assert.equal(INVITE_PASSWORD.message, message));
    for (const good of ['abcdEF12', 'abcdef1!', 'ABCDEF1!', 'Abcdefg!'])
      it(`accepts ${good}`, () => assert.equal(checkPassword(INVITE_PASSWORD, good), null));
    for (const bad of ['abcdefgh1', 'ABCDEFGH!', 'Abc1!', 'abcdefghij'])
      it(`rejects ${bad}`, () => assert.equal(checkPassword(INVITE_PASSWORD, bad), message));
  });

  describe('reset and change: twelve characters, upper, lower, and a symbol or number', () => {
    const message =
      'Your password must contain at least twelve characters, an uppercase letter, a lowercase letter, and a symbol or number.';
    it('has the exact message', () => assert.equal(STRONG_PASSWORD.message, message));
    for (const good of ['Abcdefghijk1', 'Abcdefghijk!', 'correct-Horse-battery'])
      it(`accepts ${good}`, () => assert.equal(checkPassword(STRONG_PASSWORD, good), null));
    for (const bad of ['Abcdefghij1', 'abcdefghijk1', 'ABCDEFGHIJK1', 'Abcdefghijkl'])
      it(`rejects ${bad}`, () => assert.equal(checkPassword(STRONG_PASSWORD, bad), message));
  });

  it('keeps the spec wording of the entered-ness and confirmation messages', () => {
    assert.equal(PASSWORD_REQUIRED, 'You must enter an password.');
    assert.equal(RESET_CONFIRMATION_MISMATCH, 'Passwords must match');
    assert.equal(CHANGE_CONFIRMATION_MISMATCH, 'New password does not match');
  });
});
