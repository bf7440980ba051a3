// The vacation responder: its state, its form, and the switch (which asks first with unsaved edits).
import { PostForm } from '../../components/PostForm';
import { FormField } from '../../components/form/FormField';
import { FieldError, FormError } from '../../components/form/FieldError';
import { ReadList } from '../../components/ProfileSection';
import { postedText } from '../../components/form/posted';
import { PAGE_PATH, type VacationView, type PageProps } from './view';
import { Icon } from '../../components/Icon';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Label } from '../../components/ui/Label';

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
        {!open && (
          <ButtonLink href={`${PAGE_PATH}?edit=vacation-responder#vacation-responder`}>
            <Icon name="pencil" /> Edit<span className="visually-hidden"> Vacation Responder</span>
          </ButtonLink>
        )}
      </div>
      <p className="hint">
        While your Vacation Responder is on, clients who send you a message get your message below as an automatic
        reply. It runs from 00:00 UTC on the start date until 23:59 UTC on the end date.
      </p>
      <p className="status-line" id="vacation-status">
        Status:{' '}
        <Label state={v.status === 'active' ? 'success' : 'neutral'}>
          {v.status === 'active' ? 'Active' : 'Inactive'}
        </Label>
        {v.status === 'active' && <> · {PHASE_TEXT[v.phase]}</>}
      </p>
      <FormError id="vacation-status-error" message={statusError} />
      {open ? (
        <PostForm action={`${PAGE_PATH}/vacation-responder`} data-warn-unsaved="" noValidate>
          <FormField
            id="start_date"
            name="start_date"
            label="Start date"
            type="date"
            defaultValue={t ? postedText(t.start_date) : v.startDate}
            error={errors.start_date}
          />
          <FormField
            id="end_date"
            name="end_date"
            label="End date"
            type="date"
            defaultValue={t ? postedText(t.end_date) : v.endDate}
            error={errors.end_date}
          />
          <div className={errors.message ? 'field field--error' : 'field'}>
            <label htmlFor="vacation-message">Message</label>
            <FieldError id="vacation-message" error={errors.message} />
            <textarea
              id="vacation-message"
              name="message"
              rows={5}
              defaultValue={t ? postedText(t.message) : v.message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? 'vacation-message-error' : undefined}
            />
          </div>
          {switchConfirm && (
            <div className="confirm-step" role="alert">
              <p>{switchConfirm.text}</p>
              <input type="hidden" name="status" value={switchConfirm.status} />
              <Button formAction={`${PAGE_PATH}/vacation-responder/status`} name="confirmed" value="1">
                {switchConfirm.status === 'active' ? 'Turn on without saving' : 'Turn off without saving'}
              </Button>
            </div>
          )}
          <div className="actions">
            {/* Save comes first: it is what Enter submits. */}
            <Button>Save</Button>
            <a href={`${PAGE_PATH}#vacation-responder`} data-no-warn="">
              Cancel
            </a>
            {!switchConfirm && (
              <Button
                variant="secondary"
                formAction={`${PAGE_PATH}/vacation-responder/status`}
                name="status"
                value={next}
              >
                {switchLabel}
              </Button>
            )}
          </div>
        </PostForm>
      ) : (
        <>
          <ReadList
            rows={[
              ['Start date', v.startsAtText],
              ['End date', v.endsAtText],
              ['Message', v.message],
            ]}
          />
          <PostForm action={`${PAGE_PATH}/vacation-responder/status`} className="actions">
            <input type="hidden" name="status" value={next} />
            <Button>
              {switchLabel}
              <span className="visually-hidden"> Vacation Responder</span>
            </Button>
          </PostForm>
        </>
      )}
    </section>
  );
}
