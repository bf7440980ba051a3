// The support-requests module's public face: everything outside server/domain/support-requests/ imports from here.
export { localsFromForm, submitSupportRequest, supportDeps, type SupportDeps } from './service';
export { SUPPORT_SUBMITTED, SUPPORT_TEXT_MAX, SUPPORT_TEXT_TOO_LONG } from './templates';
export { insertContactRequest } from './contact-requests';
