import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'ldapts';
import { ROOT_DN, ROOT_PASSWORD, SUFFIX, testLdif } from './ldif.ts';

const run = promisify(execFile);

export const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';

export interface RunningDirectory {
  /** ldap:// (plain, StartTLS offered) and ldaps:// addresses. */
  url: string;
  ldapsUrl: string;
  /** The self-signed certificate the server presents (PEM), to give as the CA. */
  certificate: string;
  stop(): Promise<void>;
}

/** A port nothing listens on: bound, noted and released. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// AD's attribute names with matching rules (Debian's msuser.schema has none for sAMAccountName), so
// AD-like entries can be searched as AD is; memberOf comes from the dynlist overlay.
const AD_SCHEMA = `
attributetype ( 1.2.840.113556.1.4.221 NAME 'sAMAccountName' EQUALITY caseIgnoreMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.15 SINGLE-VALUE )
attributetype ( 1.2.840.113556.1.4.2 NAME 'objectGUID' EQUALITY octetStringMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.40 SINGLE-VALUE )
attributetype ( 1.2.840.113556.1.4.8 NAME 'userAccountControl' EQUALITY integerMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.27 SINGLE-VALUE )
`;

function slapdConf(dir: string): string {
  return `
include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
include /etc/ldap/schema/nis.schema
include /etc/ldap/schema/dyngroup.schema
include ${dir}/ad.schema
modulepath /usr/lib/ldap
moduleload back_mdb
moduleload dynlist
pidfile ${dir}/slapd.pid
TLSCertificateFile ${dir}/cert.pem
TLSCertificateKeyFile ${dir}/key.pem
database mdb
maxsize 16777216
suffix "${SUFFIX}"
rootdn "${ROOT_DN}"
rootpw ${ROOT_PASSWORD}
directory ${dir}/db
# memberOf on people, computed from the groupOfNames that list them (as AD and the memberof overlay give it).
overlay dynlist
dynlist-attrset groupOfURLs memberURL member+memberOf@groupOfNames
`;
}

/** Waits until the server accepts the root bind, or fails with what slapd said. */
async function waitUntilAnswering(url: string, slapd: ChildProcess, output: () => string): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (slapd.exitCode !== null) throw new Error(`slapd exited with ${slapd.exitCode}: ${output()}`);
    const client = new Client({ url, connectTimeout: 500, timeout: 1000 });
    try {
      await client.bind(ROOT_DN, ROOT_PASSWORD);
      return;
    } catch {
      if (Date.now() - started > 10_000) throw new Error(`slapd did not answer within 10 s: ${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.unbind().catch(() => {});
    }
  }
}

/**
 * Debian's slapd on 127.0.0.1 (free ports), with a fresh mdb database in a temporary folder loaded
 * by slapadd, and a self-signed certificate made with openssl for StartTLS and ldaps://.
 */
export async function startDirectory(): Promise<RunningDirectory> {
  const dir = await mkdtemp(path.join(tmpdir(), 'connector-ldap-test-'));
  try {
    await writeFile(path.join(dir, 'ad.schema'), AD_SCHEMA);
    await writeFile(path.join(dir, 'slapd.conf'), slapdConf(dir));
    await writeFile(path.join(dir, 'data.ldif'), testLdif());
    await mkdir(path.join(dir, 'db'));
    await run('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '2',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    ]);
    await run(SLAPADD, ['-q', '-f', path.join(dir, 'slapd.conf'), '-l', path.join(dir, 'data.ldif')]);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  const [port, ldapsPort] = [await freePort(), await freePort()];
  const url = `ldap://127.0.0.1:${port}`;
  const ldapsUrl = `ldaps://127.0.0.1:${ldapsPort}`;
  // -d 0: stay in the foreground (so the test owns the process) and log nothing.
  const slapd = spawn(SLAPD, ['-h', `${url}/ ${ldapsUrl}/`, '-f', path.join(dir, 'slapd.conf'), '-d', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  slapd.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  slapd.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => slapd.once('exit', () => resolve()));

  const stop = async () => {
    if (slapd.exitCode === null) {
      slapd.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      if (slapd.exitCode === null) slapd.kill('SIGKILL');
    }
    await rm(dir, { recursive: true, force: true });
  };

  try {
    await waitUntilAnswering(url, slapd, () => output.trim());
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, ldapsUrl, certificate: await readFile(path.join(dir, 'cert.pem'), 'utf8'), stop };
}
