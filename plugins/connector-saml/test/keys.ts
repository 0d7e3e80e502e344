import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface KeyPair {
  /** PKCS#8 PEM. */
  privateKey: string;
  /** A self-signed X.509 certificate of the key, PEM. */
  certificate: string;
}

/**
 * A fresh RSA key and self-signed certificate, made by openssl now (node:crypto makes keys but not
 * certificates). Nothing is kept: the folder is removed at once, and no key is in the repository.
 */
export function makeKeyPair(commonName: string): KeyPair {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saml-test-key-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${commonName}`, '-keyout', keyFile, '-out', certFile], { stdio: 'ignore' });
    return { privateKey: fs.readFileSync(keyFile, 'utf8'), certificate: fs.readFileSync(certFile, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
