import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server in this process that keeps what it receives (the tests read mail from it). */
export interface Mailbox {
  /** `smtp://127.0.0.1:PORT`, for SMTP_URL. */
  url: string;
  messages: ParsedMail[];
  /** The next message to `to` that arrives after `after` messages to it (default: any not yet taken). */
  next(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** The first link to the web app's reset screen in a message's text. */
export function resetLinkIn(mail: ParsedMail): string {
  const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/u.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return link;
}

export async function startMailbox(): Promise<Mailbox> {
  const messages: ParsedMail[] = [];
  const taken = new Set<ParsedMail>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const w of waiters.splice(0)) w();
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  const addressedTo = (mail: ParsedMail, to: string) => {
    const list = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
    return list.some((a) => a.value.some((v) => v.address?.toLowerCase() === to.toLowerCase()));
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async next(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => !taken.has(m) && addressedTo(m, to));
        if (found) {
          taken.add(found);
          return found;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
