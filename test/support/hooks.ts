// Mocha root hooks: start the test database and portal once, empty the data before each test.
// In a parallel run (mocha --parallel) the root hooks run around every file, in each worker process:
// the worker starts its database and portal with its first file and keeps them for the next ones; the
// main process's global fixtures (parallel.ts) drop every database of the run at its end.
import './react-production'; // first: before anything loads React
import { takeContractViolations } from '../../server/api';
import { retrySettingsFrom } from '../../server/integrations/payments/local-stripe';
import { ctx, startTestContext, type TestContext } from './context';
import { recordFileTime } from './file-times';
import { inWorker, runDir, runId } from './parallel';

export { mochaGlobalSetup, mochaGlobalTeardown } from './parallel';

let started: Promise<TestContext> | undefined;
let fileStarted = 0;

/** The file whose root hooks these are (in a parallel run each file has a root suite of its own). */
const fileOf = (context: Mocha.Context) => context.test?.parent?.suites[0]?.file ?? context.test?.parent?.file;

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    fileStarted = Date.now();
    this.timeout(120_000);
    if (inWorker && !runId())
      throw new Error('a parallel run needs test/support/hooks.ts in "require", for its global setup');
    if (!inWorker) {
      await startTestContext();
      return;
    }
    started ??= startTestContext();
    await started;
  },
  async beforeEach() {
    await ctx().database.reset();
    // A test may change the card server's retry schedule; the next one starts from the configured one (the
    // worker keeps one card server for all its files: a schedule left over once turned past_due into canceled).
    (await ctx().integrations.payments.local())?.configureRetries(retrySettingsFrom(process.env));
  },
  afterEach(this: Mocha.Context) {
    // An API answer or accepted request that broke server/api/openapi.json fails the test that caused it,
    // whatever the test asserted (the answer was a 500 naming the mismatch).
    const violations = takeContractViolations();
    if (violations.length)
      (this.test as Mocha.Hook | undefined)?.error(new Error(`API contract violated:\n${violations.join('\n')}`));
  },
  async afterAll(this: Mocha.Context) {
    const run = runId();
    const file = fileOf(this);
    if (run && file) recordFileTime(runDir(run), file, Date.now() - fileStarted);
    if (inWorker) return; // the worker's next file uses them; the run's end drops the database
    this.timeout(90_000); // dropping the database can take 20 s on a busy shared server
    const { close, database } = ctx();
    await close();
    await database.drop();
  },
};
