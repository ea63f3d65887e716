import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A test SMTP server on loopback that keeps every message it receives, parsed enough to assert on
 * subject, text and attachments. Point the app at it with
 * `createTestServer({ SMTP_URL: sink.url })`; the mailer pools connections (`?pool=true`), which
 * matters because smtp-server waits 100 ms on each new connection.
 */

export interface TMimePart {
  headers: Record<string, string>;
  contentType: string;
  filename: string | undefined;
  /** Decoded body (base64 and quoted-printable undone). */
  content: Buffer;
}

export interface TReceivedMail {
  from: string | undefined;
  to: string[];
  subject: string;
  headers: Record<string, string>;
  /** The text/plain body, decoded. */
  text: string;
  attachments: TMimePart[];
  raw: string;
}

export interface TSmtpSink {
  url: string;
  port: number;
  messages: TReceivedMail[];
  /** Resolves with the first received mail matching `predicate` (polling), or rejects after `timeoutMs`. */
  waitFor(predicate: (mail: TReceivedMail) => boolean, timeoutMs?: number): Promise<TReceivedMail>;
  close(): Promise<void>;
}

export interface TSmtpSinkOptions {
  /**
   * Takes each message as its DATA ends instead of keeping it in `messages` (long benchmark runs
   * cannot keep every raw message).
   */
  onMail?: (mail: TReceivedMail) => void;
}

export async function startSmtpSink(options: TSmtpSinkOptions = {}): Promise<TSmtpSink> {
  const messages: TReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        try {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail: TReceivedMail = {
            ...parseMail(raw),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
          };
          if (options.onMail) options.onMail(mail);
          else messages.push(mail);
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
    port,
    messages,
    async waitFor(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(`no matching mail within ${timeoutMs} ms (received ${messages.length})`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------- a small MIME reader (enough for nodemailer's output) ----------

function splitHead(raw: string): { head: string; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { head: raw, body: '' };
  const gap = raw.slice(at).match(/^\r?\n\r?\n/)?.[0].length ?? 2;
  return { head: raw.slice(0, at), body: raw.slice(at + gap) };
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** A parameter of a structured header (`boundary`, `filename`, `name`), quoted or not. */
function headerParam(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const match = value.match(new RegExp(`(?:^|;)\\s*${name}\\*?=\\s*(?:"([^"]*)"|([^;\\s]*))`, 'i'));
  if (!match) return undefined;
  const found = match[1] ?? match[2];
  // RFC 2231: utf-8''percent-encoded
  const extended = found?.match(/^utf-8''(.*)$/i);
  return extended ? decodeURIComponent(extended[1] ?? '') : found;
}

function decodeQuotedPrintable(text: string): Buffer {
  const soft = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(ch, 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes);
}

/** =?UTF-8?B?…?= and =?UTF-8?Q?…?= words in headers such as Subject. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_all, _charset: string, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body.replace(/\r?\n$/, ''), 'utf8');
  }
}

/** Leaf parts of a (possibly nested) multipart entity, in order. */
function leafParts(raw: string): TMimePart[] {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = headerParam(contentType, 'boundary');
  if (/^multipart\//i.test(contentType) && boundary) {
    const marker = `--${boundary}`;
    const sections = body.split(marker).slice(1);
    const parts: TMimePart[] = [];
    for (const section of sections) {
      if (section.startsWith('--')) break;
      parts.push(...leafParts(section.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
    }
    return parts;
  }
  const disposition = headers['content-disposition'];
  return [
    {
      headers,
      contentType: contentType.split(';')[0]!.trim().toLowerCase(),
      filename: headerParam(disposition, 'filename') ?? headerParam(contentType, 'name'),
      content: decodeBody(body, headers['content-transfer-encoding']),
    },
  ];
}

export function parseMail(raw: string): Omit<TReceivedMail, 'from' | 'to'> {
  const { head } = splitHead(raw);
  const headers = parseHeaders(head);
  const parts = leafParts(raw);
  const textPart = parts.find((p) => p.contentType === 'text/plain' && !p.filename);
  return {
    subject: decodeWords(headers.subject ?? ''),
    headers,
    text: textPart ? textPart.content.toString('utf8') : '',
    attachments: parts.filter((p) => p.filename !== undefined),
    raw,
  };
}
