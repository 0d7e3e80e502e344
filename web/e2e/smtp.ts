import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  to: string[];
  /** The message as sent, quoted-printable soft line breaks and "=3D" undone. */
  text: string;
}

/** A real SMTP receiver on 127.0.0.1 keeping every message, so tests can follow the links in them. */
export async function startSmtpReceiver() {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    /** Waits for a mail to `to` with a link to `linkPath`, and returns that link's path and query. */
    async linkTo(to: string, linkPath: string, timeoutMs = 15_000): Promise<string> {
      const pattern = new RegExp(`${linkPath.replace(/\//g, '\\/')}\\?code=[\\w%-]+`);
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        for (const mail of mails) {
          const link = mail.to.includes(to) ? pattern.exec(mail.text)?.[0] : undefined;
          if (link) return link;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} with a ${linkPath} link within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
