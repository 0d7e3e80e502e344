/**
 * The name of a group from its DN (RFC 4514): the value of the first RDN, unescaped, so
 * `CN=Smith\, John,OU=Groups,DC=corp` gives `Smith, John` and `cn=D\C3\A9v,...` gives `Dév`.
 * Written here rather than taken from a DN parser because only this one value is needed and it must
 * never throw on what a directory sends back.
 */
export function firstRdnValue(dn: string): string {
  const rdn = upToUnescaped(dn, /[,;]/);
  // A multi-valued RDN (cn=a+uid=b) is named by its first part.
  const first = upToUnescaped(rdn, /\+/);
  const equals = first.indexOf('=');
  if (equals < 0) return dn;
  const raw = first.slice(equals + 1).trim();
  // `#04...` is a BER-encoded value: rare, and no better name exists than the DN itself.
  if (raw.startsWith('#')) return dn;
  return unescapeValue(raw);
}

/** `text` up to the first character matching `separator` that no backslash escapes. */
function upToUnescaped(text: string, separator: RegExp): string {
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '\\') {
      // Skip the escaped character (or the first of two hex digits; the second is never special).
      i += 1;
      continue;
    }
    if (separator.test(char)) return text.slice(0, i);
  }
  return text;
}

/** `\,` → `,` and `\C3\A9` → the UTF-8 bytes they spell. */
function unescapeValue(value: string): string {
  // By code point, so characters outside the BMP are copied whole.
  const chars = Array.from(value);
  const bytes: number[] = [];
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i]!;
    const next = chars[i + 1];
    if (char === '\\' && next !== undefined) {
      const hex = next + (chars[i + 2] ?? '');
      if (/^[0-9a-fA-F]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(next, 'utf8'));
        i += 1;
      }
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
