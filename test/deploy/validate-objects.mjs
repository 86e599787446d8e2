// Validates Kubernetes objects (a YAML stream on stdin, as `kustomize build` prints it) against their schemas:
// built-in kinds with kubernetes-models, KEDA's with @kubernetes-models/keda, Prometheus Operator's with
// @kubernetes-models/prometheus-operator. Prints one JSON line per object ({kind, name, errors}); a kind none of them
// knows is an error too. Exits 1 when any object has errors. Run by manifests.spec.ts (the packages are ESM only).
import * as keda from '@kubernetes-models/keda';
import * as prometheusOperator from '@kubernetes-models/prometheus-operator';
import * as builtIn from 'kubernetes-models';
import { parseAllDocuments } from 'yaml';

const groups = { ...builtIn, ...keda, ...prometheusOperator };

/** 'networking.k8s.io/v1' -> groups.networkingK8sIo.v1; 'v1' (the core group) -> groups.v1. */
function modelOf({ apiVersion, kind }) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : [undefined, apiVersion];
  const key = group
    ? group
        .split('.')
        .map((part, index) => (index ? part[0].toUpperCase() + part.slice(1) : part))
        .join('')
    : undefined;
  const models = key ? groups[key]?.[version] : groups[version];
  const model = models?.[kind];
  return typeof model === 'function' && model.kind === kind && model.apiVersion === apiVersion ? model : undefined;
}

function errorsOf(object) {
  const Model = modelOf(object);
  if (!Model) return [`no schema for ${object.apiVersion} ${object.kind}`];
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  }
}

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
let failed = false;
for (const document of parseAllDocuments(Buffer.concat(chunks).toString('utf8'))) {
  const object = document.toJS();
  if (!object) continue;
  const errors = errorsOf(object);
  failed ||= errors.length > 0;
  process.stdout.write(`${JSON.stringify({ kind: object.kind, name: object.metadata?.name, errors })}\n`);
}
process.exit(failed ? 1 : 0);
