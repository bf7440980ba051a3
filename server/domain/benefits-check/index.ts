// The benefits-check module's public face (spec 3 §4 "Practice management and benefits tool"): the
// card a message's benefits check (VOB) shows, its arithmetic, and running a pending check again.
export { BENEFITS_CHECK_TEXTS, fill, VOB_STATUSES, type VobData, type VobInputInfo, type VobStatus } from './types';
export {
  BENEFITS_CHECK_PATHS,
  type CardMessage,
  rerunBenefitsCheck,
  type RerunOutcome,
} from './service';
export { type BenefitsCheckScope, ongoingSessionFee } from './repo';
