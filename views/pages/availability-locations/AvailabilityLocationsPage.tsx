// /profile/availability-locations (spec 2 §2 Profile pages): availability per location and notes, the
// confirmation prompt (#confirmed), the vacation responder, contact methods, notices and the location list
// (#practice-locations). Each part is a read view with an Edit link (?edit=) and a plain form post; the
// questions a script would ask (delete, hide the contact form, switch with unsaved edits) are asked here
// too, on the page, so everything works without JavaScript.
import { AvailabilitySection } from './AvailabilitySection';
import { ConfirmationCard } from './ConfirmationCard';
import { ContactMethodsSection } from './ContactMethodsSection';
import { LocationsSection } from './LocationsSection';
import { VacationSection } from './VacationSection';
import type { PageProps } from './view';

export { PAGE_PATH, type Confirm, type LocationView, type PageView } from './view';

export function AvailabilityLocationsPage(props: PageProps) {
  const { view } = props;
  return (
    <div className="availability-page">
      <p className="notice" id="display-notice">
        A location appears on your public profile only when you have a verified license for its state. New licenses are
        verified within 48 business hours.
      </p>
      {view.locations.length > 0 && <ConfirmationCard view={view} />}
      <AvailabilitySection {...props} />
      <VacationSection {...props} />
      <ContactMethodsSection {...props} />
      <LocationsSection {...props} />
    </div>
  );
}
