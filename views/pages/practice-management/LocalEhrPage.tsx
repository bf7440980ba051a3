// /dev/ehr (never in production): the local EHR's clinics and booking pages, with the buttons that stand
// in for the EHR's staff: Finish setup, End trial now, Mark booking page ready.
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { EmptyState } from '../../components/ui/EmptyState';
import { Label } from '../../components/ui/Label';

export const LOCAL_EHR_PATH = '/dev/ehr';

export interface LocalEhrView {
  clinics: {
    clinicId: string;
    providerId: number | null;
    subdomain: string;
    status: 'pending' | 'active';
    trialEnd: string | null;
    link: string;
    createdAt: string;
  }[];
  bookingPages: { providerId: number; ready: boolean; linkStatus: 'active' | 'inactive' }[];
}

export function LocalEhrPage({ state }: { state: LocalEhrView }) {
  return (
    <div className="local-ehr">
      <p className="lead">
        The local EHR keeps its clinics in this database. These buttons do what the EHR&apos;s own staff and system
        would do.
      </p>
      <Card id="clinics" title="Clinics">
        {state.clinics.length === 0 ? (
          <EmptyState title="No clinics yet">Start a trial on /practice-management.</EmptyState>
        ) : (
          <ul className="local-ehr__list">
            {state.clinics.map((clinic) => (
              <li key={clinic.clinicId} id={`clinic-${clinic.clinicId}`}>
                <h3>{clinic.subdomain}</h3>
                <p>
                  <Label state={clinic.status === 'pending' ? 'attention' : 'success'}>
                    {clinic.status === 'pending' ? 'Pending' : 'Active'}
                  </Label>{' '}
                  {clinic.providerId === null ? 'Standalone account' : `Provider ${clinic.providerId}`};{' '}
                  {clinic.trialEnd ? `trial ends ${clinic.trialEnd}` : 'no trial'}.
                </p>
                <div className="actions">
                  {clinic.status === 'pending' && (
                    <PostForm action={`${LOCAL_EHR_PATH}/clinic-setup`}>
                      <input type="hidden" name="clinic_id" value={clinic.clinicId} />
                      <Button>Finish setup of {clinic.subdomain}</Button>
                    </PostForm>
                  )}
                  {clinic.trialEnd && (
                    <PostForm action={`${LOCAL_EHR_PATH}/trial-end`}>
                      <input type="hidden" name="clinic_id" value={clinic.clinicId} />
                      <Button variant="secondary">End trial of {clinic.subdomain} now</Button>
                    </PostForm>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card id="booking-pages" title="Booking pages">
        {state.bookingPages.length > 0 && (
          <ul className="local-ehr__list">
            {state.bookingPages.map((page) => (
              <li key={page.providerId}>
                <p>
                  Provider {page.providerId}:{' '}
                  {page.ready ? <Label state="success">Ready</Label> : <Label>Not ready</Label>} booking link{' '}
                  {page.linkStatus === 'active' ? 'on' : 'off'}.
                </p>
                <PostForm action={`${LOCAL_EHR_PATH}/booking-pages`}>
                  <input type="hidden" name="provider_id" value={String(page.providerId)} />
                  <input type="hidden" name="ready" value={page.ready ? '0' : '1'} />
                  <Button variant="secondary">
                    {page.ready
                      ? `Mark booking page of provider ${page.providerId} not ready`
                      : `Mark booking page of provider ${page.providerId} ready`}
                  </Button>
                </PostForm>
              </li>
            ))}
          </ul>
        )}
        <PostForm action={`${LOCAL_EHR_PATH}/booking-pages`}>
          <input type="hidden" name="ready" value="1" />
          <FormField
            name="provider_id"
            label="Provider id"
            inputMode="numeric"
            hint="Another provider of a clinic's practice."
          />
          <Button variant="secondary">Mark booking page ready</Button>
        </PostForm>
      </Card>
    </div>
  );
}
