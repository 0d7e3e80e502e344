/**
 * XML as this plugin reads it: the parser node-saml verifies signatures with (xmldom), behind one
 * rule of our own. xmldom expands no external entity and knows no entity declared in a DTD (it
 * refuses `&name;` it does not know), but it does accept a DOCTYPE; xml2js, which node-saml reads
 * the assertion with, is another parser with other habits. Refusing every declaration before
 * either sees the text closes the whole class (XXE, entity expansion, DTD-declared ID
 * attributes that change what a signature reference points at): SAML never needs one.
 */
import { parseDomFromString, xpath } from '@node-saml/node-saml/lib/xml.js';
import { DocumentError } from './errors.js';

// `<!` opens a comment, a CDATA section or a declaration (DOCTYPE, ENTITY, ELEMENT, ATTLIST,
// NOTATION); only the first two may appear.
const DECLARATION = /<!(?!--|\[CDATA\[)/;

/** Whether the text holds a DTD or any other markup declaration. */
export const hasDeclaration = (xml: string): boolean => DECLARATION.test(xml);

/** The document, or an error naming what is wrong (never quoting the text). */
export async function parseXml(xml: string, what: string): Promise<Document> {
  if (hasDeclaration(xml)) throw new DocumentError(`the ${what} contains a DOCTYPE or another declaration, which SAML never needs`);
  try {
    return await parseDomFromString(xml);
  } catch {
    throw new DocumentError(`the ${what} is not well-formed XML`);
  }
}

/** Elements by local name and namespace among the children or all descendants of `node`. */
export function elements(node: Node, path: 'child' | 'descendant', localName: string, namespace: string): Element[] {
  const axis = path === 'child' ? './' : './/';
  return xpath.selectElements(node, `${axis}*[local-name()='${localName}' and namespace-uri()='${namespace}']`);
}

export const NS = {
  metadata: 'urn:oasis:names:tc:SAML:2.0:metadata',
  protocol: 'urn:oasis:names:tc:SAML:2.0:protocol',
  assertion: 'urn:oasis:names:tc:SAML:2.0:assertion',
  dsig: 'http://www.w3.org/2000/09/xmldsig#',
} as const;
