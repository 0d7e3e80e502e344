import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { listenAddress, readConfig, configExists } from './config/config.js';
import { resolveDataPaths, type DataPaths } from './config/paths.js';
import { createDb } from './db/connect.js';
import { migrateToLatest, pendingMigrations } from './db/migrate.js';
import { limitHeapGrowth } from './core/heap-growth.js';
import type { Runtime } from './runtime.js';

// A command's modules are loaded when it runs (import() below), not all at start: the site's
// modules fill some 40 MB of heap that a one-off command such as an import would otherwise carry,
// and mark again at every garbage collection of its own work (docs/benchmarks.md, eighth session).

const USAGE = `Usage: answer <command> [-C <data path>]

Commands:
  run       start the site (shows the install wizard until installed)
  init      create the data directory and install from AUTO_INSTALL variables, if set
  upgrade   apply pending database migrations
  check     check the config file, upload directory and database connection
  check --counters [--fix]
            recount every counter from its rows and list drift (exit 1 if any); --fix rewrites them
  check --badges
            award the badges the rules say were earned but are missing (sites older than badges)
  seed      fill an installed site with demo users, tags, questions, answers and comments
  user activate <email>
            mark the account's e-mail verified, as its activation link would (e.g. without a mail server)
  plugin list | add <package or folder> | remove <package, folder or slug>
            the site's plugins (docs/plugins.md); add installs a package into the data path if needed
  import answer --from <database URL> [--uploads <dir>] [--dry-run]
            bring in an Apache Answer site (1.2 to 2.0) from its database, ids and URLs kept
  import stackexchange <dump folder> [--dry-run]
            bring in a Stack Exchange data dump (Posts.xml, Users.xml, ...), with attribution
  dump <file>
            write the whole site (every table and the uploads) to one archive, while it runs
  restore <file> [--to <database URL>] [--force]
            load an archive into the site's database, or into a new one with --to (docs/operations.md)
  ai reindex
            embed every post missing or stale for semantic search, resumable (docs/ai.md)

Options:
  -C, --data-path <dir>   data directory (default: $ANSWER_DATA_PATH or ./data)
  --questions <n>         seed: number of questions (default 1000)
  --users <n>             seed: number of users (default questions / 20)
  -h, --help              show this help`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'data-path': { type: 'string', short: 'C' },
      help: { type: 'boolean', short: 'h' },
      questions: { type: 'string' },
      users: { type: 'string' },
      counters: { type: 'boolean' },
      badges: { type: 'boolean' },
      fix: { type: 'boolean' },
      from: { type: 'string' },
      uploads: { type: 'string' },
      'dry-run': { type: 'boolean' },
      force: { type: 'boolean' },
      to: { type: 'string' },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 1;
  }
  const paths = resolveDataPaths(values['data-path']);
  switch (command) {
    case 'run':
      return run(paths);
    case 'init':
      return init(paths);
    case 'upgrade':
      return upgrade(paths);
    case 'check':
      if (values.badges) return checkMissingBadges(paths);
      return values.counters ? checkCounterColumns(paths, !!values.fix) : check(paths);
    case 'seed':
      return seed(paths, values.questions, values.users);
    case 'user':
      return userCommand(paths, positionals.slice(1));
    case 'plugin':
      return (await import('./features/plugin/command.js')).pluginCommand(paths, positionals.slice(1));
    case 'import':
      return (await import('./features/import/command.js')).importCommand(paths, positionals.slice(1), values);
    // A dump or restore reads a table a page at a time, and V8 lets the old pages pile up to several
    // times what is alive before it collects: `answer dump` peaked at 333-360 MB for 100,000
    // questions, 222 MB with the server's growth limit (docs/benchmarks.md, tenth session).
    case 'dump':
      limitHeapGrowth();
      return (await import('./features/dump/command.js')).dumpCommand(paths, positionals[1]);
    case 'restore':
      limitHeapGrowth();
      return (await import('./features/dump/command.js')).restoreCommand(paths, positionals[1], { to: values.to, force: !!values.force });
    case 'ai':
      return (await import('./features/ai/embeddings/command.js')).aiCommand(paths, positionals.slice(1));
    default:
      console.error(`Unknown command "${command}".\n\n${USAGE}`);
      return 1;
  }
}

