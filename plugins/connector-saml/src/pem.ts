import { X509Certificate, createPrivateKey } from 'node:crypto';

/**
 * Certificates and keys as admins paste them and as metadata carries them: PEM with its header,
 * or the bare base64 of an X509Certificate element (line breaks anywhere). Each is parsed by
 * node:crypto, so what reaches the signature check is a real certificate, as PEM.
 */

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Several certificates pasted one after another (an identity provider rolling its key over). */
export function splitCertificates(text: string): string[] {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g);
  if (blocks) return blocks;
  return text.trim() ? [text] : [];
}

/** A certificate as PEM, or null when the text is not one. */
export function certificatePem(text: string): string | null {
  const body = text
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '');
  if (!body || !BASE64.test(body)) return null;
  try {
    const certificate = new X509Certificate(Buffer.from(body, 'base64'));
    return certificate.toString();
  } catch {
    return null;
  }
}

/** A private key as PKCS#8 PEM, or null when the text is not an unencrypted private key. */
export function privateKeyPem(text: string): string | null {
  try {
    return createPrivateKey({ key: text.trim(), format: 'pem' }).export({ format: 'pem', type: 'pkcs8' }).toString();
  } catch {
    return null;
  }
}

/** Whether the certificate is the public half of the key (a mismatch would make every request fail at the IdP). */
export function keyMatchesCertificate(keyPem: string, certificatePemText: string): boolean {
  try {
    return new X509Certificate(certificatePemText).checkPrivateKey(createPrivateKey(keyPem));
  } catch {
    return false;
  }
}

/** The base64 body of a PEM certificate, as metadata carries it. */
export const certificateBody = (pem: string): string => pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
