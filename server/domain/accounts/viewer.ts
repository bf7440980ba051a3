// Who is signed in and which provider profile they are working on; loaded once per request.
export type ProviderType = 'individual' | 'practice';
export type ProviderStatus = 'incomplete' | 'reviewing' | 'pending' | 'active' | 'inactive' | 'locked';

export interface ProviderSummary {
  id: number;
  accountId: number;
  type: ProviderType;
  status: ProviderStatus;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  displayName: string;
  slug: string | null;
  hasPaidPlan: boolean;
  hasVideos: boolean;
  hasCalendar: boolean;
  /** IANA time zone of the provider (greeting, calendar). */
  timezone: string;
  unreadMessageCount: number;
}

export interface Viewer {
  user: {
    id: number;
    email: string;
    firstName: string | null;
    lastName: string | null;
    displayName: string;
    scopes: string[];
    twoFactorEnrolled: boolean;
  };
  roles: { accountId: number; role: string }[];
  /** Profiles the user has clinician access to (spec 1 §2 Choose a Profile). */
  providers: ProviderSummary[];
  provider: ProviderSummary | null;
}

declare global {
  namespace Express {
    interface Locals {
      viewer?: Viewer;
    }
  }
}

export function providerDisplayName(p: {
  type: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
}): string {
  if (p.type === 'practice' && p.company_name) return p.company_name;
  return [p.first_name, p.last_name].filter(Boolean).join(' ') || p.company_name || 'Unnamed profile';
}
