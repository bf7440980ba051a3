// The read-audit module's public face: everything outside server/domain/read-audit/ imports from here.
export {
  deleteExpiredReads,
  listReads,
  READS_PAGE_SIZE,
  type ReadAction,
  type ReadDetail,
  type ReadEvent,
  type ReadFilter,
  type ReadRecord,
  recordRead,
} from './repo';
export { readAuditJobs } from './jobs';
