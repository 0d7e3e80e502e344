import { linkFromMail, startSmtpReceiver as startReceiver } from '../../server/test/support/smtp.js';

/**
 * The server tests' SMTP receiver, asked the way the browser tests need: the link a mail carries,
 * to open in the browser.
 */
export async function startSmtpReceiver() {
  const receiver = await startReceiver();
  return {
    port: receiver.port,
    /** Waits for a mail to `to` with a link to `linkPath`, and returns that link's path and query. */
    linkTo: async (to: string, linkPath: string, timeoutMs = 15_000) => linkFromMail(await receiver.waitFor(to, 0, `${linkPath}?code`, timeoutMs), linkPath),
    close: receiver.close,
  };
}
