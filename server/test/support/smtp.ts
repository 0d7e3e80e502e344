import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP receiver on 127.0.0.1 that keeps every message, for following links in tests. */
export async function startSmtpReceiver() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    mails,
    /** Waits for a mail to `to` (containing `text`, if given) among those after the first `since`. */
    async waitFor(to: string, since = 0, text = '', timeoutMs = 10_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.slice(since).find((m) => m.to.includes(to) && m.raw.replace(/=\r?\n/g, '').includes(text));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link to `path` with its code in a message ("/path?code=..."; quoted-printable undone). */
export function linkFromMail(mail: ReceivedMail, path: string): string {
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?code=([\\w%-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in mail:\n${mail.raw}`);
  return match[0];
}

/** The code of the first link to `path` in a message. */
export function codeFromMail(mail: ReceivedMail, path: string): string {
  return decodeURIComponent(linkFromMail(mail, path).split('?code=')[1]!);
}
