/**
 * Mail in the browser tests: global-setup runs a real SMTP server (smtp-server) that the app sends to and
 * that drops each message, as received, into E2E_MAIL_DIR; a test reads the next message to an address
 * from there (parsed with mailparser) and follows its link.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Starts the SMTP server on a free port; answers its URL (for SMTP_URL) and how to stop it. */
export async function startMailDrop(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        count += 1;
        writeFileSync(path.join(dir, `${Date.now()}-${count}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits for a message to `to` (each address is a test's own) and answers it parsed. */
export async function nextMail(to: string, timeoutMs = 15_000): Promise<ParsedMail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (run the tests with npx playwright test)');
  const until = Date.now() + timeoutMs;
  const seen = new Set<string>();
  while (Date.now() < until) {
    for (const name of readdirSync(dir).sort()) {
      if (seen.has(name)) continue;
      seen.add(name);
      const mail = await simpleParser(readFileSync(path.join(dir, name)));
      const list = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
      if (list.some((a) => a.value.some((v) => v.address?.toLowerCase() === to.toLowerCase()))) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}
