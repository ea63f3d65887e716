#!/usr/bin/env node
// A small kustomize for the features infra/k8s uses, so manifests can be rendered and validated
// where neither `kustomize` nor `kubectl` is installed (CI, laptops without a cluster toolchain).
//
//   node infra/scripts/render-kustomize.mjs infra/k8s/overlays/production [--component DIR]... > out.yaml
//
// Supported (anything else in a kustomization.yaml is an error, never silently ignored):
//   resources (files and kustomization directories), components (kind: Component), namespace,
//   labels (pairs, includeTemplates; not includeSelectors), images (newName, newTag, digest),
//   replicas, patches (strategic merge or JSON 6902, from `path` or inline `patch`, with an
//   optional `target`: group, version, kind, name, namespace, labelSelector a=b,c=d).
// Transformers run in kustomize's order: patches, namespace, labels, replicas, images.
// validate-manifests.mjs compares this output with real kustomize (`kubectl kustomize`) when one
// is installed, so a difference between the two fails the check.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const KUSTOMIZATION_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
const SUPPORTED_KEYS = new Set([
  'apiVersion',
  'kind',
  'metadata',
  'resources',
  'components',
  'namespace',
  'labels',
  'images',
  'replicas',
  'patches',
]);
// Kinds without a namespace (kustomize's namespace transformer leaves them alone).
const CLUSTER_SCOPED = new Set([
  'Namespace',
  'ClusterRole',
  'ClusterRoleBinding',
  'CustomResourceDefinition',
  'PersistentVolume',
  'StorageClass',
  'IngressClass',
  'PriorityClass',
  'RuntimeClass',
  'ValidatingWebhookConfiguration',
  'MutatingWebhookConfiguration',
  'ClusterIssuer',
]);
const WORKLOADS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'ReplicationController']);

export class KustomizeError extends Error {}

/** Parses every document of a YAML file (merge keys on, empty documents dropped). */
export function readYamlDocuments(file) {
  const docs = YAML.parseAllDocuments(readFileSync(file, 'utf8'), { merge: true });
  const out = [];
  for (const doc of docs) {
    if (doc.errors.length > 0) throw new KustomizeError(`${file}: ${doc.errors[0].message}`);
    const value = doc.toJS();
    if (value !== null && value !== undefined) out.push(value);
  }
  return out;
}

function kustomizationFile(dir) {
  for (const name of KUSTOMIZATION_FILES) {
    const file = path.join(dir, name);
    if (existsSync(file)) return file;
  }
  throw new KustomizeError(`${dir}: no kustomization.yaml`);
}

const groupOf = (apiVersion = '') => (apiVersion.includes('/') ? apiVersion.split('/')[0] : '');
const versionOf = (apiVersion = '') => apiVersion.split('/').at(-1);
export const idOf = (r) =>
  `${r.apiVersion}/${r.kind}/${r.metadata?.namespace ?? '~'}/${r.metadata?.name ?? '?'}`;

function matchesTarget(resource, target) {
  if (target.group !== undefined && groupOf(resource.apiVersion) !== target.group) return false;
  if (target.version !== undefined && versionOf(resource.apiVersion) !== target.version) return false;
  if (target.kind !== undefined && !new RegExp(`^(?:${target.kind})$`).test(resource.kind)) return false;
  if (target.name !== undefined && !new RegExp(`^(?:${target.name})$`).test(resource.metadata?.name ?? ''))
    return false;
  if (target.namespace !== undefined && (resource.metadata?.namespace ?? '') !== target.namespace)
    return false;
  if (target.labelSelector !== undefined) {
    for (const term of String(target.labelSelector).split(',')) {
      const [key, value] = term.split('=').map((s) => s.trim());
      if (value === undefined || term.includes('!') || term.includes(' in '))
        throw new KustomizeError(`labelSelector "${target.labelSelector}": only a=b terms are supported`);
      if (resource.metadata?.labels?.[key] !== value) return false;
    }
  }
  const unsupported = Object.keys(target).filter(
    (k) => !['group', 'version', 'kind', 'name', 'namespace', 'labelSelector'].includes(k),
  );
  if (unsupported.length > 0) throw new KustomizeError(`patch target: unsupported ${unsupported.join(', ')}`);
  return true;
}

