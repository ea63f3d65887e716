#!/usr/bin/env node
// npm run validate:infra — checks everything under infra/ without a cluster or a Docker engine,
// one line per file (ok / FAIL / skip), exit code 1 on any failure.
//
//  - infra/Dockerfile: syntax (dockerfile-utils) and the image's contract (Node 24 slim base,
//    non-root USER, tini as ENTRYPOINT, HEALTHCHECK, NODE_ENV=production, the dist entry point),
//    plus the root .dockerignore.
//  - infra/compose.yaml: the Compose Specification JSON schema (shipped by dclint), a few dclint
//    rules, the shape (three app instances, nginx, PostgreSQL 16, Redis 7, healthchecks), and
//    infra/nginx/nginx.conf's upstream against the app services.
//  - infra/k8s: every overlay rendered (render-kustomize.mjs; compared with real kustomize when
//    `kustomize` or `kubectl` is installed), every overlay with every component, and every
//    example, against the Kubernetes API schemas (kubernetes-models: types, enums, formats,
//    required fields) plus unknown fields (strict, like kubectl --validate=strict). Custom
//    resources whose schema ships on npm (Prometheus operator) are validated the same way; the
//    others (CloudNativePG) get apiVersion/kind/metadata checks and a clear "skip schema" note.
//    Then consistency: selectors, ports, volumes, config and secret references, the security
//    context, probes, resources and the shutdown budget.
//  - Configuration: the ConfigMap and the example Secret together list every variable of
//    packages/config, secrets stay out of the ConfigMap, and each overlay's environment (and
//    compose's) parses with the server's own parseEnv (through tsx).
//  - infra/monitoring: the PrometheusRule (schema, PromQL syntax via the Prometheus project's
//    parser, durations, severities, known metric names; `promtool check rules` and
//    `promtool test rules` when promtool is installed) and the Grafana dashboard's structure
//    (ids, grid, datasource, variables, queries, metric names).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { parser as promqlParser } from '@prometheus-io/lezer-promql';
import Ajv from 'ajv';
import { validate as validateDockerfile } from 'dockerfile-utils';
import YAML from 'yaml';
import { createStrictChecker } from './lib/strict-fields.mjs';
import { idOf, readYamlDocuments, renderKustomization } from './render-kustomize.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const INFRA = path.join(ROOT, 'infra');
const rel = (p) => path.relative(ROOT, p) || '.';
const require = createRequire(import.meta.url);

// ---- reporting ---------------------------------------------------------------------------------
let failed = 0;
let checked = 0;
/** One line per file; problems indented under it. */
function report(file, problems, detail = '', notes = []) {
  checked++;
  if (problems.length > 0) {
    failed++;
    console.log(`FAIL ${file}${detail ? ` (${detail})` : ''}`);
    for (const p of problems) console.log(`       - ${p}`);
  } else {
    console.log(`ok   ${file}${detail ? ` (${detail})` : ''}`);
  }
  for (const n of notes) console.log(`       · ${n}`);
}
const skip = (what, why) => console.log(`skip ${what}: ${why}`);
const section = (title) => console.log(`\n== ${title}`);

const which = (cmd) => {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, cmd);
    if (dir && existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
};
const yamlFiles = (dir) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()
        .map((f) => path.join(dir, f))
    : [];
const subdirs = (dir) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => statSync(path.join(dir, f)).isDirectory())
        .sort()
        .map((f) => path.join(dir, f))
    : [];

// ---- configuration variables (packages/config) ------------------------------------------------
const CONFIG_SOURCE = path.join(ROOT, 'packages/config/src/index.ts');
/** The variables in packages/config's ZEnv object, read from its source. */
function configVariables() {
  const source = readFileSync(CONFIG_SOURCE, 'utf8');
  const start = source.indexOf('z.object({', source.indexOf('const ZEnv'));
  const end = source.indexOf('\n});', start);
  if (start < 0 || end < 0) throw new Error(`${rel(CONFIG_SOURCE)}: ZEnv = z.object({...}) not found`);
  return [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
}
// Secrets go in the Secret, never the ConfigMap (examples/secret.example.yaml lists them).
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'REDIS_URL',
  'TOKEN_SECRET',
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'RAZORPAY_WEBHOOK_SECRET',
  'SMTP_URL',
  'LLM_API_KEY',
  'METRICS_TOKEN',
]);
const looksSecret = (name) => SECRET_VARIABLES.has(name) || /SECRET|TOKEN|PASSWORD|_KEY$/.test(name);

/**
 * Runs packages/config's parseEnv (TypeScript, through tsx) on named environments; returns
 * { name: [{variable, message}] } or undefined when tsx is not installed.
 */
function parseEnvironments(environments) {
  try {
    import.meta.resolve('tsx');
  } catch {
    return undefined;
  }
  const code = `
    import { parseEnv } from ${JSON.stringify(pathToFileURL(CONFIG_SOURCE).href)};
    let input = '';
    for await (const chunk of process.stdin) input += chunk;
    const out = {};
    for (const [name, env] of Object.entries(JSON.parse(input))) {
      try { parseEnv(env); out[name] = []; }
      catch (error) { out[name] = error.issues ?? [{ variable: '?', message: String(error?.message ?? error) }]; }
    }
    process.stdout.write(JSON.stringify(out));`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: ROOT,
    input: JSON.stringify(environments),
    encoding: 'utf8',
  });
  if (child.status !== 0)
    throw new Error(`parseEnv via tsx failed: ${child.stderr.trim().split('\n').slice(-3).join(' ')}`);
  return JSON.parse(child.stdout);
}

