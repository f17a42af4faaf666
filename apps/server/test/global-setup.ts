/** Says once, before the server suites run, which parts are skipped on this machine and why. */
export default function setup() {
  if (!process.env['TEST_DATABASE_URL']) {
    console.log('[server tests] PostgreSQL suite skipped: TEST_DATABASE_URL is not set (CI sets it and REQUIRE_ALL=1).');
  }
  if (!process.env['TEST_REDIS_URL']) {
    console.log('[server tests] Redis counter tests skipped: TEST_REDIS_URL is not set (CI sets it and REQUIRE_ALL=1).');
  }
}
