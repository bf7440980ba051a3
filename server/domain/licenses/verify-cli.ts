// Support's side of licence verification (spec 2 §4): the team checks each Unverified licence and
// records the result. No provider-facing route can set it.
//   npm run licenses:verify -- list                      the queue: Unverified licences, oldest first
//   npm run licenses:verify -- <licenseId> <status> [note]   status: Verified | Unverified | not-found | Legacy
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/open';
import { createLogger } from '../../logger';
import { setLicenseVerification, unverifiedLicenses } from './service';
import { parseVerification, VERIFICATION_STATUSES } from './validation';

const USAGE = `usage: npm run licenses:verify -- list
       npm run licenses:verify -- <licenseId> <${VERIFICATION_STATUSES.join('|').replace('Not found', 'not-found')}> [note]`;

const [first, second, ...rest] = process.argv.slice(2);
const status = parseVerification(second);
const licenseId = Number(first);
if (first !== 'list' && (!Number.isSafeInteger(licenseId) || licenseId <= 0 || !status)) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config, createLogger(config.logLevel));
try {
  if (first === 'list') {
    const queue = await unverifiedLicenses(database.db);
    if (!queue.length) console.log('no licence is waiting for verification');
    for (const l of queue) {
      console.log(
        `${l.id}\tprovider ${l.providerId}\t${l.state} ${l.number} (${l.licenseType ?? '?'}, expires ${l.expiration ?? '?'})\twaiting since ${l.updatedAt.toISOString()}`,
      );
    }
  } else {
    const note = rest.join(' ').trim();
    const license = await setLicenseVerification(database.db, licenseId, status!, note || undefined);
    if (!license) {
      console.error(`no licence with id ${licenseId}`);
      process.exitCode = 1;
    } else {
      console.log(
        `licence ${license.id} (${license.state} ${license.number}, provider ${license.providerId}) is now ${license.verification}`,
      );
    }
  }
} finally {
  await database.close();
}