// ---- metric names --------------------------------------------------------------------------------
/** Metric names the server exports: its own (from apps/server/src) and prom-client's defaults. */
function knownMetrics() {
  const names = new Set(['up', 'scrape_duration_seconds', 'scrape_samples_scraped']);
  const notes = [];
  const own = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
        const text = readFileSync(file, 'utf8');
        if (!text.includes('prom-client') && !text.includes('new Gauge') && !/pool\(\s*'/.test(text))
          continue;
        for (const m of text.matchAll(/['"`]((?:starloop|http)_[a-z0-9_]+)['"`]/g)) own.add(m[1]);
      }
    }
  };
  const serverSrc = path.join(ROOT, 'apps/server/src');
  if (existsSync(serverSrc)) walk(serverSrc);
  if (own.size === 0) {
    // Not found in the source (moved?): the names the dashboards were written against.
    for (const n of [
      'http_requests_total',
      'http_request_duration_seconds',
      'starloop_review_writer_queue_depth',
      'starloop_review_writer_batch_size',
      'starloop_jobs_queued',
      'starloop_jobs_failed_total',
      'starloop_db_pool_total',
      'starloop_db_pool_idle',
      'starloop_db_pool_waiting',
      'starloop_rate_limit_rejections_total',
      'starloop_emails_total',
      'starloop_payments_total',
      'starloop_ready',
    ])
      own.add(n);
    notes.push('no prom-client metrics found in apps/server/src: checked against the documented names');
  }
  let defaults = [];
  try {
    const serverRequire = createRequire(path.join(ROOT, 'apps/server/package.json'));
    const { Registry, collectDefaultMetrics } = serverRequire('prom-client');
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    defaults = registry.getMetricsAsArray().map((m) => ({ name: m.name, type: m.type }));
    registry.clear();
  } catch {
    notes.push('prom-client not installed: default process metrics checked against a fixed list');
    defaults = [
      'process_cpu_seconds_total',
      'process_cpu_user_seconds_total',
      'process_cpu_system_seconds_total',
      'process_resident_memory_bytes',
      'process_start_time_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
    ].map((name) => ({ name, type: 'gauge' }));
  }
  for (const { name, type } of defaults) {
    names.add(name);
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
  }
  for (const name of own) {
    names.add(name);
    // Histograms (and summaries) expose these series; harmless for the others.
    for (const s of ['_bucket', '_sum', '_count']) names.add(name + s);
  }
  return { names, notes };
}

/** Parses PromQL; returns { errors, metrics }. Grafana's $__ macros are replaced first. */
function checkPromql(expr) {
  const text = expr
    .replace(/\$__rate_interval|\$__interval|\$__range/g, '5m')
    .replace(/\[\$\{?\w+\}?\]/g, '[5m]');
  const tree = promqlParser.parse(text);
  const errors = [];
  const metrics = new Set();
  tree.iterate({
    enter(node) {
      if (node.type.isError) {
        errors.push(
          `PromQL syntax error at ${node.from}: …${text.slice(Math.max(0, node.from - 20), node.from + 20)}…`,
        );
        return false;
      }
      if (node.name === 'VectorSelector') {
        const id = node.node.getChild('Identifier');
        if (id) metrics.add(text.slice(id.from, id.to));
      }
      return undefined;
    },
  });
  return { errors: [...new Set(errors)].slice(0, 3), metrics };
}

// ---- Kubernetes schemas --------------------------------------------------------------------------
const BUILTIN_GROUP = (group) =>
  group === '' || /^(apps|batch|autoscaling|policy)$/.test(group) || group.endsWith('.k8s.io');
const SCHEMA_PACKAGES = { 'monitoring.coreos.com': '@kubernetes-models/prometheus-operator' };

function modelPathOf(apiVersion, kind) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  if (BUILTIN_GROUP(group)) return `kubernetes-models/${group ? `${group}/` : ''}${version}/${kind}`;
  if (SCHEMA_PACKAGES[group]) return `${SCHEMA_PACKAGES[group]}/${group}/${version}/${kind}`;
  return undefined;
}

const modelCache = new Map();
async function modelOf(apiVersion, kind) {
  const key = `${apiVersion}/${kind}`;
  if (!modelCache.has(key)) {
    const modulePath = modelPathOf(apiVersion, kind);
    let model;
    if (modulePath) {
      try {
        model = { modulePath, kind, Class: (await import(modulePath))[kind] };
      } catch {
        model = undefined;
      }
    }
    modelCache.set(key, model);
  }
  return modelCache.get(key);
}

const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const LABEL_KEY =
  /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;
const NEEDS_DNS_LABEL = new Set(['Namespace', 'Service']);

/** Schema (and strict unknown-field) problems of one object; notes for skipped schemas. */
async function checkObjectSchema(object, strict) {
  const problems = [];
  const notes = [];
  const where = `${object?.kind ?? '?'}/${object?.metadata?.name ?? '?'}`;
  if (!object || typeof object !== 'object' || Array.isArray(object))
    return { problems: ['not a YAML mapping'], notes };
  if (typeof object.apiVersion !== 'string' || typeof object.kind !== 'string')
    return { problems: [`${where}: apiVersion and kind are required strings`], notes };
  const name = object.metadata?.name;
  if (typeof name !== 'string' || name.length > 253 || !DNS1123_SUBDOMAIN.test(name))
    problems.push(`${where}: metadata.name must be a DNS-1123 subdomain`);
  else if (NEEDS_DNS_LABEL.has(object.kind) && (name.length > 63 || !DNS1123_LABEL.test(name)))
    problems.push(`${where}: metadata.name of a ${object.kind} must be a DNS-1123 label`);
  const ns = object.metadata?.namespace;
  if (ns !== undefined && (typeof ns !== 'string' || !DNS1123_LABEL.test(ns)))
    problems.push(`${where}: metadata.namespace must be a DNS-1123 label`);
  for (const [field, map] of [
    ['labels', object.metadata?.labels],
    ['annotations', object.metadata?.annotations],
  ]) {
    for (const [k, v] of Object.entries(map ?? {})) {
      if (!LABEL_KEY.test(k)) problems.push(`${where}: metadata.${field} key "${k}" is not a valid key`);
      if (typeof v !== 'string')
        problems.push(`${where}: metadata.${field}.${k} must be a string (quote it)`);
      else if (field === 'labels' && (v.length > 63 || !LABEL_VALUE.test(v)))
        problems.push(`${where}: label value "${v}" is not valid`);
    }
  }
  const model = await modelOf(object.apiVersion, object.kind);
  const group = object.apiVersion.includes('/') ? object.apiVersion.split('/')[0] : '';
  if (!model) {
    if (BUILTIN_GROUP(group))
      problems.push(`${where}: ${object.apiVersion} ${object.kind} is not a Kubernetes API kind`);
    else
      notes.push(
        `${where}: custom resource ${object.apiVersion} ${object.kind}: no schema on npm, checked apiVersion/kind/metadata only`,
      );
    return { problems, notes };
  }
  try {
    new model.Class(object).validate();
  } catch (error) {
    for (const line of String(error.message).split(/,\s(?=data)/))
      problems.push(`${where}: ${line.replace(/^data\/?/, '').replace(/\//g, '.') || line}`);
  }
  const key = `${object.apiVersion}/${object.kind}`;
  if (strict.has(key)) for (const p of strict.check(key, object)) problems.push(`${where}: ${p}`);
  return { problems, notes };
}

// ---- Kubernetes consistency ----------------------------------------------------------------------
const matches = (selector = {}, labels = {}) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);
const podSpecOf = (o) => o.spec?.template?.spec ?? o.spec?.jobTemplate?.spec?.template?.spec;
const podLabelsOf = (o) => o.spec?.template?.metadata?.labels ?? {};

