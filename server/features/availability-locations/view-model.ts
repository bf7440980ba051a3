// The view models of the availability-locations page, built from what the services load (routes stay thin).
import { utc } from '@date-fns/utc';
import { format } from 'date-fns';
import type { LocationView, PageView } from '../../../views/pages/availability-locations/AvailabilityLocationsPage';
import type * as locations from '../../domain/locations';
import {
  ACCEPTING_OPTIONS,
  acceptingLabel,
  CLOSED,
  DAYS,
  HOURS_MAX,
  INQUIRE,
  LOCATION_FORM_MESSAGES,
  NOTE_MAX,
  TIME_FLAGS,
} from '../../domain/locations';
import type * as service from './service';
import { CONTACT_MESSAGES } from './validation';

const dayText = (date: Date) => format(date, 'MMMM d, yyyy', { in: utc });

function locationView(l: locations.LocationRecord, states: Map<string, string>): LocationView {
  const stateName = states.get(l.state) ?? l.state;
  return {
    id: l.id,
    remote: l.remote,
    title: l.remote ? 'Online sessions' : l.locationName || l.address || 'Office',
    addressLines: l.remote
      ? []
      : [
          [l.address, l.address_2].filter(Boolean).join(', '),
          `${l.city ?? ''}, ${l.state} ${l.zip ?? ''}`.trim(),
        ].filter(Boolean),
    state: l.state,
    stateName,
    locationName: l.locationName ?? '',
    address: l.address ?? '',
    address_2: l.address_2 ?? '',
    city: l.city ?? '',
    zip: l.zip ?? '',
    accepting: String(l.accepting),
    acceptingLabel: acceptingLabel(l.accepting),
    flags: l.flags,
    hours: l.hours,
    displayAddress: l.displayAddress,
    adaAccessible: l.adaAccessible,
    inHome: l.inHome,
    shouldDisplay: l.shouldDisplay,
  };
}

export function pageView(data: service.PageData): PageView {
  const states = new Map(data.states.map((s) => [s.code, s.name]));
  const c = data.contact;
  const v = data.vacation;
  return {
    locations: data.locations.map((l) => locationView(l, states)),
    states: data.states,
    licensedStates: data.licensedStates,
    years: data.years,
    notes: data.notes,
    noteMax: NOTE_MAX,
    lastUpdatedText:
      data.lastUpdated && !Number.isNaN(Date.parse(data.lastUpdated)) ? dayText(new Date(data.lastUpdated)) : null,
    confirmationNeeded: data.confirmationNeeded,
    contact: {
      ...c,
      phoneUnavailable: !c.hasSchedulingLink
        ? CONTACT_MESSAGES.needsLink
        : !c.anyAccepting
          ? CONTACT_MESSAGES.needsAccepting
          : null,
    },
    vacation: {
      status: v.status,
      phase: v.phase,
      startDate: v.startDate ?? '',
      endDate: v.endDate ?? '',
      message: v.message ?? '',
      startsAtText: v.startsAt ? `${dayText(v.startsAt)}, 00:00 UTC` : null,
      endsAtText: v.endsAt ? `${dayText(v.endsAt)}, 23:59 UTC` : null,
    },
    acceptingOptions: ACCEPTING_OPTIONS.map((o) => ({
      value: String(o.value),
      label: o.label,
      ...('hint' in o ? { hint: o.hint } : {}),
    })),
    timeOptions: TIME_FLAGS.map((f) => ({ value: f.name, label: f.label })),
    days: [...DAYS],
    closed: CLOSED,
    inquire: INQUIRE,
    hoursMax: HOURS_MAX,
    deleteQuestion: LOCATION_FORM_MESSAGES.confirmDelete(1),
  };
}
