/**
 * Replies of the plugin calls every 1.4.0 client makes (domain.md 15), in upstream's shapes.
 * `GET /connector/info`: the external sign-in buttons of the login page.
 */
export interface ConnectorInfo {
  name: string;
  /** An SVG image, its text base64-encoded (upstream's wire: the 1.4.0 client decodes it). */
  icon: string;
  /** Where the button leads: the connector's login start on this site. */
  link: string;
  /**
   * Beyond upstream: the connector signs people in with a name and password typed into the site's
   * own form (a directory: LDAP), POSTed to `link` as `{username, password}`, instead of a redirect.
   */
  form?: boolean;
}

/** `GET /user/plugin/configs`: the enabled plugins with settings of each member's own (a tab each). */
export interface UserPluginItem {
  name: string;
  slug_name: string;
}