/** Cross-object rules for one rendered environment (secrets may come from the examples). */
function checkConsistency(objects, externalSecrets) {
  const problems = [];
  const byKind = (kind) => objects.filter((o) => o.kind === kind);
  const configMaps = new Map(byKind('ConfigMap').map((o) => [o.metadata.name, o]));
  const secrets = new Set([...byKind('Secret').map((o) => o.metadata.name), ...externalSecrets]);
  const workloads = objects.filter((o) => ['Deployment', 'StatefulSet', 'Job', 'CronJob'].includes(o.kind));
  const deployments = byKind('Deployment');

  for (const w of workloads) {
    const where = `${w.kind}/${w.metadata.name}`;
    const pod = podSpecOf(w) ?? {};
    if (w.spec?.selector?.matchLabels && !matches(w.spec.selector.matchLabels, podLabelsOf(w)))
      problems.push(`${where}: spec.selector does not match the pod template's labels`);
    const volumes = new Set((pod.volumes ?? []).map((v) => v.name));
    const podSecurity = pod.securityContext ?? {};
    const env = {};
    for (const c of pod.containers ?? []) {
      const at = `${where} container ${c.name}`;
      if (!c.image || !/[:@]/.test(c.image) || /:latest$/.test(c.image))
        problems.push(`${at}: image "${c.image}" needs a pinned tag or digest (the overlay's images:)`);
      for (const r of ['cpu', 'memory'])
        if (!c.resources?.requests?.[r] || !c.resources?.limits?.[r])
          if (!(r === 'cpu' && c.resources?.requests?.cpu && w.kind !== 'Deployment'))
            problems.push(`${at}: resources.requests and limits need ${r}`);
      const sc = c.securityContext ?? {};
      if ((sc.runAsNonRoot ?? podSecurity.runAsNonRoot) !== true)
        problems.push(`${at}: runAsNonRoot must be true`);
      if ((sc.runAsUser ?? podSecurity.runAsUser) === 0) problems.push(`${at}: runAsUser must not be 0`);
      if (sc.readOnlyRootFilesystem !== true) problems.push(`${at}: readOnlyRootFilesystem must be true`);
      if (sc.allowPrivilegeEscalation !== false)
        problems.push(`${at}: allowPrivilegeEscalation must be false`);
      if (!(sc.capabilities?.drop ?? []).includes('ALL'))
        problems.push(`${at}: capabilities.drop must include ALL`);
      if ((sc.seccompProfile ?? podSecurity.seccompProfile)?.type !== 'RuntimeDefault')
        problems.push(`${at}: seccompProfile RuntimeDefault is required`);
      for (const m of c.volumeMounts ?? [])
        if (!volumes.has(m.name)) problems.push(`${at}: volumeMount ${m.name} has no volume`);
      const mounts = new Set((c.volumeMounts ?? []).map((m) => m.mountPath));
      if (!mounts.has('/tmp'))
        problems.push(`${at}: a writable /tmp volume is needed with a read-only root filesystem`);
      for (const ref of c.envFrom ?? []) {
        if (ref.configMapRef && !configMaps.has(ref.configMapRef.name))
          problems.push(`${at}: ConfigMap ${ref.configMapRef.name} is not in the manifests`);
        if (ref.configMapRef) Object.assign(env, configMaps.get(ref.configMapRef.name)?.data);
        if (ref.secretRef && !secrets.has(ref.secretRef.name))
          problems.push(`${at}: Secret ${ref.secretRef.name} is neither in the manifests nor in examples/`);
      }
      if (w.kind === 'Deployment') {
        const ports = new Set((c.ports ?? []).map((p) => p.name));
        for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
          const p = c[probe];
          if (!p) problems.push(`${at}: ${probe} is missing`);
          else if (typeof p.httpGet?.port === 'string' && !ports.has(p.httpGet.port))
            problems.push(`${at}: ${probe} uses port ${p.httpGet.port}, which the container does not name`);
        }
        if (c.readinessProbe?.httpGet?.path !== '/readyz')
          problems.push(`${at}: readinessProbe must GET /readyz`);
        if (c.livenessProbe?.httpGet?.path !== '/healthz')
          problems.push(`${at}: livenessProbe must GET /healthz`);
        // The shutdown budget: preStop sleep + SHUTDOWN_TIMEOUT must fit the grace period.
        const sleep = Number(
          c.lifecycle?.preStop?.exec?.command?.at(-1) ?? c.lifecycle?.preStop?.sleep?.seconds ?? 0,
        );
        const drain = Number(env.SHUTDOWN_TIMEOUT ?? 20);
        const grace = pod.terminationGracePeriodSeconds ?? 30;
        if (!(sleep > 0)) problems.push(`${at}: a preStop sleep lets endpoints update before SIGTERM`);
        if (sleep + drain >= grace)
          problems.push(
            `${at}: preStop ${sleep}s + SHUTDOWN_TIMEOUT ${drain}s must stay below terminationGracePeriodSeconds ${grace}s`,
          );
      }
    }
  }
  const podsMatching = (selector) => deployments.filter((d) => matches(selector, podLabelsOf(d)));
  for (const s of byKind('Service')) {
    if (s.spec?.type === 'ExternalName') continue;
    const targets = podsMatching(s.spec?.selector);
    if (targets.length === 0) {
      problems.push(`Service/${s.metadata.name}: selector matches no Deployment`);
      continue;
    }
    const named = new Set(
      targets.flatMap((d) => podSpecOf(d).containers.flatMap((c) => (c.ports ?? []).map((p) => p.name))),
    );
    for (const p of s.spec.ports ?? [])
      if (typeof p.targetPort === 'string' && !named.has(p.targetPort))
        problems.push(`Service/${s.metadata.name}: targetPort ${p.targetPort} is not a container port name`);
  }
  for (const i of byKind('Ingress')) {
    for (const rule of i.spec?.rules ?? [])
      for (const p of rule.http?.paths ?? []) {
        const svc = byKind('Service').find((s) => s.metadata.name === p.backend?.service?.name);
        if (!svc)
          problems.push(`Ingress/${i.metadata.name}: backend Service ${p.backend?.service?.name} is missing`);
        else if (
          p.backend.service.port?.name &&
          !(svc.spec.ports ?? []).some((sp) => sp.name === p.backend.service.port.name)
        )
          problems.push(
            `Ingress/${i.metadata.name}: Service ${svc.metadata.name} has no port ${p.backend.service.port.name}`,
          );
      }
    const hosts = new Set((i.spec?.rules ?? []).map((r) => r.host));
    for (const t of i.spec?.tls ?? [])
      for (const h of t.hosts ?? [])
        if (!hosts.has(h)) problems.push(`Ingress/${i.metadata.name}: TLS host ${h} has no rule`);
  }
  for (const h of byKind('HorizontalPodAutoscaler')) {
    const target = objects.find(
      (o) => o.kind === h.spec.scaleTargetRef.kind && o.metadata.name === h.spec.scaleTargetRef.name,
    );
    if (!target) problems.push(`HorizontalPodAutoscaler/${h.metadata.name}: scale target is missing`);
    else if (target.spec.replicas !== undefined && target.spec.replicas < h.spec.minReplicas)
      problems.push(
        `HorizontalPodAutoscaler/${h.metadata.name}: minReplicas ${h.spec.minReplicas} is above the Deployment's ${target.spec.replicas}`,
      );
    if (h.spec.minReplicas > h.spec.maxReplicas)
      problems.push(`HorizontalPodAutoscaler/${h.metadata.name}: minReplicas > maxReplicas`);
  }
  for (const p of byKind('PodDisruptionBudget')) {
    const targets = podsMatching(p.spec?.selector?.matchLabels);
    if (targets.length === 0)
      problems.push(`PodDisruptionBudget/${p.metadata.name}: selector matches no Deployment`);
    const hpa = byKind('HorizontalPodAutoscaler').find((h) =>
      targets.some((t) => t.metadata.name === h.spec.scaleTargetRef.name),
    );
    const least = hpa?.spec.minReplicas ?? targets[0]?.spec.replicas ?? 1;
    if (typeof p.spec.minAvailable === 'number' && p.spec.minAvailable >= least)
      problems.push(
        `PodDisruptionBudget/${p.metadata.name}: minAvailable ${p.spec.minAvailable} with ${least} replicas blocks every drain`,
      );
  }
  for (const n of byKind('NetworkPolicy'))
    if (podsMatching(n.spec?.podSelector?.matchLabels).length === 0)
      problems.push(`NetworkPolicy/${n.metadata.name}: podSelector matches no Deployment`);
  return problems;
}

