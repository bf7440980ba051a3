// Every feature, the one list the composition root (server/wiring.ts, server/app.ts) takes them from: the
// pages in the order their routes are tried, the directory API's endpoints, and the features' own jobs.
// Features are independent of each other (a check enforces it); what they share lives in server/domain
// and server/lib.
import type { Router } from 'express';
import type { ApiEndpoints } from '../api';
import type { JobDefinition } from '../jobs';
import type { FeatureDeps } from './deps';
import { passwordResetJobs } from './auth/jobs';
import { bookingApi, type BookingApiDeps } from './booking-api/routes';
import { photoJobs } from './photos-video/jobs';
import { zpmSignupJobs } from './zpm-signup/jobs';
import { accountPreferencesRoutes } from './account-preferences/routes';
import { accountPasskeysRoutes } from './account-passkeys/routes';
import { accountSecurityRoutes } from './account-security/routes';
import { authRoutes } from './auth/routes';
import { availabilityLocationsRoutes } from './availability-locations/routes';
import { appointmentRoutes } from './appointments/routes';
import { benefitRoutes } from './benefits/routes';
import { benefitsCheckRoutes } from './benefits-check/routes';
import { calendarRoutes } from './calendar/routes';
import { calendarSyncRoutes } from './calendar-sync/routes';
import { checkoutRoutes } from './checkout/routes';
import { clienteleApproachRoutes } from './clientele-approach/routes';
import { clientListRoutes } from './client-list/routes';
import { contactRoutes } from './contact/routes';
import { dashboardRoutes } from './dashboard/routes';
import { devClientRoutes } from './dev-client/routes';
import { devRoutes } from './dev/routes';
import { developerToolsRoutes } from './developer-tools/routes';
import { educationEmploymentRoutes } from './education-employment/routes';
import { generalInformationRoutes } from './general-information/routes';
import { insuranceFeesRoutes } from './insurance-fees/routes';
import { membershipRoutes } from './membership/routes';
import { messagesRoutes } from './messages/routes';
import { messageStatementRoutes } from './message-statement/routes';
import { onboardingRoutes } from './onboarding/routes';
import { photosVideoRoutes } from './photos-video/routes';
import { planManagementRoutes } from './plan-management/routes';
import { practiceInboxRoutes } from './practice-inbox/routes';
import { practiceManagementRoutes } from './practice-management/routes';
import { privatePayBoosterRoutes } from './private-pay-booster/routes';
import { practiceProviderRoutes } from './practice-providers/routes';
import { practiceAuditRoutes } from './practice-audit/routes';
import { practiceFunnelRoutes } from './practice-funnel/routes';
import { practiceTeamRoutes } from './practice-team/routes';
import { profileCreationRoutes } from './profile-creation/routes';
import { profileRoutes } from './profiles/routes';
import { referralDataRoutes } from './referral-data/routes';
import { reminderRoutes } from './reminders/routes';
import { signupRoutes } from './signup/routes';
import { specialtiesRoutes } from './specialties/routes';
import { supportRoutes } from './support/routes';
import { testimonialRoutes } from './testimonials/routes';
import { therapyGroupRoutes } from './therapy-groups/routes';
import { tipsRoutes } from './tips/routes';
import { uiRoutes } from './ui/routes';
import { vettingRoutes } from './vetting/routes';
import { zpmSignupRoutes } from './zpm-signup/routes';

export type { FeatureDeps } from './deps';

/** The jobs that features define (the domain's own are listed beside them in server/wiring.ts). */
export const featureJobs: JobDefinition<never>[] = [...passwordResetJobs, ...photoJobs, ...zpmSignupJobs];

/** The directory API's endpoints (docs/api.md), mounted under /api/v1 with its token and idempotency checks. */
export const apiEndpoints = (deps: BookingApiDeps): ApiEndpoints[] => [bookingApi(deps)];

export function featureRouters(deps: FeatureDeps): Router[] {
  return [
    onboardingRoutes(deps),
    authRoutes(deps),
    accountPreferencesRoutes(deps),
    accountSecurityRoutes(deps),
    accountPasskeysRoutes(deps),
    dashboardRoutes(deps),
    profileRoutes(deps),
    profileCreationRoutes(deps),
    membershipRoutes(deps),
    signupRoutes(deps),
    messageStatementRoutes(deps),
    educationEmploymentRoutes(deps),
    insuranceFeesRoutes(deps),
    supportRoutes(deps),
    generalInformationRoutes(deps),
    specialtiesRoutes(deps),
    clienteleApproachRoutes(deps),
    therapyGroupRoutes(deps),
    testimonialRoutes(deps),
    practiceProviderRoutes(deps),
    practiceTeamRoutes(deps),
    practiceAuditRoutes(deps),
    practiceFunnelRoutes(deps),
    availabilityLocationsRoutes(deps),
    photosVideoRoutes(deps),
    planManagementRoutes(deps),
    checkoutRoutes(deps),
    vettingRoutes(deps),
    benefitRoutes(deps),
    tipsRoutes(deps),
    contactRoutes(deps),
    uiRoutes(deps),
    devRoutes(deps),
    developerToolsRoutes(deps),
    devClientRoutes(deps),
    appointmentRoutes(deps),
    reminderRoutes(deps),
    // Before the calendar's own routes: /calendar/connections is not one of its /calendar/{…} pages.
    calendarSyncRoutes(deps),
    calendarRoutes(deps),
    benefitsCheckRoutes(deps),
    clientListRoutes(deps),
    practiceInboxRoutes(deps),
    referralDataRoutes(deps),
    messagesRoutes(deps),
    practiceManagementRoutes(deps),
    privatePayBoosterRoutes(deps),
    zpmSignupRoutes(deps),
  ];
}
