// /account-preferences/sessions: the devices signed in to the account (issue [25] item 4): browser and
// system, a coarse address, when each signed in and was last seen, this device marked; each other one can be
// signed out, or all of them at once (asked first).
import { PostForm } from '../../components/PostForm';
import { Button } from '../../components/ui/Button';
import { DataTable } from '../../components/ui/DataTable';
import { Label } from '../../components/ui/Label';
import { BackToSettings } from '../account-preferences/SettingsForm';
import { SECURITY_PATHS } from './paths';

export interface SessionView {
  id: string;
  current: boolean;
  device: string;
  ip: string | null;
  signedInAt: string | null;
  lastSeenAt: string | null;
}

export const SIGN_OUT_OTHERS_QUESTION = 'Sign out on every other device?';

const formatters = new Map<string, Intl.DateTimeFormat>();
/** "Nov 27, 2026, 4:35pm EST" in the given time zone. */
export function formatSeen(iso: string | null, timeZone: string): string {
  if (!iso) return 'Unknown';
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });
    formatters.set(timeZone, format);
  }
  const zone =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(iso))
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  return `${format.format(new Date(iso)).replace(/[\s\u202f\u00a0]([AP])M$/, (_, half: string) => `${half.toLowerCase()}m`)} ${zone}`.trim();
}

export function SessionsPage({ sessions, timeZone }: { sessions: SessionView[]; timeZone: string }) {
  const others = sessions.filter((s) => !s.current);
  return (
    <section className="card sessions-page">
      <p>These devices are signed in to your account. Sign out any you do not recognise, then change your password.</p>
      <DataTable
        caption="Signed-in devices"
        rows={sessions}
        rowKey={(s) => s.id}
        columns={[
          {
            heading: 'Device',
            cell: (s) => (
              <>
                {s.device} {s.current && <Label state="info">This device</Label>}
              </>
            ),
          },
          { heading: 'Address', cell: (s) => s.ip ?? 'Unknown' },
          {
            heading: 'Signed in',
            cell: (s) => <time dateTime={s.signedInAt ?? undefined}>{formatSeen(s.signedInAt, timeZone)}</time>,
          },
          {
            heading: 'Last seen',
            cell: (s) => <time dateTime={s.lastSeenAt ?? undefined}>{formatSeen(s.lastSeenAt, timeZone)}</time>,
          },
          {
            heading: 'Actions',
            hidden: true,
            cell: (s) =>
              s.current ? (
                <a href="/logout">Log out</a>
              ) : (
                <PostForm action={SECURITY_PATHS.signOut(s.id)} className="inline-form">
                  <Button variant="danger-outline">
                    Sign out<span className="visually-hidden">{` ${s.device}`}</span>
                  </Button>
                </PostForm>
              ),
          },
        ]}
      />
      {others.length > 0 ? (
        <PostForm action={SECURITY_PATHS.signOutOthers} data-confirm={SIGN_OUT_OTHERS_QUESTION}>
          <div className="actions">
            <Button variant="danger">Sign out everywhere else</Button>
          </div>
        </PostForm>
      ) : (
        <p className="hint">No other device is signed in.</p>
      )}
      <BackToSettings />
    </section>
  );
}
