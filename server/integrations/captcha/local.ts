// Local bot check: works offline. A filled honeypot field means a bot; everything else passes.
import type { Captcha } from './port';

export function createLocalCaptcha(): Captcha {
  return {
    provider: 'local',
    widget: null,
    async verify(input) {
      return !(input.honeypot ?? '').trim();
    },
  };
}
