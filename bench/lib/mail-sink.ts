/**
 * An SMTP server on loopback for the benchmarks, like the server tests' smtp-sink
 * (apps/server/src/test/smtp-sink.ts, whose MIME reader it uses) but stamping each message with
 * the moment its DATA ended, and able to keep only what a long run needs (keepText: false drops
 * the body, keep: false keeps nothing and only calls onMail).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseMail } from '../../apps/server/src/test/smtp-sink.ts';

export interface TSinkMail {
  /** performance.timeOrigin + performance.now() at the end of DATA (ms since the epoch, sub-ms). */
  receivedAt: number;
  to: string[];
  subject: string;
  /** The text/plain body ('' with keepText: false). */
  text: string;
}

export interface TMailSink {
  url: string;
  messages: TSinkMail[];
  /** Every message received, also those dropped by clear(). */
  received(): number;
  /** Forgets the messages kept so far (long runs). */
  clear(): void;
  close(): Promise<void>;
}

export const nowMs = () => performance.timeOrigin + performance.now();

export interface TMailSinkOptions {
  /** Keep the text/plain body of each message (default true). */
  keepText?: boolean;
  /** Keep messages in `messages` at all (default true); onMail sees every message either way. */
  keep?: boolean;
  onMail?: (mail: TSinkMail) => void;
}

export async function startMailSink(options: TMailSinkOptions = {}): Promise<TMailSink> {
  const keepText = options.keepText ?? true;
  const keep = options.keep ?? true;
  const messages: TSinkMail[] = [];
  let total = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const receivedAt = nowMs();
        try {
          const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
          total += 1;
          const received: TSinkMail = {
            receivedAt,
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject,
            text: keepText ? mail.text : '',
          };
          if (keep) messages.push(received);
          options.onMail?.(received);
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    received: () => total,
    clear() {
      messages.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
