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
    this.timeout(90_000); // dropping the database can take 20 s on a busy shared server
    const { close, database } = ctx();
    await close();
    await database.drop();
  },
};