/** Variables: every one of packages/config is in the ConfigMap or the Secret, secrets only there. */
function checkVariables(configData, secretKeys, variables) {
  const problems = [];
  const notes = [];
  const inConfig = new Set(Object.keys(configData));
  for (const v of variables) {
    if (!inConfig.has(v) && !secretKeys.has(v))
      problems.push(`${v} (packages/config) is in neither the ConfigMap nor the Secret example`);
    if (inConfig.has(v) && secretKeys.has(v)) problems.push(`${v} is in both the ConfigMap and the Secret`);
    if (inConfig.has(v) && looksSecret(v)) problems.push(`${v} is a secret: keep it out of the ConfigMap`);
  }
  for (const k of [...inConfig, ...secretKeys])
    if (!variables.includes(k))
      notes.push(`${k} is not read by packages/config (stale, or added by the server later?)`);
  return { problems, notes };
}

// =================================================================================================
const variables = configVariables();
const { names: METRICS, notes: metricNotes } = knownMetrics();

// ---- Dockerfile ---------------------------------------------------------------------------------
section('Dockerfile');
{
  const file = path.join(INFRA, 'Dockerfile');
  const text = readFileSync(file, 'utf8');
  const problems = [];
  for (const d of validateDockerfile(text, {}))
    if (d.severity === 1) problems.push(`line ${d.range.start.line + 1}: ${d.message}`);
  // Instructions, with continuation lines joined and comments dropped.
  const instructions = [];
  let current = '';
  for (const line of text.split('\n')) {
    if (!current && /^\s*(#|$)/.test(line)) continue;
    if (current && /^\s*#/.test(line)) continue;
    current += `${line.replace(/\\\s*$/, '')} `;
    if (!/\\\s*$/.test(line)) {
      const [, keyword, args] = current.trim().match(/^(\S+)\s*(.*)$/s) ?? [];
      if (keyword) instructions.push({ keyword: keyword.toUpperCase(), args: args.trim() });
      current = '';
    }
  }
  const args = Object.fromEntries(
    instructions
      .filter((i, n) => i.keyword === 'ARG' && !instructions.slice(0, n).some((j) => j.keyword === 'FROM'))
      .map((i) => i.args.split('='))
      .map(([k, ...v]) => [k, v.join('=')]),
  );
  const stages = [];
  for (const i of instructions) {
    if (i.keyword === 'FROM') {
      const [image, , name] = i.args.replace(/--platform=\S+\s+/, '').split(/\s+/);
      stages.push({
        image: image.replace(/\$\{?(\w+)\}?/g, (_, k) => args[k] ?? ''),
        name,
        instructions: [],
      });
    } else stages.at(-1)?.instructions.push(i);
  }
  const stageNames = new Set(stages.map((s) => s.name).filter(Boolean));
  for (const s of stages)
    if (!stageNames.has(s.image) && !/^node:24(\.\d+)*-bookworm-slim(@sha256:[a-f0-9]{64})?$/.test(s.image))
      problems.push(`FROM ${s.image}: every stage builds on node:24-bookworm-slim`);
  const final = stages.at(-1) ?? { instructions: [] };
  const last = (k) => final.instructions.filter((i) => i.keyword === k).at(-1);
  const user = last('USER')?.args;
  if (!user || /^(root|0)(:|$)/.test(user)) problems.push('the final stage must set a non-root USER');
  const health = last('HEALTHCHECK')?.args ?? '';
  if (!/\/(healthz|readyz)/.test(health))
    problems.push('the final stage needs a HEALTHCHECK on /healthz or /readyz');
  if (!/^\[\s*"\/usr\/bin\/tini"\s*,\s*"--"\s*\]$/.test(last('ENTRYPOINT')?.args ?? ''))
    problems.push('ENTRYPOINT must be ["/usr/bin/tini", "--"]');
  if (!final.instructions.some((i) => i.keyword === 'RUN' && /apt-get install[^&]*\btini\b/.test(i.args)))
    problems.push('the final stage must install tini (apt-get install tini)');
  const cmd = (() => {
    try {
      return JSON.parse(last('CMD')?.args ?? 'null');
    } catch {
      return null;
    }
  })();
  if (!Array.isArray(cmd) || cmd[0] !== 'node' || cmd.at(-1) !== 'apps/server/dist/main.js')
    problems.push('CMD must be ["node", ..., "apps/server/dist/main.js"] (exec form)');
  if (!final.instructions.some((i) => i.keyword === 'ENV' && /\bNODE_ENV[= ]production\b/.test(i.args)))
    problems.push('the final stage must set NODE_ENV=production');
  if (
    final.instructions.some(
      (i) => i.keyword === 'COPY' && /^(--\S+\s+)*\.\s/.test(i.args) && !/--from=/.test(i.args),
    )
  )
    problems.push(
      'the final stage must not copy the build context (only built output and production dependencies)',
    );
  if (/\b(tsx|ts-node)\b/.test(JSON.stringify(cmd))) problems.push('the image must run JavaScript, not tsx');
  if (instructions.some((i) => i.keyword === 'ADD' && /https?:\/\//.test(i.args)))
    problems.push('ADD of a URL: download in a RUN step with a checksum');
  report(rel(file), problems, `${stages.length} stages, final runs as ${user ?? '?'}`);

  const ignoreFile = path.join(ROOT, '.dockerignore');
  const ignore = existsSync(ignoreFile)
    ? readFileSync(ignoreFile, 'utf8')
        .split('\n')
        .map((l) => l.trim())
    : [];
  const ignoreProblems = [];
  if (!existsSync(ignoreFile)) ignoreProblems.push('missing');
  for (const must of ['**/node_modules', '.git', '.env'])
    if (!ignore.includes(must)) ignoreProblems.push(`must exclude ${must}`);
  report('.dockerignore', ignoreProblems);
}

// ---- Compose and nginx --------------------------------------------------------------------------
section('Compose');
/** ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error} and $$, as compose does. */
function interpolate(value, env, problems) {
  if (typeof value === 'string')
    return value.replace(
      /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])((?:[^{}]|\{[^{}]*\})*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
      (m, name, colon, op, arg, bare) => {
        if (m === '$$') return '$';
        const key = name ?? bare;
        const set = env[key] !== undefined && (colon ? env[key] !== '' : true);
        if (set) return env[key];
        if (op === '-') return interpolate(arg, env, problems);
        if (op === '?') {
          problems.push(`${key} is required: ${arg}`);
          return '';
        }
        return '';
      },
    );
  if (Array.isArray(value)) return value.map((v) => interpolate(v, env, problems));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env, problems)]));
  return value;
}
const composeFile = path.join(INFRA, 'compose.yaml');
let composeAppEnv;
{
  const problems = [];
  const notes = [];
  const doc = YAML.parseDocument(readFileSync(composeFile, 'utf8'), { merge: true });
  if (doc.errors.length > 0) problems.push(...doc.errors.map((e) => e.message));
  const compose = doc.toJS({ maxAliasCount: 100 });
  const dclintDir = path.dirname(require.resolve('dclint/package.json'));
  // The Compose Specification's draft-07 schema (its $schema URL spelling is not ajv's: dropped).
  const { $schema, ...schema } = JSON.parse(
    readFileSync(path.join(dclintDir, 'schemas/compose.schema.json'), 'utf8'),
  );
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
  const validateCompose = ajv.compile(schema);
  if (!validateCompose(compose))
    for (const e of validateCompose.errors.slice(0, 10))
      problems.push(
        `schema: ${e.instancePath || '/'} ${e.message}${e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : ''}`,
      );
  try {
    const { DCLinter } = await import('dclint');
    const rules = [
      'no-duplicate-container-names',
      'no-duplicate-exported-ports',
      'no-version-field',
      'service-image-require-explicit-tag',
    ];
    // dclint turns on every rule the config does not name: name them all, off unless chosen (its
    // other rules are ordering style, or misread interpolated port bindings).
    const chosen = Object.fromEntries(rules.map((r) => [r, 2]));
    const config = {
      rules: new Proxy(chosen, { get: (t, k) => t[k] ?? 0 }),
      quiet: true,
      debug: false,
      exclude: [],
    };
    for (const result of new DCLinter(config).lintFiles([composeFile], false))
      for (const m of result.messages)
        if (m.type === 'error') problems.push(`dclint ${m.rule} (line ${m.line}): ${m.message}`);
  } catch (error) {
    notes.push(`dclint rules not run: ${error.message}`);
  }
  // Shape: nginx in front of three app instances of one image, PostgreSQL 16, Redis 7.
  const services = compose?.services ?? {};
  const apps = Object.entries(services).filter(([name, s]) => /^app/.test(name) && !s.profiles);
  const replicas = apps.reduce((n, [, s]) => n + (s.deploy?.replicas ?? 1), 0);
  if (replicas !== 3) problems.push(`expected three app instances, found ${replicas}`);
  if (new Set(apps.map(([, s]) => s.image)).size !== 1)
    problems.push('the app instances must run the same image');
  const pg = services.postgres;
  const redis = services.redis;
  if (!/^postgres:16([.-]|$)/.test(pg?.image ?? '')) problems.push('postgres service: image postgres:16');
  if (!/^redis:7([.-]|$)/.test(redis?.image ?? '')) problems.push('redis service: image redis:7');
  for (const [name, s] of Object.entries(services))
    if (!s.profiles && name !== 'nginx' && !s.healthcheck && !apps.some(([a]) => a === name))
      problems.push(`${name}: needs a healthcheck`);
  for (const [name, s] of [
    ['postgres', pg],
    ['redis', redis],
  ])
    if (!(s?.volumes ?? []).some((v) => String(typeof v === 'string' ? v : v.source).match(/^[a-z]/)))
      problems.push(`${name}: needs a named volume`);
  for (const [name, s] of apps) {
    if (s.read_only !== true)
      problems.push(`${name}: read_only: true (the image supports a read-only root filesystem)`);
    if (!s.environment?.TRUST_PROXY) problems.push(`${name}: TRUST_PROXY must name nginx`);
  }
  // nginx: its upstream lists exactly the app services, TRUST_PROXY is nginx's address.
  const nginxFile = path.join(INFRA, 'nginx/nginx.conf');
  const nginxProblems = [];
  if (!services.nginx) problems.push('no nginx service');
  else if (!(services.nginx.volumes ?? []).some((v) => String(v).includes('nginx.conf')))
    problems.push('nginx: mount infra/nginx/nginx.conf');
  if (existsSync(nginxFile)) {
    const conf = readFileSync(nginxFile, 'utf8').replace(/#.*$/gm, '');
    let depth = 0;
    for (const ch of conf) {
      if (ch === '{') depth++;
      if (ch === '}') depth--;
      if (depth < 0) break;
    }
    if (depth !== 0) nginxProblems.push('unbalanced braces');
    const upstream = conf.match(/upstream\s+(\S+)\s*\{([^}]*)\}/);
    const servers = [...(upstream?.[2] ?? '').matchAll(/server\s+([\w.-]+):(\d+)/g)].map((m) => m[1]);
    const expected = apps.map(([n]) => n).sort();
    if (!upstream) nginxProblems.push('no upstream block');
    else if (!isDeepStrictEqual([...servers].sort(), expected))
      nginxProblems.push(
        `upstream servers ${servers.join(', ')} differ from the app services ${expected.join(', ')}`,
      );
    if (upstream && !new RegExp(`proxy_pass\\s+http://${upstream[1]}\\s*;`).test(conf))
      nginxProblems.push(`no proxy_pass to the upstream ${upstream[1]}`);
    for (const header of ['X-Forwarded-For', 'X-Forwarded-Proto', 'Host'])
      if (!new RegExp(`proxy_set_header\\s+${header}\\s`).test(conf))
        nginxProblems.push(`proxy_set_header ${header} is missing`);
    for (const line of conf.split('\n')) {
      const t = line.trim();
      if (t && !/[;{}]$/.test(t)) nginxProblems.push(`a directive without ';': ${t}`);
    }
    const nginxIp = services.nginx?.networks?.edge?.ipv4_address;
    for (const [name, s] of apps)
      if (nginxIp && s.environment?.TRUST_PROXY !== nginxIp)
        problems.push(`${name}: TRUST_PROXY ${s.environment?.TRUST_PROXY} is not nginx's ${nginxIp}`);
  } else nginxProblems.push('missing');
  // The apps' environment, with infra/.env.example's values, must parse as the server parses it.
  const envExample = path.join(INFRA, '.env.example');
  const dotenv = {};
  if (existsSync(envExample))
    for (const line of readFileSync(envExample, 'utf8').split('\n')) {
      const m = line.match(/^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/);
      if (m) dotenv[m[1]] = m[2];
    }
  else problems.push('infra/.env.example is missing');
  const interpolationProblems = [];
  const firstApp = apps[0]?.[1];
  if (firstApp) composeAppEnv = interpolate(firstApp.environment ?? {}, dotenv, interpolationProblems);
  problems.push(...interpolationProblems.map((p) => `with infra/.env.example: ${p}`));
  report(
    rel(composeFile),
    problems,
    `${Object.keys(services).length} services, ${replicas} app instances`,
    notes,
  );
  report(rel(nginxFile), nginxProblems);
}

