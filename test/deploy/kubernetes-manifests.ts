import type { IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import type { IPodTemplateSpec } from 'kubernetes-models/v1/PodTemplateSpec';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ROOT } from './env-example';

export const OVERLAYS = ['dev', 'prod'] as const;
export type Overlay = (typeof OVERLAYS)[number];

export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
}

/** An overlay as `kustomize build` renders it: KUSTOMIZE (scripts/test.sh's ensure_kustomize sets it), else one on PATH. */
export function renderOverlay(overlay: Overlay): string {
  const result = spawnSync(process.env.KUSTOMIZE ?? 'kustomize', ['build', join(ROOT, 'k8s/overlays', overlay)], {
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(
      `kustomize build ${overlay} failed (bash scripts/test.sh fetches kustomize and sets KUSTOMIZE): ${result.error?.message ?? result.stderr}`,
    );
  }
  return result.stdout;
}

export function parseObjects(yaml: string): KubernetesObject[] {
  return parseAllDocuments(yaml)
    .map((document) => document.toJS() as KubernetesObject | null)
    .filter((object): object is KubernetesObject => object !== null);
}

/** Every object of a kind, typed with its kubernetes-models interface. */
export function ofKind<T>(objects: KubernetesObject[], kind: string): (T & KubernetesObject)[] {
  return objects.filter((object) => object.kind === kind) as (T & KubernetesObject)[];
}

export function named<T>(objects: KubernetesObject[], kind: string, name: string): T & KubernetesObject {
  const found = ofKind<T>(objects, kind).find((object) => object.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
}

/** The pods every workload (Deployment, StatefulSet, Job) runs. */
export function podSpecs(objects: KubernetesObject[]): IPodSpec[] {
  return objects
    .filter((object) => ['Deployment', 'StatefulSet', 'Job'].includes(object.kind))
    .map(
      (workload) =>
        (workload as KubernetesObject & { spec: { template: IPodTemplateSpec } }).spec.template.spec ?? {
          containers: [],
        },
    );
}

/**
 * The environment a container starts with: its ConfigMaps (envFrom and keys) as rendered, and the Secret's keys from
 * `secret`, which stands for the operator's Secret. A required key the Secret lacks throws, as the kubelet refuses
 * to start such a container; an optional one is left out.
 */
export function containerEnv(
  container: IContainer,
  objects: KubernetesObject[],
  secret: Record<string, string>,
): Record<string, string> {
  const configMap = (name: string) => named<IConfigMap>(objects, 'ConfigMap', name).data ?? {};
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    if (!source.configMapRef?.name) throw new Error(`${container.name}: only ConfigMaps are read whole (envFrom)`);
    Object.assign(env, configMap(source.configMapRef.name));
  }
  for (const variable of container.env ?? []) {
    const { configMapKeyRef, secretKeyRef } = variable.valueFrom ?? {};
    let value = variable.value;
    if (configMapKeyRef) value = configMap(configMapKeyRef.name ?? '')[configMapKeyRef.key];
    if (secretKeyRef) {
      value = secret[secretKeyRef.key];
      if (value === undefined && !secretKeyRef.optional)
        throw new Error(`${container.name}: the Secret has no ${secretKeyRef.key}`);
    }
    if (value !== undefined) env[variable.name] = value;
  }
  return env;
}

/** Every Secret key the containers read: required ones, and those marked optional. */
export function secretKeysRead(containers: IContainer[]): { required: Set<string>; optional: Set<string> } {
  const required = new Set<string>();
  const optional = new Set<string>();
  for (const { secretKeyRef } of containers
    .flatMap((container) => container.env ?? [])
    .map((variable) => variable.valueFrom ?? {})) {
    if (secretKeyRef) (secretKeyRef.optional ? optional : required).add(secretKeyRef.key);
  }
  return { required, optional };
}
