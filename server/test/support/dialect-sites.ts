import { ADMIN, baseInfo, installThroughApi, login, relaxCaptcha, startSite, type TestSite } from './app.js';
import { createThrowawayDb, serverDialects } from './databases.js';

/** A logged-in account as the API tests hold it. */
export type User = { id: string; token: string };

export interface DialectTarget {
  name: string;
  url?: string;
}

/** SQLite always, plus PostgreSQL and MariaDB when their URLs are set: the rows of a describe.each. */
export const dialectTargets = (): DialectTarget[] => [{ name: 'sqlite3' }, ...serverDialects().map((d) => ({ name: d.dialect, url: d.url }))];

/**
 * A site installed through the wizard calls on the target's database (a throwaway one on a
 * database server), with the captcha triggers lifted. `stop` closes it and drops that database.
 */
export async function siteOn(target: DialectTarget): Promise<{ site: TestSite; stop: () => Promise<void> }> {
  const site = await startSite();
  let drop = async () => {};
  if (target.name === 'sqlite3') await installThroughApi(site, { db_type: 'sqlite3' }, baseInfo());
  else {
    const db = await createThrowawayDb(target.name as 'postgres' | 'mysql', target.url);
    drop = () => db.drop();
    await installThroughApi(site, { db_type: target.name, db_host: db.host, db_username: db.user, db_password: db.password, db_name: db.name }, baseInfo());
  }
  await relaxCaptcha(site);
  return {
    site,
    stop: async () => {
      await site.close();
      await drop();
    },
  };
}

/** The administrator created by the install, logged in. */
export async function adminOf(site: TestSite): Promise<User> {
  const row = await site.runtime.database.selectFrom('user').select('id').where('e_mail', '=', ADMIN.email).executeTakeFirstOrThrow();
  return { id: String(row.id), token: await login(site, ADMIN.email, ADMIN.password) };
}