// ---- strategic merge patch -------------------------------------------------------------------

/** The merge key of a list, from the field's name and its parent (Kubernetes' patchMergeKey). */
function mergeKeyOf(field, parentPath) {
  switch (field) {
    case 'containers':
    case 'initContainers':
    case 'ephemeralContainers':
    case 'env':
    case 'volumes':
    case 'imagePullSecrets':
      return 'name';
    case 'volumeMounts':
      return 'mountPath';
    case 'volumeDevices':
      return 'devicePath';
    case 'ports':
      // Container ports merge on containerPort; a Service's on port.
      return /containers\[\]$/i.test(parentPath) ? 'containerPort' : 'port';
    case 'topologySpreadConstraints':
      return 'topologyKey';
    default:
      return undefined;
  }
}

function strategicMerge(base, patch, fieldPath = '') {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return structuredClone(patch);
  if ('$patch' in patch || Object.keys(patch).some((k) => k.startsWith('$')))
    throw new KustomizeError(
      `strategic merge directives ($patch, $setElementOrder...) are not supported (${fieldPath})`,
    );
  const out = base !== null && typeof base === 'object' && !Array.isArray(base) ? structuredClone(base) : {};
  for (const [key, value] of Object.entries(patch)) {
    const childPath = `${fieldPath}.${key}`;
    if (value === null) {
      delete out[key];
    } else if (Array.isArray(value)) {
      const mergeKey = mergeKeyOf(key, fieldPath);
      if (mergeKey && Array.isArray(out[key])) {
        const merged = out[key].map((item) => structuredClone(item));
        for (const item of value) {
          const at = merged.findIndex((existing) => existing?.[mergeKey] === item?.[mergeKey]);
          if (at >= 0) merged[at] = strategicMerge(merged[at], item, `${childPath}[]`);
          else merged.push(structuredClone(item));
        }
        out[key] = merged;
      } else {
        out[key] = structuredClone(value);
      }
    } else if (typeof value === 'object') {
      out[key] = strategicMerge(out[key], value, childPath);
    } else {
      out[key] = value;
    }
  }
  return out;
}

// ---- JSON 6902 -------------------------------------------------------------------------------

