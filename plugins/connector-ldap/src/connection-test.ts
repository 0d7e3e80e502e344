import type { PluginContext, PluginReply } from '@answer/plugin-sdk';
import { withDirectory } from './connection.js';
import { LdapError, type Step } from './error-text.js';
import { anyoneFilter } from './filters.js';
import { type LdapSettings, readSettings } from './settings.js';
import { checkUsable } from './usable.js';

type Message = { en_US: string; zh_CN: string };

const failed = (step: Step | 'config', message: Message): PluginReply => ({ status: 400, data: { ok: false, step }, message });

/** What failed, for the admin: each step has its own likely fix. */
function failureMessage(error: LdapError, settings: LdapSettings): Message {
  const { detail } = error;
  switch (error.step) {
    case 'connect':
      return { en_US: `Could not connect to ${settings.url}: ${detail}`, zh_CN: `无法连接到 ${settings.url}：${detail}` };
    case 'tls':
      return {
        en_US: `The encrypted connection failed: ${detail}. Check the CA certificate and that the URL names the host in the server's certificate.`,
        zh_CN: `加密连接失败：${detail}。请检查 CA 证书，以及 URL 中的主机名是否与服务器证书一致。`,
      };
    case 'bind':
      return { en_US: `The directory refused the service account: ${detail}`, zh_CN: `目录拒绝了服务账号：${detail}` };
    case 'search':
      return { en_US: `Searching the base DN "${settings.baseDn}" failed: ${detail}`, zh_CN: `搜索基准 DN“${settings.baseDn}”失败：${detail}` };
  }
}

/**
 * The form's "Test connection" button (admin route `POST /test`): connects as sign-ins do, binds
 * with the service account, reads the base DN and looks for anybody the user filter matches. It
 * uses the saved settings, since those are what sign-ins use; no message ever holds the password.
 */
export async function testConnection(ctx: PluginContext): Promise<PluginReply> {
  const settings = readSettings(ctx.config());
  const problem = checkUsable(settings);
  if (problem) return failed('config', problem);

  let peopleFound: boolean;
  try {
    peopleFound = await withDirectory(settings, async (directory) => {
      await directory.bindService();
      // Scope "base": the base DN itself, which fails with noSuchObject when it is misspelt.
      await directory.search(settings.baseDn, { scope: 'base', attributes: ['1.1'] });
      const people = await directory.search(settings.baseDn, { scope: 'sub', filter: anyoneFilter(settings.userFilter), attributes: ['1.1'], sizeLimit: 1 });
      return people.length > 0;
    });
  } catch (error) {
    if (!(error instanceof LdapError)) throw error;
    ctx.log.warn('ldap: connection test failed', { step: error.step });
    return failed(error.step, failureMessage(error, settings));
  }

  const filter = anyoneFilter(settings.userFilter);
  return {
    data: { ok: true, peopleFound },
    message: peopleFound
      ? {
          en_US: `Connection works: the service account signed in and the user filter finds people under "${settings.baseDn}".`,
          zh_CN: `连接正常：服务账号已登录，且用户过滤器能在“${settings.baseDn}”下找到人员。`,
        }
      : {
          en_US: `Connected and signed in as the service account, but nobody under "${settings.baseDn}" matches ${filter}: check the base DN and the user filter.`,
          zh_CN: `已连接并以服务账号登录，但“${settings.baseDn}”下没有与 ${filter} 匹配的人员：请检查基准 DN 和用户过滤器。`,
        },
  };
}
