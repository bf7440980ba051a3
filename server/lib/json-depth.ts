// How deeply a JSON text nests, read from its raw bytes before it is parsed: a body nested thousands
// deep parses fine but overflows the stack of any recursive walk over it (hashing, validation), so
// such a body is refused at the door.

/** The most levels of objects and arrays a JSON body may nest; real requests use three or four. */
export const MAX_JSON_DEPTH = 32;

/** True when the JSON text nests objects or arrays more than `limit` levels deep (strings are skipped). */
export function nestsDeeperThan(text: Buffer | string, limit = MAX_JSON_DEPTH): boolean {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === 0x5c)
        i++; // a backslash escapes the next character
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > limit) return true;
    } else if (byte === 0x7d || byte === 0x5d) depth--;
  }
  return false;
}
