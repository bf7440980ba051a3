// The referral-funnel module's public face: everything outside server/domain/referral-funnel/ imports from here.
export {
  emptyFigures,
  FUNNEL_CACHE_MS,
  type Funnel,
  type FunnelFigures,
  type FunnelQuestion,
  referralFunnel,
} from './funnel';
export {
  type CalendarMonth,
  isBefore,
  monthBounds,
  monthKey,
  monthOf,
  monthsEndingIn,
  parseMonth,
} from './months';