function makeDirs(paths: DataPaths) {
  for (const dir of [paths.root, paths.confDir, paths.uploads]) fs.mkdirSync(dir, { recursive: true });
}

async function openRuntime(paths: DataPaths): Promise<Runtime> {
  makeDirs(paths);
  const [{ Runtime }, { autoInstallFromEnv }] = await Promise.all([import('./runtime.js'), import('./features/install/auto-install.js')]);
  const runtime = new Runtime(paths);
  await runtime.open();
  if (await autoInstallFromEnv(runtime)) console.log(`Installed "${process.env.SITE_NAME}" from the AUTO_INSTALL environment.`);
  return runtime;
}

async function run(paths: DataPaths): Promise<number> {
  limitHeapGrowth();
  const runtime = await openRuntime(paths);
  const [{ buildApp }, { warmRenderer }, { smtpConfigured }, { loadSmtpSettings }] = await Promise.all([
    import('./app.js'),
    import('./features/pages/app-render.js'),
    import('./core/mailer.js'),
    import('./features/email/settings.js'),
  ]);
  const app = await buildApp({ runtime, logger: true });
  const { host, port } = listenAddress(runtime.config);
  await app.listen({ host, port });
  // The page renderer loads once the server answers, so the first reader does not wait for it.
  setImmediate(() => void warmRenderer());
  const shown = host === '0.0.0.0' ? 'localhost' : host;
  console.log(
    runtime.installed
      ? `Answer is running on http://${shown}:${port}`
      : `Answer is not installed yet: open http://${shown}:${port}/install to run the wizard.`,
  );
  if (runtime.installed && !smtpConfigured(await loadSmtpSettings(runtime.database))) {
    app.log.warn(
      'No mail server (SMTP) is configured: activation, password-reset and notification e-mails are not sent. ' +
        'Set one in Admin > SMTP; meanwhile activate accounts with "answer user activate <email>".',
    );
  }
  const stop = async () => {
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return -1; // keep running
}

async function init(paths: DataPaths): Promise<number> {
  const runtime = await openRuntime(paths);
  console.log(
    runtime.installed
      ? `Installed. Start the site with: npx answer run -C ${paths.root}`
      : `Data directory ready at ${paths.root}. Run "npx answer run -C ${paths.root}" and open /install, or set AUTO_INSTALL and the DB_*/SITE_*/ADMIN_* variables.`,
  );
  await runtime.close();
  return 0;
}

async function upgrade(paths: DataPaths): Promise<number> {
  if (!configExists(paths)) {
    console.error(`No configuration at ${paths.configFile}: install first (npx answer run -C ${paths.root}).`);
    return 1;
  }
  const db = createDb(readConfig(paths).data.database);
  try {
    const pending = await pendingMigrations(db);
    if (!pending.length) {
      console.log('The database is up to date.');
      return 0;
    }
    pending.forEach((name, i) => console.log(`[${i + 1}/${pending.length}] ${name}`));
    await migrateToLatest(db);
    console.log(`Applied ${pending.length} migration(s).`);
    return 0;
  } finally {
    await db.destroy();
  }
}

async function check(paths: DataPaths): Promise<number> {
  let ok = true;
  const report = (good: boolean, text: string) => {
    ok &&= good;
    console.log(`${good ? 'ok  ' : 'FAIL'} ${text}`);
  };
  const hasConfig = configExists(paths);
  report(hasConfig, `config file ${paths.configFile}`);
  try {
    fs.mkdirSync(paths.uploads, { recursive: true });
    fs.accessSync(paths.uploads, fs.constants.W_OK);
    report(true, `upload directory ${paths.uploads} is writable`);
  } catch {
    report(false, `upload directory ${paths.uploads} is not writable`);
  }
  if (hasConfig) {
    const db = createDb(readConfig(paths).data.database);
    try {
      const pending = await pendingMigrations(db);
      report(true, 'database connection');
      report(!pending.length, pending.length ? `${pending.length} pending migration(s): run "npx answer upgrade"` : 'database schema is up to date');
    } catch (err) {
      report(false, `database connection: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      await db.destroy();
    }
  }
  return ok ? 0 : 1;
}

async function checkCounterColumns(paths: DataPaths, fix: boolean): Promise<number> {
  if (!configExists(paths)) {
    console.error(`No configuration at ${paths.configFile}: install first (npx answer run -C ${paths.root}).`);
    return 1;
  }
  const db = createDb(readConfig(paths).data.database);
  try {
    return await (await import('./features/counters/command.js')).runCounterCheck(db, fix);
  } finally {
    await db.destroy();
  }
}

async function checkMissingBadges(paths: DataPaths): Promise<number> {
  if (!configExists(paths)) {
    console.error(`No configuration at ${paths.configFile}: install first (npx answer run -C ${paths.root}).`);
    return 1;
  }
  const db = createDb(readConfig(paths).data.database);
  try {
    return await (await import('./features/badge/command.js')).runBadgeCheck(db);
  } finally {
    await db.destroy();
  }
}

async function seed(paths: DataPaths, questionsArg = '1000', usersArg?: string): Promise<number> {
  const questions = Number(questionsArg);
  const users = usersArg === undefined ? undefined : Number(usersArg);
  if (!Number.isInteger(questions) || questions < 1 || (users !== undefined && (!Number.isInteger(users) || users < 1))) {
    console.error('--questions and --users take positive whole numbers, e.g. --questions 100000');
    return 1;
  }
  const runtime = await openRuntime(paths);
  if (!runtime.installed) {
    console.error(`The site at ${paths.root} is not installed yet: install it first (npx answer run -C ${paths.root}).`);
    return 1;
  }
  const started = Date.now();
  let shown = -1;
  const { seedDemo } = await import('./features/seed/demo.js');
  const totals = await seedDemo(runtime.database, {
    questions,
    users,
    onProgress(done, total) {
      const pct = Math.floor((done / total) * 100);
      if (pct !== shown) {
        shown = pct;
        process.stdout.write(`\rquestions ${done}/${total} (${pct}%)`);
      }
    },
  });
  process.stdout.write('\n');
  console.log(
    `Seeded ${totals.users} users, ${totals.tags} tags, ${totals.questions} questions, ${totals.answers} answers, ` +
      `${totals.comments} comments in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  await runtime.close();
  return 0;
}

async function userCommand(paths: DataPaths, args: string[]): Promise<number> {
  const [action, email] = args;
  if (action !== 'activate' || !email) {
    console.error(`Usage: answer user activate <email> [-C <data path>]`);
    return 1;
  }
  const runtime = await openRuntime(paths);
  try {
    if (!runtime.installed) {
      console.error(`The site at ${paths.root} is not installed yet.`);
      return 1;
    }
    const { activateByEmail } = await import('./features/auth/activate-by-email.js');
    const outcome = await activateByEmail(runtime.database, email);
    if (!('username' in outcome)) {
      console.error(outcome.result === 'unknown' ? `No account has the e-mail address ${email}.` : `The account with the e-mail address ${email} is deleted.`);
      return 1;
    }
    console.log(
      outcome.result === 'activated'
        ? `Activated ${outcome.username} (${email}): the account can now post.`
        : `${outcome.username} (${email}) was already activated; nothing changed.`,
    );
    return 0;
  } finally {
    await runtime.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
