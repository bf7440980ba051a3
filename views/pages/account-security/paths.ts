// The addresses of Account Settings' security pages (issue [25]): the authenticator app, recovery codes and
// signed-in devices.
import { SETTINGS_PATH } from '../account-preferences/SettingsForm';

export const SECURITY_PATHS = {
  authenticator: `${SETTINGS_PATH}/authenticator`,
  setup: `${SETTINGS_PATH}/authenticator/setup`,
  confirmation: `${SETTINGS_PATH}/authenticator/confirmation`,
  removal: `${SETTINGS_PATH}/authenticator/removal`,
  recoveryCodes: `${SETTINGS_PATH}/recovery-codes`,
  sessions: `${SETTINGS_PATH}/sessions`,
  signOutOthers: `${SETTINGS_PATH}/sessions/sign-out-others`,
  signOut: (id: string) => `${SETTINGS_PATH}/sessions/${id}/sign-out`,
} as const;
