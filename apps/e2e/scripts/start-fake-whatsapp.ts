// The fake WhatsApp Cloud API of the browser journeys (apps/server/src/test/fake-whatsapp.ts), started
// by run-e2e.mjs as StarLoop's own WhatsApp number (the platform channel of issue 33). Beside it, a
// loopback control address answers `GET /messages` with every message it took, so a journey in
// another process can see what reached the customer's phone. Prints one JSON line ({ url,
// controlUrl, phoneNumberId, appSecret }) and runs until it is sent SIGTERM.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeWhatsApp } from '../../server/src/test/fake-whatsapp.ts';

const fake = await startFakeWhatsApp();
const control = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/messages') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(fake.messages));
    return;
  }
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
const { port } = control.address() as AddressInfo;

process.stdout.write(
  `${JSON.stringify({
    url: fake.url,
    controlUrl: `http://127.0.0.1:${port}`,
    phoneNumberId: '106540352242922',
    accessToken: `EAAG${randomBytes(24).toString('hex')}`,
    appSecret: randomBytes(16).toString('hex'),
  })}\n`,
);
const stop = () => {
  control.close();
  fake.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
