// Contact methods: the phone consultation link and the contact form (hiding the form asks first).
import { Checkbox } from '../../components/form/Checkbox';
import { ProfileSection, ReadList } from '../../components/ProfileSection';
import { postedChecked } from '../../components/form/posted';
import { PAGE_PATH, type PageProps } from './view';
import { Button } from '../../components/ui/Button';
import { Label } from '../../components/ui/Label';

export function ContactMethodsSection({ view, editing, typed, confirm }: PageProps) {
  const c = view.contact;
  const open = editing === 'contact-methods';
  const t = open ? typed : null;
  const phoneChecked = t ? postedChecked(t.display_acuity_scheduling_link) : c.phone;
  const formChecked = t ? postedChecked(t.display_contact_form) : c.form;
  const hideConfirm = confirm?.kind === 'hide-form' ? confirm : null;
  const read = (
    <ReadList
      rows={[
        ['Phone consultation link', <ShownLabel key="phone" shown={c.phone} />],
        ['Contact form', <ShownLabel key="form" shown={c.form} />],
      ]}
    />
  );
  return (
    <ProfileSection
      id="contact-methods"
      title="Contact Methods"
      editing={open}
      action={`${PAGE_PATH}/contact-methods`}
      pagePath={PAGE_PATH}
      read={read}
      intro={<p className="hint">How clients can reach you from your profile. At least one must stay on.</p>}
    >
      <Checkbox
        id="display_acuity_scheduling_link"
        name="display_acuity_scheduling_link"
        checked={phoneChecked}
        disabled={Boolean(c.phoneUnavailable) && !c.phone}
        aria-describedby={c.phoneUnavailable ? 'phone-unavailable' : undefined}
        label="Show my phone consultation scheduling link"
      />
      {c.phoneUnavailable && (
        <p className="hint" id="phone-unavailable">
          {c.phoneUnavailable}
        </p>
      )}
      <Checkbox
        id="display_contact_form"
        name="display_contact_form"
        checked={formChecked}
        label="Show my contact form"
      />
      {hideConfirm && (
        <div className="confirm-step" role="alert">
          <p>{hideConfirm.text}</p>
          <Button name="confirmed" value="1">
            Hide my contact form
          </Button>
        </div>
      )}
    </ProfileSection>
  );
}

/** Whether a contact method is on the profile, as a label: on is working (success), off is neutral. */
function ShownLabel({ shown }: { shown: boolean }) {
  return shown ? <Label state="success">Shown on your profile</Label> : <Label>Hidden</Label>;
}
