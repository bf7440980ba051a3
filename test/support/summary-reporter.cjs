// mocha's spec reporter plus a closing "N passed, N failed, N skipped" line that CI reads.
// (CommonJS because mocha loads reporters with require().) In a parallel run it runs in the main
// process, on the events mocha replays from each worker's finished file: the counts are the run's.
const Mocha = require('mocha');
const { EVENT_RUN_END } = Mocha.Runner.constants;

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(EVENT_RUN_END, () => {
      const { passes, failures, pending } = runner.stats;
      process.stdout.write(`\n${passes} passed, ${failures} failed, ${pending} skipped\n`);
    });
  }
}
module.exports = SummaryReporter;
