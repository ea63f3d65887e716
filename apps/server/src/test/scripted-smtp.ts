import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** How the scripted SMTP server answers RCPT TO: accept, 451 (try later), 550 (refused for good), or silence. */
export type TSmtpAnswer = 'ok' | 'transient' | 'permanent' | 'hang';

export interface TScriptedSmtp {
  state: {
    /** Its answer from now on; the test changes it as it goes. */
    mode: TSmtpAnswer;
    /** Every RCPT TO it was asked, whatever it answered. */
    attempts: number;
    /** The recipients of every mail it took, once per mail. */
    received: string[];
  };
  url: string;
  close(): Promise<void>;
}

/**
 * A loopback SMTP server for the tests of mail failures: it refuses with 451 'Try again later' or
 * 550 'No such mailbox', or never answers, as `state.mode` says (startSmtpSink keeps and parses
 * what it receives instead).
 */
export async function startScriptedSmtp(mode: TSmtpAnswer = 'ok'): Promise<TScriptedSmtp> {
  const state: TScriptedSmtp['state'] = { mode, attempts: 0, received: [] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      state.attempts += 1;
      if (state.mode === 'hang') return;
      if (state.mode === 'transient') {
        callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        return;
      }
      if (state.mode === 'permanent') {
        callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) state.received.push(to.address);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
