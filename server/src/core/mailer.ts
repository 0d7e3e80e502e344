/** SMTP settings as stored in config key `email.config` (domain.md 13.4). */
export interface SmtpSettings {
  from_email: string;
  from_name: string;
  smtp_host: string;
  smtp_port: number;
  /** "SSL" = implicit TLS, "TLS" = STARTTLS, "" = plain. */
  encryption: '' | 'SSL' | 'TLS';
  smtp_username: string;
  smtp_password: string;
  smtp_authentication: boolean;
  test_email_recipient?: string;
}

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra header lines, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export const smtpConfigured = (s: SmtpSettings) => Boolean(s.smtp_host);

/** Sends one message; throws the SMTP error so callers can report or retry it. */
export async function sendMail(settings: SmtpSettings, mail: Mail): Promise<void> {
  // Imported with the first mail, not at start: a site that sends none never loads it (issue 15: memory).
  const nodemailer = (await import('nodemailer')).default;
  const transport = nodemailer.createTransport({
    host: settings.smtp_host,
    port: Number(settings.smtp_port) || 465,
    secure: settings.encryption === 'SSL',
    requireTLS: settings.encryption === 'TLS',
    ignoreTLS: settings.encryption === '',
    auth: settings.smtp_authentication && settings.smtp_username
      ? { user: settings.smtp_username, pass: settings.smtp_password }
      : undefined,
    tls: { rejectUnauthorized: !process.env.SKIP_SMTP_TLS_VERIFY },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({
      from: { name: settings.from_name || settings.from_email, address: settings.from_email },
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      headers: mail.headers,
    });
  } finally {
    transport.close();
  }
}
