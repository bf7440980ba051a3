// The bot-check provider's widget inside a guarded form (Cloudflare Turnstile): its script and the box
// it fills. It puts its response token in `tokenField`. Rendered only when a real provider is set up;
// the page's CSP then allows the provider's origin (server/http/bot-check.ts).
export interface CaptchaWidgetProps {
  scriptUrl: string;
  siteKey: string;
  tokenField: string;
}

export function CaptchaWidget({ scriptUrl, siteKey, tokenField }: CaptchaWidgetProps) {
  return (
    <div className="field captcha-field">
      <div className="cf-turnstile" data-sitekey={siteKey} data-response-field-name={tokenField} />
      <script src={scriptUrl} async defer />
    </div>
  );
}
