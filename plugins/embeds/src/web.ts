import type { WebHost } from '@answer/plugin-sdk/web';
import { embedsRenderer } from './render.js';

/** The browser part: a renderer that turns bare platform links into players and cards. */
export default function setup(host: WebHost): void {
  host.addRenderer(embedsRenderer(host));
}
