// A guarded form's bot check on the page: the provider's widget props, with this response's CSP opened
// to the provider's script and frame; null for the local check (the honeypot needs nothing).
import type { Response } from 'express';
import { CAPTCHA_TOKEN_FIELD, type Captcha } from '../integrations/captcha';
import { extendPolicy } from './security';
import type { CaptchaWidgetProps } from '../../views/components/CaptchaWidget';

export function captchaWidgetFor(res: Response, captcha: Captcha): CaptchaWidgetProps | null {
  if (!captcha.widget) return null;
  extendPolicy(res, { 'script-src': [captcha.widget.origin], 'frame-src': [captcha.widget.origin] });
  return { scriptUrl: captcha.widget.scriptUrl, siteKey: captcha.widget.siteKey, tokenField: CAPTCHA_TOKEN_FIELD };
}
