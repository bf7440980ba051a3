// The vacation-responder module's public face: everything outside server/domain/vacation-responder/ imports from here.
export {
  type Absence,
  activeAbsence,
  describe,
  loadVacation,
  outOfOfficeReplyFor,
  saveVacation,
  switchVacation,
  type VacationView,
} from './service';
export { parseDay, responderWindow, VACATION_MESSAGES, validateVacation } from './validation';
