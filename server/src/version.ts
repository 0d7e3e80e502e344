import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootPackage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../package.json');

export const APP_VERSION: string = JSON.parse(fs.readFileSync(rootPackage, 'utf8')).version;
/** Set by packagers (e.g. the git commit); empty for a source checkout. */
export const APP_REVISION = process.env.ANSWER_REVISION ?? '';
