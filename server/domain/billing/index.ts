// The billing module's public face: the catalog, what subscriptions mean for an account, the mirror of
// Stripe and its webhooks. Everything outside server/domain/billing/ imports from here.

export {
  type AccountBillingRecords,
  accountBillingRecords,
  defaultCardOf,
  isCustomerOfAccount,
  liveSubscriptionOfAccount,
} from './account-records';
export {
  ATTEMPT_LEASE_SECONDS,
  type Attempt,
  type AttemptOutcome,
  type AttemptOwner,
  findAttempt,
  isAttemptSettled,
  noteAttemptTax,
  openAttempt,
  settleAttempt,
} from './attempts';
export {
  type CatalogPrice,
  type CatalogProduct,
  COUPONS,
  membershipPriceFor,
  monthlyCounterpart,
  PARTNER_COUPONS,
  PRICES,
  PRODUCTS,
  type ProductKey,
  priceByLookupKey,
  priceNameOf,
  productOf,
  REFERRAL_COUPON,
  SEAT_KINDS,
  type SeatKind,
  SPECIAL_PRICING_STATES,
  seatKindOf,
  TAX_CODES,
  type TaxCategory,
  type Tier,
  taxCodeOf,
  tierOf,
} from './catalog';
export { findCatalogPrice, priceIdsByLookupKey, productIdOf, syncCatalog } from './catalog-sync';
export {
  COUPON_MESSAGES,
  type CouponLine,
  type CouponOutcome,
  cannotCombine,
  combinationRefusal,
  durationPhrase,
  evaluateCoupon,
  isInternalCoupon,
  typedCoupon,
} from './coupons';
export { billingAddressOf, customerOwning, ensureCustomer, primaryCustomerOf, saveSetupCard } from './customers';
export {
  type AccountBilling,
  deriveAccountBilling,
  LIVE_STATUSES,
  type MirroredSubscription,
  PAID_STATUSES,
  providerIdsOf,
} from './derive';
export {
  AWAITING_PAYMENT,
  billingContactsOf,
  dollars,
  firstPaymentPending,
  type OwedPayment,
  owedPaymentsOf,
  owedSentence,
  PAYMENT_FAILED_MAIL_JOB,
  paymentFailedMessage,
  preselectedCard,
} from './dunning';
export { billingHistoryPage, type HistoryEntry, type HistoryPage } from './history';
export { lineOf, linesOfChange, monthlyOf, type PlanLine } from './lines';
export { recomputeAccount, type SyncOutcome, syncCustomer } from './mirror';
export {
  automaticCoupon,
  type CouponCheck,
  type CouponContext,
  checkCoupons,
  creditReferrer,
  OFFER_TEXTS,
  REFERRER_CREDIT,
} from './offers';
export { type OpenInvoicesOutcome, PAY_OPEN_INVOICE, payOpenInvoices, payOwedInvoice } from './open-invoices';
export {
  type BillingAddress,
  hostedPageReturn,
  type PayStepPost,
  payPayStep,
  payStepProfileOf,
  type SavedCard,
} from './pay-step';
export {
  PAYMENT_FIELDS,
  PAYMENT_MESSAGES,
  type PaymentInput,
  paymentValuesFrom,
  validatePayment,
} from './payment-form';
export {
  accountReimbursifyTier,
  addSeatChanges,
  type CurrentItem,
  type ItemChange,
  isCustomisedSeatMix,
  monthlyChanges,
  newMembershipItems,
  PRACTICE_MANAGEMENT_KEYS,
  practiceManagementChanges,
  REIMBURSIFY_KEYS,
  REIMBURSIFY_TIERS,
  type ReimbursifyTier,
  reimbursifyChanges,
  reimbursifyTierOf,
  SETUP_OPTIONS,
  type SetupOption,
  setupLookupKey,
  toStripeChanges,
} from './plans';
export {
  hostedPageDone,
  linesAfter,
  type Order,
  type Payment,
  type PurchaseDeps,
  paidOnHostedPage,
  payOrder,
  payOrderOnHostedPage,
  previewOrder,
  retaxCustomer,
  salesTaxOf,
  saveCardOnHostedPage,
} from './purchase';
export { type Purchase, premiumSetupColumn, recordPurchase, thankYouFor } from './purchases';
export {
  NO_SALES_TAX,
  type SalesTaxPlan,
  salesTaxPlan,
  type TaxedItem,
  taxRatesOf,
} from './sales-tax';
export {
  hasLiveSeat,
  photographerAnswerOf,
  savePhotographerAnswer,
  seatAwaitsPayment,
  seatOf,
} from './seats';
export { type StatusTone, sectionOf, statusDisplay } from './status';
export {
  accountOfSubscription,
  accountPlanFlags,
  firstProviderOfAccount,
  liveSubscriptionsOf,
  type MirroredSubscriptionView,
  subscriptionOf,
  subscriptionsOfAccount,
  subscriptionsOfAccountColumn,
} from './subscriptions';
export {
  billingJobs,
  customerOfEvent,
  isWellFormedEvent,
  RECONCILE_JOB,
  receiveEvent,
  reconcile,
  SYNC_CUSTOMER_JOB,
} from './webhooks';
