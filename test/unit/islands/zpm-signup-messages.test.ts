// /zpm-signup's listener (spec 3 §2): a message of the EHR's sign-up form is accepted only from the
// configured origin (ZPM_SIGNUP_ORIGIN), and only with a url and a clinic id; anything else is ignored.
import assert from 'node:assert/strict';
import { acceptMessage, purchaseStepUrl } from '../../../islands/ZpmSignupMessages';

const ORIGIN = 'https://signup.ehr.example';
const CLINIC = { url: 'https://calm-waters.practice.example.com', clinicId: 'clinic-1' };

describe('ZpmSignupMessages: the origin check', () => {
  it('accepts the clinic from the configured origin, as an object or as JSON text', () => {
    assert.deepEqual(acceptMessage({ origin: ORIGIN, data: CLINIC }, ORIGIN), CLINIC);
    assert.deepEqual(acceptMessage({ origin: ORIGIN, data: JSON.stringify(CLINIC) }, ORIGIN), CLINIC);
  });

  it('ignores the same message from any other origin', () => {
    for (const origin of [
      'https://evil.example',
      'http://signup.ehr.example',
      'https://signup.ehr.example:8443',
      'https://signup.ehr.example.evil.example',
      'null',
    ]) {
      assert.equal(acceptMessage({ origin, data: CLINIC }, ORIGIN), null, origin);
    }
  });

  it('ignores messages without both a url and a clinic id', () => {
    for (const data of [
      null,
      'not json',
      {},
      { url: CLINIC.url },
      { clinicId: 'clinic-1' },
      { url: 1, clinicId: 'x' },
      { url: '', clinicId: 'x' },
    ]) {
      assert.equal(acceptMessage({ origin: ORIGIN, data }, ORIGIN), null, JSON.stringify(data));
    }
  });

  it('goes on to the purchase step with the clinic in the query (the server checks it again)', () => {
    assert.equal(
      purchaseStepUrl('/zpm-signup', CLINIC),
      '/zpm-signup?clinic_id=clinic-1&url=https%3A%2F%2Fcalm-waters.practice.example.com',
    );
  });
});
