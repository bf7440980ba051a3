// The billing module's public face: the catalog, what subscriptions mean for an account, the mirror of
// Stripe and its webhooks. Everything outside server/domain/billing/ imports from here.
export {
  COUPONS,
  membershipPriceFor,
  monthlyCounterpart,
  PARTNER_COUPONS,
  PRICES,
  REFERRAL_COUPON,
  priceByLookupKey,
  priceNameOf,
  PRODUCTS,
  productOf,
  SEAT_KINDS,
  seatKindOf,
  SPECIAL_PRICING_STATES,
  TAX_CODES,
  taxCodeOf,
  tierOf,
  type CatalogPrice,
  type CatalogProduct,
  type ProductKey,
  type SeatKind,
  type TaxCategory,
  type Tier,
} from './catalog';
export { findCatalogPrice, priceIdsByLookupKey, productIdOf, syncCatalog } from './catalog-sync';
export {
  cannotCombine,
  combinationRefusal,
  COUPON_MESSAGES,
  durationPhrase,
  evaluateCoupon,
  isInternalCoupon,
  typedCoupon,
  type CouponLine,
  type CouponOutcome,
} from './coupons';
export { customerOwning, ensureCustomer, primaryCustomerOf, saveSetupCard } from './customers';
export { recordPurchase, thankYouFor, type Purchase } from './purchases';
export {
  deriveAccountBilling,
  LIVE_STATUSES,
  PAID_STATUSES,
  providerIdsOf,
  type AccountBilling,
  type MirroredSubscription,
} from './derive';
export { recomputeAccount, syncCustomer, type SyncOutcome } from './mirror';
export {
  AWAITING_PAYMENT,
  billingContactsOf,
  dollars,
  firstPaymentPending,
  owedPaymentsOf,
  owedSentence,
  PAYMENT_FAILED_MAIL_JOB,
  paymentFailedMessage,
  preselectedCard,
  type OwedPayment,
} from './dunning';
export { PAY_OPEN_INVOICE, payOpenInvoices, payOwedInvoice, type OpenInvoicesOutcome } from './open-invoices';
export { sectionOf, statusDisplay, type StatusTone } from './status';
export {
  billingJobs,
  customerOfEvent,
  isWellFormedEvent,
  receiveEvent,
  reconcile,
  RECONCILE_JOB,
  SYNC_CUSTOMER_JOB,
} from './webhooks';
export {
  addSeatChanges,
  isCustomisedSeatMix,
  monthlyChanges,
  newMembershipItems,
  practiceManagementChanges,
  PRACTICE_MANAGEMENT_KEYS,
  REIMBURSIFY_KEYS,
  REIMBURSIFY_TIERS,
  reimbursifyChanges,
  accountReimbursifyTier,
  reimbursifyTierOf,
  SETUP_OPTIONS,
  setupLookupKey,
  toStripeChanges,
  type CurrentItem,
  type SetupOption,
  type ItemChange,
  type ReimbursifyTier,
} from './plans';
export {
  PAYMENT_FIELDS,
  PAYMENT_MESSAGES,
  paymentValuesFrom,
  validatePayment,
  type PaymentInput,
} from './payment-form';
export {
  NO_SALES_TAX,
  salesTaxPlan,
  taxRatesOf,
  type SalesTaxPlan,
  type TaxedItem,
} from './sales-tax';
export {
  hostedPageDone,
  linesAfter,
  paidOnHostedPage,
  payOrder,
  payOrderOnHostedPage,
  previewOrder,
  retaxCustomer,
  salesTaxOf,
  saveCardOnHostedPage,
  type Order,
  type Payment,
  type PurchaseDeps,
} from './purchase';
export {
  ATTEMPT_LEASE_SECONDS,
  findAttempt,
  isAttemptSettled,
  noteAttemptTax,
  openAttempt,
  settleAttempt,
  type Attempt,
  type AttemptOutcome,
  type AttemptOwner,
} from './attempts';
export { lineOf, linesOfChange, monthlyOf, type PlanLine } from './lines';
export {
  automaticCoupon,
  checkCoupons,
  creditReferrer,
  OFFER_TEXTS,
  REFERRER_CREDIT,
  type CouponCheck,
  type CouponContext,
} from './offers';
export {
  hostedPageReturn,
  payPayStep,
  payStepProfileOf,
  type BillingAddress,
  type PayStepPost,
  type SavedCard,
} from './pay-step';
export {
  hasLiveSeat,
  photographerAnswerOf,
  savePhotographerAnswer,
  seatAwaitsPayment,
  seatOf,
} from './seats';
export {
  accountOfSubscription,
  accountPlanFlags,
  firstProviderOfAccount,
  liveSubscriptionsOf,
  subscriptionsOfAccount,
  subscriptionsOfAccountColumn,
  subscriptionOf,
  type MirroredSubscriptionView,
} from './subscriptions';
export { billingHistoryPage, type HistoryEntry, type HistoryPage } from './history';
export {
  accountBillingRecords,
  defaultCardOf,
  isCustomerOfAccount,
  liveSubscriptionOfAccount,
  type AccountBillingRecords,
} from './account-records';
