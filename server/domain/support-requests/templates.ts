// The support-request templates the portal files (spec 1 §7, spec 2 §7 "Support": POST
// contact-{product}/{id} with template and locals). Each names its e-mail subject and the free-text
// locals a form may post to /support-requests; features calling submitSupportRequest() directly may
// pass other locals too.
/** `required`: the fields a request must fill in, each with the message when it is left empty. */
export interface SupportTemplate {
  subject: string;
  fields: Record<string, string>;
  required?: Record<string, string>;
}

export const SUPPORT_TEMPLATES: Record<string, SupportTemplate> = {
  'insurance-edit': {
    subject: 'Insurance edit request',
    fields: { edits: 'Requested edits' },
    required: { edits: 'Please describe the insurance edits you would like.' },
  },
  'photo-video-edit': {
    subject: 'Photo and video edit request',
    fields: { edits: 'Requested edits', requestedVideoEdits: 'Requested video edits' },
  },
  // Plan Management's cancel request (spec 3 §7 PUT submit-cancel-request): support handles the notice period.
  'membership-cancel': {
    subject: 'Membership cancel request',
    fields: { reason: 'Why the member wants to cancel (optional)' },
  },
  // The payment form's submitRequest step (spec 3 §4): a change to a customised seat mix is made by our team.
  'membership-change': {
    subject: 'Membership change request (customised seats)',
    fields: { change: 'The change asked for' },
  },
};

export const SUPPORT_SUBMITTED = "Support request submitted, we'll contact you shortly!";
/** A posted free-text local is at most this long. */
export const SUPPORT_TEXT_MAX = 2000;
export const SUPPORT_TEXT_TOO_LONG = `Please keep your message under ${SUPPORT_TEXT_MAX} characters.`;
