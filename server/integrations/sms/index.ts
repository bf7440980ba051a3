// The SMS port's public face.
export type { SmsSender } from './port';
