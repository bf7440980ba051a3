// The ten recovery codes, shown once: right after setting up an authenticator app or asking for new codes
// (issue [25]). Only their hashes are kept, so this page cannot be shown again.
import { Button, ButtonLink } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { SECURITY_PATHS } from './paths';

export function RecoveryCodesPage({ codes, fresh }: { codes: string[]; fresh: 'setup' | 'new' }) {
  return (
    <section className="card">
      <Notice tone="success">
        {fresh === 'setup'
          ? 'Your authenticator app is set up.'
          : 'Here are your new recovery codes. The old ones no longer work.'}
      </Notice>
      <h2>Save your recovery codes</h2>
      <p>
        If you lose your phone, each of these codes signs you in once. Keep them somewhere safe, such as a password
        manager or a printed copy. <strong>They are shown only now.</strong>
      </p>
      <ol className="recovery-codes" id="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="actions">
        <Button variant="secondary" type="button" data-copy="recovery-codes" hidden>
          Copy codes
        </Button>
        <ButtonLink variant="primary" href={SECURITY_PATHS.authenticator}>
          I have saved my codes
        </ButtonLink>
      </div>
    </section>
  );
}
