import pg from 'pg';

/**
 * The setup of the server's unit tests (vitest project `server`): they run with no PostgreSQL at
 * all. Any connection attempt fails at once with what to do, so a unit test cannot quietly start
 * needing a database: a service is tested on fakes of its repositories; a test that needs
 * PostgreSQL (a repository's, or the whole app's) is named `*.pg.test.ts`.
 */
const refuse = (): never => {
  throw new Error(
    'a unit test tried to reach PostgreSQL: test the service on fakes, or name the file *.pg.test.ts',
  );
};
pg.Client.prototype.connect = refuse;
pg.Pool.prototype.connect = refuse;