// ---- Kubernetes ---------------------------------------------------------------------------------
section('Kubernetes');
const K8S = path.join(INFRA, 'k8s');
const overlays = subdirs(path.join(K8S, 'overlays'));
const components = subdirs(path.join(K8S, 'components'));
const examples = yamlFiles(path.join(K8S, 'examples'));
const monitoringRules = path.join(INFRA, 'monitoring/prometheus-rules.yaml');

// Each overlay alone, then each overlay with each component the way an overlay would list it
// (a throwaway kustomization that adds the component and repeats the overlay's namespace and images).
const renders = [];
const temporary = [];
for (const overlay of overlays) {
  renders.push({ label: rel(overlay), dir: overlay });
  const own = readYamlDocuments(path.join(overlay, 'kustomization.yaml'))[0] ?? {};
  for (const component of components) {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'starloop-kustomize-'));
    temporary.push(tmp);
    writeFileSync(
      path.join(tmp, 'kustomization.yaml'),
      YAML.stringify({
        apiVersion: 'kustomize.config.k8s.io/v1beta1',
        kind: 'Kustomization',
        ...(own.namespace ? { namespace: own.namespace } : {}),
        resources: [path.relative(tmp, overlay)],
        components: [path.relative(tmp, component)],
        ...(own.images ? { images: own.images } : {}),
      }),
    );
    renders.push({ label: `${rel(overlay)} + ${rel(component)}`, dir: tmp });
  }
}
const kustomizeTool = which('kustomize')
  ? ['kustomize', ['build']]
  : which('kubectl')
    ? ['kubectl', ['kustomize']]
    : undefined;

