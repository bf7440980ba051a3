// The bot check's public face: Cloudflare Turnstile with keys, the local stand-in without.
export { CAPTCHA_TOKEN_FIELD, HONEYPOT_FIELD, type BotCheckInput, type Captcha, type CaptchaWidget } from './port';
