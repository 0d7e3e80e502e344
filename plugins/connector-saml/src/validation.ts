import type { ConfigValues, FieldError, Translatable } from '@answer/plugin-sdk';
import { parseIdpMetadata } from './idp-metadata.js';
import { certificatePem, keyMatchesCertificate, privateKeyPem, splitCertificates } from './pem.js';
import { FIELD, NAME_ID_FORMATS, type Settings, namesOf, readSettings, text } from './settings.js';
import { isMetadataUrl } from './urls.js';

export const MAX_LABEL_LENGTH = 60;
export const MAX_METADATA_XML_LENGTH = 50_000;
// An attribute name: a URI, an OID URN or a word; printable ASCII without quotes or angle brackets.
const ATTRIBUTE_NAME = /^[\x21\x23-\x26\x28-\x3b\x3d\x3f-\x7e]{1,200}$/;
const ENTITY_ID = /^[\x21-\x7e]{1,1024}$/;

/**
 * What keeps the identity provider from being usable, for sign-ins (which refuse to start) and
 * the form: no metadata, or both kinds, or an address the plugin will not fetch from.
 */
export function identityProviderProblem(settings: Settings): string | null {
  if (!settings.metadataUrl && !settings.metadataXml) return 'no identity provider metadata: give its address or paste it';
  if (settings.metadataUrl && settings.metadataXml) return 'both a metadata address and pasted metadata: keep one';
  if (settings.metadataUrl && !isMetadataUrl(settings.metadataUrl)) return 'the metadata address is not https';
  return null;
}

const both = (en_US: string, zh_CN: string): Translatable => ({ en_US, zh_CN });

