import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built web app: web/dist, or ANSWER_STATIC_PATH (tests and packagers point elsewhere). */
export const WEB_DIST =
  process.env.ANSWER_STATIC_PATH || path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
