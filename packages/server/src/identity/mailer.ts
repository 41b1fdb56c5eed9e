// Mail the server sends (password reset). An adapter with a built-in default:
// the outbox mailer keeps every mail in table outbox and prints a line on the
// console, so an operator without a mail server can hand a reset link over.
import type { ServerContext } from '../context.js';
import { keepInOutbox } from '../repo/outbox.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface OutboxMailerOptions {
  /** Where the console line goes; defaults to console.log, tests pass their own. */
  echo?: (line: string) => void;
}

export function createOutboxMailer(ctx: Pick<ServerContext, 'db' | 'log'>, options: OutboxMailerOptions = {}): Mailer {
  const echo = options.echo ?? ((line: string) => console.log(line));
  return {
    async send(mail) {
      const id = await keepInOutbox(ctx.db, { recipient: mail.to, subject: mail.subject, body: mail.text });
      await ctx.log.info(`mail '${mail.subject}' to ${mail.to} kept in the outbox (id ${id})`);
      echo(`outbox: mail ${id} to ${mail.to}: ${mail.subject}\n${mail.text.replace(/^/gm, '  | ')}`);
    },
  };
}
