import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, type TDbHandle } from '@starloop/db';
import { createEmptyPostgresDatabase, type TTestDatabase, testDatabaseUrl } from '@starloop/db/testing';
import { startFakeRazorpay, type TFakeRazorpay } from '../test/fake-razorpay.ts';
import { startSmtpSink, type TSmtpSink } from '../test/smtp-sink.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BUILT_SERVER = path.join(serverRoot, 'dist/main.js');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export const CLUSTER_SECRETS = {
  token: 'cluster-secret-shared-by-every-instance-0123456789',
  keyId: 'rzp_test_cluster',
  keySecret: 'rzp-cluster-key-secret',
  webhookSecret: 'rzp-cluster-webhook-secret',
} as const;

export interface TInstance {
  index: number;
  port: number;
  url: string;
  child: ChildProcess;
  exited: Promise<number | string>;
  logs: string[];
}

export interface TCluster {
  /** The load balancer (nginx), round robin over the instances. */
  url: string;
  instances: TInstance[];
  database: TTestDatabase;
  db: TDbHandle;
  razorpay: TFakeRazorpay;
  /** Every mail the instances sent (SMTP on loopback). */
  smtp: TSmtpSink;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForReady(url: string, child: ChildProcess, limitMs = 60_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (child.exitCode !== null) throw new Error(`instance at ${url} exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/readyz`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`instance at ${url} not ready after ${limitMs} ms`);
}

/** Starts one built instance (`node dist/main.js`) in production mode on `port`. */
export function startInstance(index: number, port: number, env: Record<string, string>): TInstance {
  const child = spawn(process.execPath, ['--enable-source-maps', BUILT_SERVER], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `starloop-cluster-${index}-`)),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { index, port, url: `http://127.0.0.1:${port}`, child, exited, logs };
}

/** An nginx of our own (own config, pid and logs; never the system service), round robin. */
async function startNginx(ports: number[]): Promise<{ url: string; stop(): Promise<void> }> {
  if (!existsSync(NGINX)) throw new Error(`nginx not found at ${NGINX} (apt-get install -y nginx)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'starloop-nginx-'));
  const port = await freePort();
  const conf = `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream starloop {
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://starloop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
    }
  }
}
`;
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, conf);
  const child = spawn(NGINX, ['-c', file, '-p', dir, '-e', path.join(dir, 'error.log')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    const up = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() - started > 10_000) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

/**
 * Three (or `size`) built instances in production mode on one fresh PostgreSQL database, started
 * together (a cold start: they race to migrate), behind nginx, with a fake Razorpay on loopback.
 */
export async function startCluster(size = 3): Promise<TCluster> {
  if (!existsSync(BUILT_SERVER)) throw new Error('build the server first: npm run build -w @starloop/server');
  const serverUrl = testDatabaseUrl();
  if (!serverUrl) throw new Error('the cluster test runs on PostgreSQL (STARLOOP_TEST_DATABASE_URL)');
  const database = await createEmptyPostgresDatabase(serverUrl);
  const razorpay = await startFakeRazorpay();
  const smtp = await startSmtpSink();
  const ports = await Promise.all(Array.from({ length: size }, () => freePort()));
  const env = {
    DATABASE_URL: database.url,
    TOKEN_SECRET: CLUSTER_SECRETS.token,
    TRUST_PROXY: 'loopback',
    RAZORPAY_KEY_ID: CLUSTER_SECRETS.keyId,
    RAZORPAY_KEY_SECRET: CLUSTER_SECRETS.keySecret,
    RAZORPAY_WEBHOOK_SECRET: CLUSTER_SECRETS.webhookSecret,
    RAZORPAY_API_BASE: razorpay.url,
    APP_URL: 'https://starloop.cluster.test',
    SMTP_URL: smtp.url,
    SHUTDOWN_TIMEOUT: '15',
    // The load test sends thousands of reviews an hour to a few businesses.
    REVIEWS_PER_BUSINESS_PER_HOUR: '1000000',
  };
  const instances = ports.map((port, i) => startInstance(i, port, env));
  await Promise.all(instances.map((instance) => waitForReady(instance.url, instance.child)));
  const nginx = await startNginx(ports);
  const db = createDb({ url: database.url, poolSize: 3 });
  return {
    url: nginx.url,
    instances,
    database,
    db,
    razorpay,
    smtp,
    async close() {
      await nginx.stop();
      for (const instance of instances) {
        if (instance.child.exitCode === null && instance.child.signalCode === null) {
          instance.child.kill('SIGTERM');
          await instance.exited;
        }
      }
      await razorpay.close();
      await smtp.close();
      await db.close();
      await database.drop();
    },
  };
}

export async function waitFor(check: () => Promise<boolean>, limitMs: number, everyMs = 50): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`not within ${limitMs} ms`);
}
