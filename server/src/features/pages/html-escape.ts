const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Plain text made safe for an HTML text node or a quoted attribute value. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * JSON for a <script> data block: `<` written as \u003c so no `</script>` or `<!--` inside a string
 * can end the element or change how the parser reads it; the JSON value is unchanged.
 */
export const jsonForScript = (value: unknown) => scriptSafeJson(JSON.stringify(value));

/** The same for JSON that is already text (an API reply's body): nothing is parsed again. */
export const scriptSafeJson = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
