// The file storage port's public face: S3 with a bucket configured, the local disk without.
export { assertStorageKey, STORAGE_KEY, type Storage, type StoredFile } from './port';
