// /calendar/appointments/{id}: one appointment's panel as a page (the dialog's fallback), and where a
// cancel or reschedule that needs correcting comes back to, with the messages beside the fields.
import {
  AppointmentPanel,
  type AppointmentFormState,
  type AppointmentPanelView,
} from '../../components/AppointmentPanel';
import { FormError } from '../../components/form/FieldError';

export interface AppointmentPageProps {
  appointment: AppointmentPanelView;
  returnTo: string;
  formState?: AppointmentFormState | null;
  /** Why a change was refused (a canceled, ended or legacy appointment). */
  refusal?: string | null;
}

export function AppointmentPage({ appointment, returnTo, formState, refusal }: AppointmentPageProps) {
  return (
    <div className="appointment-page">
      <FormError id="appointment-refusal" message={refusal} />
      <AppointmentPanel appointment={appointment} returnTo={returnTo} formState={formState} />
      <p>
        <a href={returnTo}>Back</a>
      </p>
    </div>
  );
}
