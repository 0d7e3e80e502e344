import fs from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The directory tests start Debian's slapd (`apt-get install slapd ldap-utils`, as .ci/run does).
 * A machine without it skips them, unless REQUIRE_SERVICES=1 says every service must be there.
 */
const DIRECTORY_TESTS = ['test/login.test.ts', 'test/tls.test.ts', 'test/connection-test.test.ts'];
const slapd = fs.existsSync('/usr/sbin/slapd') || process.env.REQUIRE_SERVICES === '1';
if (!slapd) console.warn('slapd is not installed: the LDAP directory tests are skipped (apt-get install slapd ldap-utils).');

export default defineConfig({
  test: { exclude: slapd ? configDefaults.exclude : [...configDefaults.exclude, ...DIRECTORY_TESTS] },
});
