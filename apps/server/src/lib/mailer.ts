import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends the site's mail (password reset) through SMTP; when mail is off, sends nothing. */
export interface Mailer {
  readonly enabled: boolean;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * An SMTP mailer (nodemailer) for `SMTP_URL` with the configured sender, or one that sends nothing when
 * mail is off. Messages are credentials (a reset link): neither their text nor the link is ever logged.
 */
export function createMailer(mail: { url: string; from: string } | null): Mailer {
  if (!mail) {
    return { enabled: false, send: async () => undefined, close: () => undefined };
  }
  const transport: Transporter = nodemailer.createTransport(mail.url, { from: mail.from });
  return {
    enabled: true,
    async send(message) {
      await transport.sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html });
    },
    close: () => transport.close(),
  };
}
