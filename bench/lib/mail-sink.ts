/**
 * The server tests' SMTP sink on loopback (apps/server/src/test/smtp-sink.ts), adapted for the
 * benchmarks: each message is stamped as the sink takes it in (when its DATA ended), its recipients
 * lower-cased, and only what a long run needs is kept (keepText: false drops the body, keep: false
 * keeps nothing and only calls onMail).
 */
import { startSmtpSink, type TReceivedMail } from '../../apps/server/src/test/smtp-sink.ts';
import { onCleanup } from './harness.ts';

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
}

export const nowMs = () => performance.timeOrigin + performance.now();

export interface TMailSinkOptions {
  /** Keep the text/plain body of each message (default true). */
  keepText?: boolean;
  /** Keep messages in `messages` at all (default true); onMail sees every message either way. */
  keep?: boolean;
  onMail?: (mail: TSinkMail) => void;
}

/** Starts the sink; a cleanup step closes it. */
export async function startMailSink(options: TMailSinkOptions = {}): Promise<TMailSink> {
  const keepText = options.keepText ?? true;
  const keep = options.keep ?? true;
  const messages: TSinkMail[] = [];
  let total = 0;
  const sink = await startSmtpSink({
    onMail(mail: TReceivedMail) {
      total += 1;
      const received: TSinkMail = {
        receivedAt: nowMs(),
        to: mail.to.map((address) => address.toLowerCase()),
        subject: mail.subject,
        text: keepText ? mail.text : '',
      };
      if (keep) messages.push(received);
      options.onMail?.(received);
    },
  });
  onCleanup(() => sink.close());
  return {
    url: sink.url,
    messages,
    received: () => total,
    clear() {
      messages.length = 0;
    },
  };
}