const exampleDocs = examples.map((file) => ({ file, docs: readYamlDocuments(file) }));
const exampleSecrets = exampleDocs.flatMap(({ docs }) => docs.filter((d) => d?.kind === 'Secret'));
const secretExample = exampleSecrets.find((s) => s.metadata?.name === 'starloop-secrets');

// One strict checker for every kind we meet (building it compiles the declaration files once).
const rendered = [];
for (const r of renders) {
  try {
    r.objects = renderKustomization(r.dir);
  } catch (error) {
    r.error = error.message;
    r.objects = [];
  }
  rendered.push(...r.objects);
}
const rulesDocs = existsSync(monitoringRules) ? readYamlDocuments(monitoringRules) : [];
const strictModels = new Map();
for (const o of [...rendered, ...exampleDocs.flatMap((e) => e.docs), ...rulesDocs]) {
  if (!o?.apiVersion || !o?.kind) continue;
  const model = await modelOf(o.apiVersion, o.kind);
  if (model)
    strictModels.set(`${o.apiVersion}/${o.kind}`, {
      key: `${o.apiVersion}/${o.kind}`,
      modulePath: model.modulePath,
      kind: o.kind,
    });
}
const strict = createStrictChecker([...strictModels.values()]);

const envsToParse = {};
for (const r of renders) {
  const problems = [];
  const notes = [];
  if (r.error) problems.push(r.error);
  for (const o of r.objects) {
    const result = await checkObjectSchema(o, strict);
    problems.push(...result.problems);
    notes.push(...result.notes);
  }
  if (!r.error) {
    problems.push(
      ...checkConsistency(
        r.objects,
        exampleSecrets.map((s) => s.metadata.name),
      ),
    );
    const configMap = r.objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'starloop-config');
    if (!configMap) problems.push('no ConfigMap starloop-config');
    else if (!r.label.includes(' + ')) {
      const v = checkVariables(
        configMap.data ?? {},
        new Set(Object.keys(secretExample?.stringData ?? {})),
        variables,
      );
      problems.push(...v.problems);
      notes.push(...v.notes);
      envsToParse[r.label] = { ...configMap.data, ...secretExample?.stringData };
    }
    if (kustomizeTool) {
      try {
        const out = execFileSync(kustomizeTool[0], [...kustomizeTool[1], r.dir], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const theirs = new Map(
          YAML.parseAllDocuments(out)
            .map((d) => d.toJS())
            .filter(Boolean)
            .map((o) => [idOf(o), o]),
        );
        const ours = new Map(r.objects.map((o) => [idOf(o), o]));
        for (const id of new Set([...ours.keys(), ...theirs.keys()]))
          if (!isDeepStrictEqual(ours.get(id), theirs.get(id)))
            problems.push(`render-kustomize.mjs and ${kustomizeTool[0]} differ on ${id}`);
        if (problems.length === 0)
          notes.push(`identical to ${kustomizeTool[0]} ${kustomizeTool[1].join(' ')}`);
      } catch (error) {
        problems.push(
          `${kustomizeTool[0]} failed: ${
            String(error.stderr ?? error.message)
              .trim()
              .split('\n')[0]
          }`,
        );
      }
    }
  }
  const kinds = r.objects.map((o) => o.kind).join(', ');
  report(r.label, problems, `${r.objects.length} objects: ${kinds}`, [...new Set(notes)]);
}
if (!kustomizeTool)
  skip('kustomize cross-check', 'neither kustomize nor kubectl is installed; render-kustomize.mjs alone');
