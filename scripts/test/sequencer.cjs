// Orders test files for the workers: with the durations of an earlier run (jest's cache), the slowest first,
// as jest does; without them (a fresh clone), the browser journeys first, as they are the longest files,
// then the others by size. Either way the longest files do not start last and keep one worker busy alone.
const Sequencer = require("@jest/test-sequencer").default;

class SlowestFirst extends Sequencer {
  sort(tests) {
    const timed = tests.some((test) => this.time(test) !== undefined);
    if (timed) return super.sort(tests);
    const journey = (test) => (test.context.config.displayName?.name === "e2e" ? 1 : 0);
    const size = (test) => test.context.hasteFS.getSize(test.path) ?? 0;
    return [...tests].sort((a, b) => journey(b) - journey(a) || size(b) - size(a));
  }
}

module.exports = SlowestFirst;
