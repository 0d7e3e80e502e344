import path from 'node:path';

/** Where everything of one installation lives (domain.md 14.1). */
export interface DataPaths {
  root: string;
  confDir: string;
  configFile: string;
  uploads: string;
  sqliteDir: string;
  defaultSqliteFile: string;
}

export function resolveDataPaths(dataPath?: string): DataPaths {
  const root = path.resolve(dataPath || process.env.ANSWER_DATA_PATH || './data');
  const confDir = path.join(root, 'conf');
  return {
    root,
    confDir,
    configFile: path.join(confDir, 'config.yaml'),
    uploads: path.join(root, 'uploads'),
    sqliteDir: path.join(root, 'sqlite3'),
    defaultSqliteFile: path.join(root, 'sqlite3', 'answer.db'),
  };
}