/** The checks beyond each field's own rules (ConfigForm.validate): every problem, by field. */
export async function validateConfig(values: ConfigValues): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const fail = (field: string, message: Translatable) => errors.push({ field, message });
  const settings = readSettings(values);

  if (text(values[FIELD.buttonLabel]).length > MAX_LABEL_LENGTH) fail(FIELD.buttonLabel, both(`Keep the label to ${MAX_LABEL_LENGTH} characters.`, `按钮文字最多 ${MAX_LABEL_LENGTH} 个字符。`));

  // The identity provider: its metadata by one of the two ways.
  if (!settings.metadataUrl && !settings.metadataXml) {
    fail(FIELD.metadataUrl, both("Enter the address of the identity provider's SAML metadata, or paste the metadata below.", '请输入身份提供方 SAML 元数据的地址，或在下方粘贴元数据。'));
  } else if (settings.metadataUrl && settings.metadataXml) {
    fail(FIELD.metadataXml, both('Give the metadata address or paste the metadata, not both.', '请填写元数据地址或粘贴元数据，不要同时填写。'));
  } else if (settings.metadataUrl && !isMetadataUrl(settings.metadataUrl)) {
    fail(
      FIELD.metadataUrl,
      both(
        'Enter an https:// address without a #fragment or user name (http:// only for 127.0.0.1 or localhost). For an identity provider reachable only over plain http, paste its metadata instead: over http anyone on the way could replace its certificate.',
        '请输入以 https:// 开头、不含 # 片段或用户名的地址（仅 127.0.0.1 或 localhost 可用 http://）。如果身份提供方只能通过 http 访问，请改为粘贴其元数据：通过 http 传输时，途中的任何人都可能替换其证书。',
      ),
    );
  } else if (settings.metadataXml) {
    if (settings.metadataXml.length > MAX_METADATA_XML_LENGTH) {
      fail(FIELD.metadataXml, both(`The pasted metadata is longer than ${MAX_METADATA_XML_LENGTH} characters: give its address instead.`, `粘贴的元数据超过 ${MAX_METADATA_XML_LENGTH} 个字符：请改为填写其地址。`));
    } else {
      try {
        const metadata = await parseIdpMetadata(settings.metadataXml, settings.idpEntityId);
        if (!metadata.certificates.length && !settings.idpCertificates.length) {
          fail(FIELD.metadataXml, both('The metadata has no signing certificate: paste the certificate of the identity provider below.', '元数据中没有签名证书：请在下方粘贴身份提供方的证书。'));
        }
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'it cannot be read';
        fail(FIELD.metadataXml, both(`This metadata cannot be used: ${reason}.`, `无法使用该元数据：${reason}。`));
      }
    }
  }

  const entityId = text(values[FIELD.idpEntityId]);
  if (entityId && !ENTITY_ID.test(entityId)) fail(FIELD.idpEntityId, both('An entity ID is a URI without spaces.', '实体 ID 是不含空格的 URI。'));

  const pastedCertificates = text(values[FIELD.idpCertificate]);
  if (pastedCertificates && !splitCertificates(pastedCertificates).every((block) => certificatePem(block) !== null)) {
    fail(FIELD.idpCertificate, both('Paste X.509 certificates in PEM (-----BEGIN CERTIFICATE-----), or the base64 of one.', '请粘贴 PEM 格式的 X.509 证书（-----BEGIN CERTIFICATE-----），或其 base64 内容。'));
  }

  const spEntityId = text(values[FIELD.spEntityId]);
  if (spEntityId && !ENTITY_ID.test(spEntityId)) fail(FIELD.spEntityId, both('An entity ID is a URI without spaces, e.g. https://answers.example.com/saml.', '实体 ID 是不含空格的 URI，例如 https://answers.example.com/saml。'));

  const format = text(values[FIELD.nameIdFormat]);
  if (format && !(format in NAME_ID_FORMATS)) fail(FIELD.nameIdFormat, both('Choose one of the listed NameID formats.', '请选择列出的 NameID 格式之一。'));
  if (format === 'transient' && !settings.attributes.externalId.length) {
    fail(
      FIELD.attributeExternalId,
      both(
        'A transient NameID changes at every sign-in: name the attribute that holds the permanent id, or ask for another NameID format.',
        '临时（transient）NameID 每次登录都会变化：请填写保存永久 ID 的属性，或选择其他 NameID 格式。',
      ),
    );
  }

  // Request signing: both halves or neither, and they must belong together.
  const keyText = text(values[FIELD.spPrivateKey]);
  const certificateText = text(values[FIELD.spCertificate]);
  const key = keyText ? privateKeyPem(keyText) : null;
  const certificate = certificateText ? certificatePem(certificateText) : null;
  if (keyText && !key) fail(FIELD.spPrivateKey, both('Paste an unencrypted private key in PEM (-----BEGIN PRIVATE KEY-----).', '请粘贴未加密的 PEM 格式私钥（-----BEGIN PRIVATE KEY-----）。'));
  if (certificateText && !certificate) fail(FIELD.spCertificate, both('Paste an X.509 certificate in PEM (-----BEGIN CERTIFICATE-----).', '请粘贴 PEM 格式的 X.509 证书（-----BEGIN CERTIFICATE-----）。'));
  if (keyText && !certificateText) fail(FIELD.spCertificate, both('Signing needs the certificate of the private key too.', '签名还需要与私钥对应的证书。'));
  if (certificateText && !keyText) fail(FIELD.spPrivateKey, both('Signing needs the private key of the certificate too.', '签名还需要与证书对应的私钥。'));
  if (key && certificate && !keyMatchesCertificate(key, certificate)) fail(FIELD.spCertificate, both('This certificate is not the one of the private key.', '该证书与私钥不匹配。'));

  const attributeFields = [FIELD.attributeExternalId, FIELD.attributeDisplayName, FIELD.attributeUsername, FIELD.attributeEmail, FIELD.attributeGroups];
  for (const field of attributeFields) {
    if (!namesOf(values[field]).every((name) => ATTRIBUTE_NAME.test(name))) {
      fail(field, both('Enter attribute names (URIs, OIDs or words) separated by spaces.', '请输入以空格分隔的属性名称（URI、OID 或单词）。'));
    }
  }
  return errors;
}
