// Mocha root hooks: start the test database and portal once, empty the data before each test.
import { ctx, startTestContext } from './context';

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(120_000);
    await startTestContext();
  },
  async beforeEach() {
    await ctx().database.reset();
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(30_000);
    const { close, database } = ctx();
    await close();
    await database.drop();
  },
};