function pointer(pathText) {
  if (pathText === '') return [];
  if (!pathText.startsWith('/')) throw new KustomizeError(`JSON patch path must start with /: ${pathText}`);
  return pathText
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function locate(doc, parts, opPath, where) {
  let parent = doc;
  for (const part of parts.slice(0, -1)) {
    const next = Array.isArray(parent) ? parent[Number(part)] : parent?.[part];
    if (next === undefined || next === null || typeof next !== 'object')
      throw new KustomizeError(`${where}: JSON patch path ${opPath}: ${part} does not exist`);
    parent = next;
  }
  return { parent, last: parts.at(-1) };
}

function jsonPatch(doc, ops, where) {
  const out = structuredClone(doc);
  for (const op of ops) {
    const parts = pointer(op.path);
    const get = (p) => {
      const { parent, last } = locate(out, pointer(p), p, where);
      const value = Array.isArray(parent) ? parent[Number(last)] : parent[last];
      if (value === undefined) throw new KustomizeError(`${where}: JSON patch path ${p} does not exist`);
      return structuredClone(value);
    };
    const put = (p, value, replace) => {
      const { parent, last } = locate(out, pointer(p), p, where);
      if (Array.isArray(parent)) {
        const index = last === '-' ? parent.length : Number(last);
        if (!Number.isInteger(index) || index < 0 || index > parent.length)
          throw new KustomizeError(`${where}: JSON patch index ${p} is out of range`);
        if (replace) {
          if (index >= parent.length)
            throw new KustomizeError(`${where}: JSON patch path ${p} does not exist`);
          parent[index] = value;
        } else parent.splice(index, 0, value);
      } else {
        if (replace && !(last in parent))
          throw new KustomizeError(`${where}: JSON patch path ${p} does not exist`);
        parent[last] = value;
      }
    };
    const remove = (p) => {
      const { parent, last } = locate(out, pointer(p), p, where);
      if (Array.isArray(parent)) {
        const index = Number(last);
        if (!(index >= 0 && index < parent.length))
          throw new KustomizeError(`${where}: JSON patch path ${p} does not exist`);
        parent.splice(index, 1);
      } else {
        if (!(last in parent)) throw new KustomizeError(`${where}: JSON patch path ${p} does not exist`);
        delete parent[last];
      }
    };
    if (parts.length === 0)
      throw new KustomizeError(`${where}: JSON patch on the whole document is not supported`);
    switch (op.op) {
      case 'add':
        put(op.path, structuredClone(op.value), false);
        break;
      case 'replace':
        put(op.path, structuredClone(op.value), true);
        break;
      case 'remove':
        remove(op.path);
        break;
      case 'copy':
        put(op.path, get(op.from), false);
        break;
      case 'move': {
        const value = get(op.from);
        remove(op.from);
        put(op.path, value, false);
        break;
      }
      case 'test':
        if (JSON.stringify(get(op.path)) !== JSON.stringify(op.value))
          throw new KustomizeError(`${where}: JSON patch test failed at ${op.path}`);
        break;
      default:
        throw new KustomizeError(`${where}: unknown JSON patch op ${op.op}`);
    }
  }
  return out;
}

// ---- transformers ----------------------------------------------------------------------------

function applyPatches(resources, patches, dir) {
  let out = resources;
  for (const [i, entry] of (patches ?? []).entries()) {
    const where = `${path.relative(process.cwd(), dir) || '.'} patches[${i}]`;
    const unknown = Object.keys(entry).filter((k) => !['path', 'patch', 'target', 'options'].includes(k));
    if (unknown.length > 0 || entry.options)
      throw new KustomizeError(`${where}: unsupported ${[...unknown, 'options'].join(', ')}`);
    let docs;
    if (entry.path) docs = readYamlDocuments(path.join(dir, entry.path));
    else if (typeof entry.patch === 'string')
      docs = YAML.parseAllDocuments(entry.patch, { merge: true })
        .map((d) => d.toJS())
        .filter((d) => d != null);
    else throw new KustomizeError(`${where}: needs path or patch`);
    const isJson6902 = docs.length === 1 && Array.isArray(docs[0]);
    if (isJson6902) {
      if (!entry.target) throw new KustomizeError(`${where}: a JSON 6902 patch needs a target`);
      const hits = out.filter((r) => matchesTarget(r, entry.target));
      if (hits.length === 0) throw new KustomizeError(`${where}: no resource matches the target`);
      out = out.map((r) => (hits.includes(r) ? jsonPatch(r, docs[0], where) : r));
      continue;
    }
    for (const patchDoc of docs) {
      let hits;
      if (entry.target) {
        hits = out.filter((r) => matchesTarget(r, entry.target));
      } else {
        hits = out.filter(
          (r) =>
            r.kind === patchDoc.kind &&
            groupOf(r.apiVersion) === groupOf(patchDoc.apiVersion) &&
            r.metadata?.name === patchDoc.metadata?.name &&
            (patchDoc.metadata?.namespace === undefined ||
              r.metadata?.namespace === patchDoc.metadata.namespace),
        );
      }
      if (hits.length === 0)
        throw new KustomizeError(`${where}: no resource matches ${patchDoc.kind}/${patchDoc.metadata?.name}`);
      out = out.map((r) => {
        if (!hits.includes(r)) return r;
        // The patch's own identity never renames its target.
        const { apiVersion, kind, metadata = {}, ...rest } = patchDoc;
        const { name, namespace, ...metaRest } = metadata;
        return strategicMerge(r, {
          ...rest,
          ...(Object.keys(metaRest).length ? { metadata: metaRest } : {}),
        });
      });
    }
  }
  return out;
}

function applyNamespace(resources, namespace) {
  if (!namespace) return resources;
  return resources.map((r) => {
    if (CLUSTER_SCOPED.has(r.kind)) return r;
    if (r.kind === 'RoleBinding' || r.kind === 'ClusterRoleBinding')
      throw new KustomizeError('namespace: RoleBinding subjects are not supported by this renderer');
    return { ...r, metadata: { ...r.metadata, namespace } };
  });
}

function applyLabels(resources, labels, dir) {
  let out = resources;
  for (const entry of labels ?? []) {
    const unknown = Object.keys(entry).filter(
      (k) => !['pairs', 'includeSelectors', 'includeTemplates'].includes(k),
    );
    if (unknown.length > 0 || entry.includeSelectors)
      throw new KustomizeError(`${dir} labels: only pairs and includeTemplates are supported`);
    out = out.map((r) => {
      const next = structuredClone(r);
      next.metadata = { ...next.metadata, labels: { ...next.metadata?.labels, ...entry.pairs } };
      if (entry.includeTemplates) {
        for (const template of [next.spec?.template, next.spec?.jobTemplate?.spec?.template]) {
          if (template)
            template.metadata = {
              ...template.metadata,
              labels: { ...template.metadata?.labels, ...entry.pairs },
            };
        }
        if (next.spec?.jobTemplate)
          next.spec.jobTemplate.metadata = {
            ...next.spec.jobTemplate.metadata,
            labels: { ...next.spec.jobTemplate.metadata?.labels, ...entry.pairs },
          };
      }
      return next;
    });
  }
  return out;
}

function applyReplicas(resources, replicas, dir) {
  let out = resources;
  for (const { name, count, ...rest } of replicas ?? []) {
    if (Object.keys(rest).length > 0 || !Number.isInteger(count))
      throw new KustomizeError(`${dir} replicas: needs name and an integer count`);
    let hit = false;
    out = out.map((r) => {
      if (!WORKLOADS.has(r.kind) || r.metadata?.name !== name) return r;
      hit = true;
      return { ...r, spec: { ...r.spec, replicas: count } };
    });
    if (!hit) throw new KustomizeError(`${dir} replicas: no workload named ${name}`);
  }
  return out;
}

/** `registry:5000/app:tag@sha256:...` -> its name without tag or digest. */
function imageName(image) {
  const [withoutDigest] = image.split('@');
  const slash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.lastIndexOf(':');
  return colon > slash ? withoutDigest.slice(0, colon) : withoutDigest;
}

function applyImages(resources, images, dir) {
  if (!images?.length) return resources;
  for (const image of images) {
    const unknown = Object.keys(image).filter((k) => !['name', 'newName', 'newTag', 'digest'].includes(k));
    if (unknown.length > 0 || !image.name)
      throw new KustomizeError(`${dir} images: unsupported ${unknown.join(', ')}`);
  }
  const rewrite = (current) => {
    const rule = images.find((i) => imageName(current) === i.name);
    if (!rule) return current;
    const name = rule.newName ?? rule.name;
    const rest = current.slice(imageName(current).length);
    if (rule.digest) return `${name}@${rule.digest}`;
    if (rule.newTag !== undefined) return `${name}:${rule.newTag}`;
    return `${name}${rest}`;
  };
  const visit = (node, key) => {
    if (Array.isArray(node)) {
      for (const item of node) {
        if ((key === 'containers' || key === 'initContainers') && item && typeof item.image === 'string')
          item.image = rewrite(item.image);
        visit(item);
      }
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) visit(v, k);
    }
  };
  return resources.map((r) => {
    const next = structuredClone(r);
    visit(next);
    return next;
  });
}

