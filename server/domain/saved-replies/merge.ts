// Merge fields of a saved reply (issue [22] item 2): {{client_first_name}}, {{provider_name}},
// {{booking_link}} and {{benefits_check_link}}, filled in when the reply is put in the composer.
// Pure: the caller hands in the values of the conversation the reply is used in.

export const MERGE_FIELDS = [
  { name: 'client_first_name', description: 'The client’s first name (“there” when we do not have it).' },
  { name: 'provider_name', description: 'The name of the provider the conversation is with.' },
  {
    name: 'booking_link',
    description:
      'Where the client books with that provider: the Practice Management booking page when it is on, else the directory profile.',
  },
  {
    name: 'benefits_check_link',
    description: 'Where the client checks their out-of-network benefits with that provider.',
  },
] as const;

export type MergeFieldName = (typeof MERGE_FIELDS)[number]['name'];

export interface MergeValues {
  clientFirstName: string | null;
  providerName: string;
  bookingLink: string;
  benefitsCheckLink: string;
}

/** What a greeting says when the client's first name is unknown: "Hi {{client_first_name}}," reads "Hi there,". */
export const FIRST_NAME_FALLBACK = 'there';

/** A field as written in a body: two braces, the name, two braces; spaces inside the braces are allowed. */
const FIELD = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

const KNOWN = new Set<string>(MERGE_FIELDS.map((f) => f.name));

/** The field names a body uses that are not merge fields, each once, in order ([] when all are known). */
export function unknownMergeFields(body: string): string[] {
  const unknown: string[] = [];
  for (const [, name] of body.matchAll(FIELD)) if (!KNOWN.has(name!) && !unknown.includes(name!)) unknown.push(name!);
  return unknown;
}

/** The body with each merge field replaced by its value; anything else (an unknown field too) is left as written. */
export function mergeReply(body: string, values: MergeValues): string {
  const firstName = values.clientFirstName?.trim() || FIRST_NAME_FALLBACK;
  const byName: Record<MergeFieldName, string> = {
    client_first_name: firstName,
    provider_name: values.providerName,
    booking_link: values.bookingLink,
    benefits_check_link: values.benefitsCheckLink,
  };
  return body.replace(FIELD, (written, name: string) => (KNOWN.has(name) ? byName[name as MergeFieldName] : written));
}
