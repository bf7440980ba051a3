// The licences module's public face: everything outside server/domain/licenses/ imports from here.
export {
  addLicense,
  deleteLicense,
  findLicense,
  licenseRequiredMessage,
  loadLicensing,
  type PracticeStates,
  removeSupervisor,
  requiredLicenseIds,
  saveLicenses,
  saveSupervisor,
  setLicenseVerification,
} from './service';
export {
  licensedStates,
  licenseStatesColumn,
  licenseStatesQuery,
  verifiedLicenseColumn,
  verifiedStates,
} from './repo';
export {
  expirationYears,
  isBlankNewRow,
  LICENSE_MESSAGES,
  LICENSE_NUMBER_MAX,
  LICENSE_TYPE_MAX,
  parseVerification,
  type PostedLicenseRow,
  postedLicenseRows,
  validateLicenseRows,
} from './validation';