// ---- building --------------------------------------------------------------------------------

function loadResource(entry, dir, seen) {
  const target = path.resolve(dir, entry);
  if (!existsSync(target)) throw new KustomizeError(`${dir}: resource ${entry} does not exist`);
  if (statSync(target).isDirectory()) return build(target, { seen, expect: 'Kustomization' });
  return readYamlDocuments(target).map((doc) => {
    if (!doc.apiVersion || !doc.kind || !doc.metadata?.name)
      throw new KustomizeError(`${target}: every resource needs apiVersion, kind and metadata.name`);
    return doc;
  });
}

function build(
  dir,
  { seen = new Set(), expect = 'Kustomization', accumulated = [], extraComponents = [] } = {},
) {
  const file = kustomizationFile(dir);
  if (seen.has(file)) throw new KustomizeError(`${file}: included twice (cycle?)`);
  seen.add(file);
  const [k = {}] = readYamlDocuments(file);
  const kind = k.kind ?? 'Kustomization';
  if (kind !== expect) throw new KustomizeError(`${file}: expected kind ${expect}, found ${kind}`);
  const unsupported = Object.keys(k).filter((key) => !SUPPORTED_KEYS.has(key));
  if (unsupported.length > 0)
    throw new KustomizeError(`${file}: ${unsupported.join(', ')} not supported by render-kustomize.mjs`);

  let resources = [...accumulated];
  for (const entry of k.resources ?? []) resources.push(...loadResource(entry, dir, seen));
  for (const entry of [...(k.components ?? []), ...extraComponents]) {
    resources = build(path.resolve(dir, entry), { seen, expect: 'Component', accumulated: resources });
  }
  resources = applyPatches(resources, k.patches, dir);
  resources = applyNamespace(resources, k.namespace);
  resources = applyLabels(resources, k.labels, dir);
  resources = applyReplicas(resources, k.replicas, dir);
  resources = applyImages(resources, k.images, dir);

  const ids = new Set();
  for (const r of resources) {
    const id = idOf(r);
    if (ids.has(id)) throw new KustomizeError(`${file}: ${id} is defined twice`);
    ids.add(id);
  }
  return resources;
}

