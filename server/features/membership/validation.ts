// The membership payment form's own messages; the address, terms and payment method rules and their
// messages (spec 3 §5 "Payment form") are the billing domain's (validatePayment).
export const MEMBERSHIP_PAYMENT_MESSAGES = {
  previewFailed: 'We could not work out the price of this plan just now. Please try again in a moment.',
  taxChanged: 'The sales tax for this billing address changes the total. Please check the new total and pay again.',
  attemptExpired: 'This payment page has expired, so nothing was charged. Please check the total and pay again.',
} as const;
