// The EHR's addresses, from the PRACTICE_MANAGEMENT_URL template ({subdomain} replaced). A subdomain that
// is not a plain DNS label never reaches the template (it could point anywhere): "app" stands in.
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

export function signInUrlOf(template: string, subdomain: string): string {
  return template.replace('{subdomain}', LABEL.test(subdomain) ? subdomain : 'app');
}

/** A provider's booking page in the clinic: /book/{providerId} under the clinic's address. */
export function bookingPageUrlOf(template: string, subdomain: string, providerId: number): string {
  return `${signInUrlOf(template, subdomain).replace(/\/+$/, '')}/book/${encodeURIComponent(String(providerId))}`;
}
