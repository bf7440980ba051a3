// The vacation responder: its state, its form, and the switch (which asks first with unsaved edits).
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/FormField';
import { FieldError } from '../../components/form/FieldError';
import { ReadList } from '../../components/ProfileSection';
import { postedText } from '../../components/form/posted';
import { PAGE_PATH, type VacationView, type PageProps } from './view';
import { Icon } from '../../components/Icon';

const PHASE_TEXT: Record<VacationView['phase'], string> = {
  running: 'On: clients who message you now get your automatic reply.',
  scheduled: 'On: it starts replying on the start date.',
  ended: 'On, but its end date has passed: it no longer replies.',
  off: 'Off',
};

export function VacationSection({ view, editing, typed, errors, confirm }: PageProps) {
  const v = view.vacation;
  const open = editing === 'vacation-responder';
  const t = open ? typed : null;
  const next = v.status === 'active' ? 'inactive' : 'active';
  const switchLabel = v.status === 'active' ? 'Turn off' : 'Turn on';
  const switchConfirm = confirm?.kind === 'switch' ? confirm : null;
  const statusError = errors.status;
  return (
    <section className="card profile-section" id="vacation-responder" aria-labelledby="vacation-responder-heading">
      <div className="profile-section__head">
        <h2 id="vacation-responder-heading">Vacation Responder</h2>
        {!open && <a className="button button--secondary" href={`${PAGE_PATH}?edit=vacation-responder#vacation-responder`}><Icon name="pencil" /> Edit<span className="visually-hidden"> Vacation Responder</span></a>}
      </div>
      <p className="hint">
        While your Vacation Responder is on, clients who send you a message get your message below as an automatic reply. It runs from 00:00 UTC on the start date until 23:59 UTC on the end date.
      </p>
      <p className={`status-line status-line--${v.status}`} id="vacation-status">
        <strong>Status: {v.status === 'active' ? 'Active' : 'Inactive'}</strong>{v.status === 'active' && <> · {PHASE_TEXT[v.phase]}</>}
      </p>
      {statusError && <p className="field-error" role="alert" id="vacation-status-error">{statusError}</p>}
      {open ? (
        <PostForm action={`${PAGE_PATH}/vacation-responder`} data-warn-unsaved="" noValidate>
          <FormField id="start_date" name="start_date" label="Start date" type="date" defaultValue={t ? postedText(t.start_date) : v.startDate} error={errors.start_date} hint="Format: YYYY-MM-DD" />
          <FormField id="end_date" name="end_date" label="End date" type="date" defaultValue={t ? postedText(t.end_date) : v.endDate} error={errors.end_date} hint="Format: YYYY-MM-DD" />
          <div className={errors.message ? 'field field--error' : 'field'}>
            <label htmlFor="vacation-message">Message</label>
            <textarea id="vacation-message" name="message" rows={5} defaultValue={t ? postedText(t.message) : v.message} aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'vacation-message-error' : undefined} />
            <FieldError id="vacation-message" error={errors.message} />
          </div>
          {switchConfirm && (
            <div className="confirm-step" role="alert">
              <p>{switchConfirm.text}</p>
              <input type="hidden" name="status" value={switchConfirm.status} />
              <button type="submit" className="button" formAction={`${PAGE_PATH}/vacation-responder/status`} name="confirmed" value="1">
                {switchConfirm.status === 'active' ? 'Turn on without saving' : 'Turn off without saving'}
              </button>
            </div>
          )}
          <div className="actions">
            {/* Save comes first: it is what Enter submits. */}
            <button type="submit" className="button">Save</button>
            <a className="button button--secondary" href={`${PAGE_PATH}#vacation-responder`} data-no-warn="">Cancel</a>
            {!switchConfirm && (
              <button type="submit" className="button button--secondary" formAction={`${PAGE_PATH}/vacation-responder/status`} name="status" value={next}>{switchLabel}</button>
            )}
          </div>
        </PostForm>
      ) : (
        <>
          <ReadList rows={[
            ['Start date', v.startsAtText],
            ['End date', v.endsAtText],
            ['Message', v.message],
          ]} />
          <PostForm action={`${PAGE_PATH}/vacation-responder/status`} className="actions">
            <input type="hidden" name="status" value={next} />
            <button type="submit" className="button">{switchLabel}<span className="visually-hidden"> Vacation Responder</span></button>
          </PostForm>
        </>
      )}
    </section>
  );
}
