import type { ConnectorHooks, PluginContext } from '@answer/plugin-sdk';
import type { Runtime } from '../../runtime.js';

/** The connector's provider under its current settings ('' when it does not say, or cannot). */
export function providerIdOf(hooks: ConnectorHooks, ctx: PluginContext): string {
  try {
    const id = hooks.providerId?.(ctx);
    return typeof id === 'string' ? id.trim().slice(0, 512) : '';
  } catch {
    return '';
  }
}

/** How many logins through `slug` were made with a provider other than `providerId` (they no longer sign in). */
export async function loginsOfOtherProviders(runtime: Runtime, slug: string, providerId: string): Promise<number> {
  if (!providerId) return 0;
  const row = await runtime.database
    .selectFrom('user_external_login')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('provider', '=', slug)
    .where('provider_id', '!=', '')
    .where('provider_id', '!=', providerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
