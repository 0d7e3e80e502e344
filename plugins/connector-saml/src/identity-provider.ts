import { DocumentError } from './errors.js';
import { type IdpMetadata, parseIdpMetadata } from './idp-metadata.js';
import { metadataFromUrl } from './metadata-fetch.js';
import type { Settings } from './settings.js';

/**
 * The identity provider the settings describe: its metadata (fetched or pasted), with the
 * certificates the admin pasted in place of the metadata's when there are any (pinning them,
 * e.g. while the metadata address is not trusted yet). Without a certificate nothing can be
 * verified, so that is refused here rather than at the first response.
 */
export async function identityProvider(settings: Settings): Promise<IdpMetadata> {
  const metadata = settings.metadataUrl ? await metadataFromUrl(settings.metadataUrl, settings.idpEntityId) : await parseIdpMetadata(settings.metadataXml, settings.idpEntityId);
  const certificates = settings.idpCertificates.length ? settings.idpCertificates : metadata.certificates;
  if (!certificates.length) throw new DocumentError('the identity provider has no signing certificate: none in its metadata and none pasted');
  return { ...metadata, certificates };
}