// kustomize's "legacy" output order: what must exist first comes first.
const ORDER_FIRST = [
  'Namespace',
  'ResourceQuota',
  'StorageClass',
  'CustomResourceDefinition',
  'ServiceAccount',
  'PodSecurityPolicy',
  'Role',
  'ClusterRole',
  'RoleBinding',
  'ClusterRoleBinding',
  'ConfigMap',
  'Secret',
  'Endpoints',
  'Service',
  'LimitRange',
  'PriorityClass',
  'PersistentVolume',
  'PersistentVolumeClaim',
  'Deployment',
  'StatefulSet',
  'CronJob',
  'PodDisruptionBudget',
];
const ORDER_LAST = ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'];
const rank = (kind) =>
  ORDER_FIRST.includes(kind)
    ? ORDER_FIRST.indexOf(kind)
    : ORDER_LAST.includes(kind)
      ? 1000 + ORDER_LAST.indexOf(kind)
      : 500;

/** Renders a kustomization directory (optionally with extra components) into resource objects. */
export function renderKustomization(dir, { components = [] } = {}) {
  const resources = build(path.resolve(dir), {
    extraComponents: components.map((c) => path.relative(path.resolve(dir), path.resolve(c))),
  });
  return resources.sort(
    (a, b) => rank(a.kind) - rank(b.kind) || a.kind.localeCompare(b.kind) || idOf(a).localeCompare(idOf(b)),
  );
}

export const toYamlStream = (resources) =>
  resources.map((r) => YAML.stringify(r, { lineWidth: 0, sortMapEntries: true })).join('---\n');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const components = [];
  const dirs = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--component') components.push(args[++i]);
    else dirs.push(args[i]);
  }
  if (dirs.length !== 1) {
    console.error(
      'usage: node infra/scripts/render-kustomize.mjs <kustomization dir> [--component <dir>]...',
    );
    process.exit(2);
  }
  try {
    process.stdout.write(toYamlStream(renderKustomization(dirs[0], { components })));
  } catch (error) {
    console.error(error instanceof KustomizeError ? error.message : error);
    process.exit(1);
  }
}
