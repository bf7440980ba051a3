// The page that hands a Private Pay Booster sign-in token to the tool (spec 3 §4): a form that posts it
// to the tool's sign-in address, sent by a tiny script at once, or by its button without JavaScript. The
// token is in the form's body only, never in an address. Or, when the tool failed, the support text.
import { Button, ButtonLink } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';

export const HAND_OFF_SCRIPT = '/private-pay-booster/hand-off.js';

export type SignInHandOffProps = { handOff: { token: string; signInUrl: string } } | { failure: string };

export function SignInHandOffPage(props: SignInHandOffProps) {
  if ('failure' in props) {
    return (
      <>
        <Notice tone="error">{props.failure}</Notice>
        <p>
          <ButtonLink href="/">Back to the Members Portal</ButtonLink>
        </p>
      </>
    );
  }
  return (
    <>
      <p>You are being signed in to Private Pay Booster. If nothing happens, continue with the button below.</p>
      <form method="post" action={props.handOff.signInUrl} data-auto-submit="">
        <input type="hidden" name="token" value={props.handOff.token} />
        <Button>Continue to Private Pay Booster</Button>
      </form>
      <p className="hint">
        The sign-in works once, within a minute. If it has expired, close this window and press Log in to Private Pay
        Booster again.
      </p>
      <script src={HAND_OFF_SCRIPT} defer />
    </>
  );
}