for (const tmp of temporary) rmSync(tmp, { recursive: true, force: true });

for (const { file, docs } of exampleDocs) {
  const problems = [];
  const notes = [];
  if (docs.length === 0) problems.push('no documents');
  for (const o of docs) {
    const result = await checkObjectSchema(o, strict);
    problems.push(...result.problems);
    notes.push(...result.notes);
  }
  report(rel(file), problems, `${docs.map((d) => d?.kind).join(', ')}`, notes);
}

// ---- configuration parses as the server parses it ---------------------------------------------
section('Configuration (packages/config parseEnv)');
if (composeAppEnv) envsToParse[`${rel(composeFile)} with infra/.env.example`] = composeAppEnv;
const parsed = parseEnvironments(envsToParse);
if (!parsed) skip('parseEnv', 'tsx is not installed');
else
  for (const [name, issues] of Object.entries(parsed))
    report(
      `${name} environment`,
      issues.map((i) => `${i.variable}: ${i.message}`),
      `${Object.keys(envsToParse[name]).length} variables`,
    );

// ---- monitoring ---------------------------------------------------------------------------------
section('Monitoring');
{
  const problems = [];
  const notes = [...metricNotes];
  const rule = rulesDocs[0];
  if (rulesDocs.length !== 1 || rule?.kind !== 'PrometheusRule') problems.push('expected one PrometheusRule');
  else {
    const schema = await checkObjectSchema(rule, strict);
    problems.push(...schema.problems);
    const groupNames = new Set();
    let count = 0;
    for (const group of rule.spec?.groups ?? []) {
      if (groupNames.has(group.name)) problems.push(`group ${group.name} is defined twice`);
      groupNames.add(group.name);
      const alerts = new Set();
      for (const r of group.rules ?? []) {
        count++;
        const name = r.alert ?? r.record ?? '?';
        if (Boolean(r.alert) === Boolean(r.record))
          problems.push(`${group.name}/${name}: exactly one of alert or record`);
        if (r.alert && alerts.has(r.alert)) problems.push(`${group.name}/${name}: duplicate alert`);
        alerts.add(r.alert);
        const { errors, metrics } = checkPromql(String(r.expr ?? ''));
        problems.push(...errors.map((e) => `${name}: ${e}`));
        for (const m of metrics) if (!METRICS.has(m)) problems.push(`${name}: unknown metric ${m}`);
        if (r.for !== undefined && !/^(\d+(ms|s|m|h|d|w|y))+$/.test(r.for))
          problems.push(`${name}: for "${r.for}" is not a duration`);
        if (r.alert) {
          if (!['critical', 'warning', 'info'].includes(r.labels?.severity))
            problems.push(`${name}: labels.severity must be critical, warning or info`);
          if (!r.annotations?.summary || !r.annotations?.description)
            problems.push(`${name}: annotations summary and description`);
          for (const text of Object.values(r.annotations ?? {}))
            if ((text.match(/\{\{/g) ?? []).length !== (text.match(/\}\}/g) ?? []).length)
              problems.push(`${name}: unbalanced {{ }} in an annotation`);
        }
      }
    }
    const promtool = which('promtool');
    if (promtool) {
      const tmp = mkdtempSync(path.join(os.tmpdir(), 'starloop-rules-'));
      try {
        writeFileSync(path.join(tmp, 'starloop.rules.yml'), YAML.stringify(rule.spec));
        const check = spawnSync(promtool, ['check', 'rules', 'starloop.rules.yml'], {
          cwd: tmp,
          encoding: 'utf8',
        });
        if (check.status !== 0)
          problems.push(`promtool check rules: ${(check.stdout + check.stderr).trim().replace(/\s+/g, ' ')}`);
        const testFile = path.join(INFRA, 'monitoring/prometheus-rules.test.yaml');
        if (existsSync(testFile)) {
          writeFileSync(path.join(tmp, 'tests.yml'), readFileSync(testFile, 'utf8'));
          const test = spawnSync(promtool, ['test', 'rules', 'tests.yml'], { cwd: tmp, encoding: 'utf8' });
          if (test.status !== 0)
            problems.push(
              `promtool test rules: ${(test.stdout + test.stderr).trim().split('\n').slice(0, 30).join('\n         ')}`,
            );
          else notes.push(`promtool test rules: ${rel(testFile)} passed`);
        }
        notes.push('promtool check rules: passed');
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    } else
      notes.push(
        'promtool not installed (apt-get install prometheus): PromQL checked by @prometheus-io/lezer-promql only',
      );
    report(rel(monitoringRules), problems, `${count} rules in ${groupNames.size} groups`, notes);
  }
}
{
  const file = path.join(INFRA, 'monitoring/grafana-dashboard.json');
  const problems = [];
  let dashboard;
  try {
    dashboard = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(`not JSON: ${error.message}`);
  }
  if (dashboard) {
    if (typeof dashboard.title !== 'string' || !dashboard.title) problems.push('title is required');
    if (typeof dashboard.uid !== 'string' || !/^[A-Za-z0-9_-]{1,40}$/.test(dashboard.uid))
      problems.push('uid: 1..40 letters, digits, - or _');
    if (!Number.isInteger(dashboard.schemaVersion) || dashboard.schemaVersion < 30)
      problems.push('schemaVersion must be a recent integer');
    const variablesList = dashboard.templating?.list ?? [];
    const varNames = new Set(variablesList.map((v) => v.name));
    if (!variablesList.some((v) => v.type === 'datasource' && v.query === 'prometheus'))
      problems.push('a Prometheus datasource variable is required');
    const panels = [];
    const flatten = (list) => {
      for (const p of list ?? []) {
        panels.push(p);
        if (p.type === 'row') flatten(p.panels);
      }
    };
    flatten(dashboard.panels);
    if (panels.length === 0) problems.push('no panels');
    const ids = new Set();
    const cells = new Map();
    const refs = (text) =>
      [...String(text).matchAll(/\$\{?(\w+)(?::\w+)?\}?/g)]
        .map((m) => m[1])
        .filter((n) => !n.startsWith('__'));
    for (const p of panels) {
      const at = `panel ${p.id} "${p.title ?? ''}"`;
      if (!Number.isInteger(p.id) || ids.has(p.id)) problems.push(`${at}: id must be a unique integer`);
      ids.add(p.id);
      if (!p.title) problems.push(`${at}: title is required`);
      const g = p.gridPos ?? {};
      if (![g.h, g.w, g.x, g.y].every(Number.isInteger) || g.w < 1 || g.h < 1 || g.x < 0 || g.x + g.w > 24)
        problems.push(`${at}: gridPos needs integers h, w, x, y within 24 columns`);
      else
        for (let y = g.y; y < g.y + g.h; y++)
          for (let x = g.x; x < g.x + g.w; x++) {
            const key = `${x},${y}`;
            if (cells.has(key)) {
              problems.push(`${at}: overlaps panel ${cells.get(key)}`);
              x = 99;
              y = 1e9;
            } else cells.set(key, p.id);
          }
      if (p.type === 'row') continue;
      if (
        !['timeseries', 'stat', 'gauge', 'bargauge', 'table', 'heatmap', 'text', 'state-timeline'].includes(
          p.type,
        )
      )
        problems.push(`${at}: unknown panel type ${p.type}`);
      for (const v of refs(JSON.stringify(p.datasource ?? '')))
        if (!varNames.has(v)) problems.push(`${at}: datasource uses undefined variable $${v}`);
      if (p.type === 'text') continue;
      if (!Array.isArray(p.targets) || p.targets.length === 0) problems.push(`${at}: no queries`);
      const refIds = new Set();
      for (const t of p.targets ?? []) {
        if (refIds.has(t.refId)) problems.push(`${at}: refId ${t.refId} twice`);
        refIds.add(t.refId);
        const { errors, metrics } = checkPromql(String(t.expr ?? ''));
        problems.push(...errors.map((e) => `${at} ${t.refId}: ${e}`));
        for (const m of metrics) if (!METRICS.has(m)) problems.push(`${at} ${t.refId}: unknown metric ${m}`);
        for (const v of refs(t.expr))
          if (!varNames.has(v)) problems.push(`${at} ${t.refId}: undefined variable $${v}`);
      }
    }
    for (const v of variablesList)
      if (v.type === 'query') {
        const q = typeof v.query === 'string' ? v.query : v.query?.query;
        const inner = String(q ?? '').match(/^label_values\((.*),\s*\w+\)$/)?.[1];
        if (!inner) problems.push(`variable ${v.name}: label_values(<selector>, <label>) expected`);
        else {
          const { errors, metrics } = checkPromql(inner);
          problems.push(...errors.map((e) => `variable ${v.name}: ${e}`));
          for (const m of metrics)
            if (!METRICS.has(m)) problems.push(`variable ${v.name}: unknown metric ${m}`);
        }
      }
    report(
      rel(file),
      problems,
      `${panels.filter((p) => p.type !== 'row').length} panels, ${varNames.size} variables`,
    );
  }
}

console.log(`\n${checked - failed} of ${checked} checks passed${failed ? `, ${failed} failed` : ''}.`);
process.exit(failed > 0 ? 1 : 0);
