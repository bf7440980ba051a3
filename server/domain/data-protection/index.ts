// The data-protection module's public face: encryption at rest of what clients write (envelope keys, issue
// [25] item 3) and the blind index that searches it. Everything outside server/domain/data-protection/ imports from here.
export { DecryptionError } from './cipher';
export {
  DATA_KEYS_FORMAT,
  type DataKeyring,
  DataKeysSettingError,
  DEVELOPMENT_KEY_ID,
  developmentKeyring,
  type KeyEncryptionKey,
  keyringFromEnvironment,
  parseDataEncryptionKeys,
} from '../../lib/data-keyring';
export { dataProtectionJobs, REWRAP_JOB } from './jobs';
export {
  activeKeyring,
  dataKeyStatus,
  decryptJson,
  decryptJsons,
  decryptText,
  decryptTexts,
  encryptJson,
  encryptText,
  forgetDataKeys,
  isEncryptedValue,
  MissingKeyError,
  rewrapDataKeys,
  searchTokenizer,
  searchTokens,
  textEncrypter,
  setDataEncryptionKeys,
  wordsOf,
} from './service';
