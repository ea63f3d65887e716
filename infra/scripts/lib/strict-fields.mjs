// Unknown-field check ("kubectl apply --validate=strict" without a cluster). The JSON-schema
// validators shipped by kubernetes-models check types, enums, formats and required fields, but
// like the upstream OpenAPI schemas they let unknown keys through, so a typo such as
// `readinessProb:` would pass. Here the TypeScript compiler reads the same package's declaration
// files, and every key of a manifest must be a property of the matching interface (following
// arrays, maps and unions down the tree).
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** `kubernetes-models/apps/v1/Deployment` -> its .d.ts file and interface name `IDeployment`. */
function declarationOf(modulePath, kind) {
  const js = fileURLToPath(import.meta.resolve(modulePath));
  return { file: js.replace(/\.js$/, '.d.ts'), name: `I${kind}` };
}

export function createStrictChecker(models /* [{ key, modulePath, kind }] */) {
  const declarations = new Map(models.map((m) => [m.key, declarationOf(m.modulePath, m.kind)]));
  const program = ts.createProgram([...new Set([...declarations.values()].map((d) => d.file))], {
    noEmit: true,
    skipLibCheck: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const checker = program.getTypeChecker();
  const rootTypes = new Map();
  for (const [key, { file, name }] of declarations) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    const symbol = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((s) => s.name === name);
    if (!symbol) throw new Error(`strict check: ${name} not found in ${file}`);
    rootTypes.set(key, checker.getDeclaredTypeOfSymbol(symbol));
  }

  const OPEN = ts.TypeFlags.Any | ts.TypeFlags.Unknown;
  const objectMembers = (type) => {
    const members = type.isUnion() ? type.types : [type];
    return members.filter((t) => t.flags & ts.TypeFlags.Object || t.flags & OPEN || t.isIntersection());
  };

  function walk(value, type, path, problems) {
    if (value === null || typeof value !== 'object') return;
    if (type.flags & OPEN) return;
    const candidates = objectMembers(checker.getNonNullableType(type));
    if (candidates.length === 0 || candidates.some((t) => t.flags & OPEN)) return;
    if (Array.isArray(value)) {
      const arrays = candidates.filter((t) => checker.isArrayType(t));
      if (arrays.length === 0) return; // a type error, which the schema check reports
      const element = checker.getTypeArguments(arrays[0])[0];
      for (const [i, item] of value.entries()) walk(item, element, `${path}[${i}]`, problems);
      return;
    }
    const objects = candidates.filter((t) => !checker.isArrayType(t));
    if (objects.length === 0) return;
    for (const [key, child] of Object.entries(value)) {
      let childType;
      for (const candidate of objects) {
        const property = candidate.getProperty(key);
        if (property) {
          childType = checker.getTypeOfSymbol(property);
          break;
        }
        const index = checker.getIndexTypeOfType(candidate, ts.IndexKind.String);
        if (index) {
          childType = index;
          break;
        }
      }
      if (!childType) {
        problems.push(`${path}.${key}: unknown field`);
        continue;
      }
      walk(child, childType, `${path}.${key}`, problems);
    }
  }

  return {
    has: (key) => rootTypes.has(key),
    /** Unknown fields of `object` against the interface registered under `key`. */
    check(key, object) {
      const problems = [];
      walk(object, rootTypes.get(key), '', problems);
      return problems.map((p) => p.replace(/^\./, ''));
    },
  };
}
