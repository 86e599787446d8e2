import { metricsRegistry } from '@app/metrics';
import { LIVE_STREAMS, QUEUES, queueWiringFromUrl } from '@app/queue';
import type { IScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import type { ITriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1/TriggerAuthentication';
import type { IPodMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PodMonitor';
import type { IPrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import type { IContainer } from 'kubernetes-models/v1/Container';
import type { IService } from 'kubernetes-models/v1/Service';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readEnvExample, ROOT } from './env-example';
import {
  containerEnv,
  KubernetesObject,
  named,
  ofKind,
  Overlay,
  OVERLAYS,
  parseObjects,
  podSpecs,
  renderOverlay,
  secretKeysRead,
} from './kubernetes-manifests';
import { ingressAllowed, Pod, selects } from './network-policy';
import { metricNames } from './promql';
import { jobTimeoutMs, placeholderSecret, SERVICE_NAMES, serviceConfig, ServiceName } from './service-config';

/** The series the services export (libs/metrics, prom-client's default process metrics among them), and Prometheus' own `up`. */
const KNOWN_SERIES = [...metricsRegistry.getMetricsAsArray().map((metric) => metric.name), 'up'];
const isKnownSeries = (name: string) => KNOWN_SERIES.includes(name.replace(/_(bucket|count|sum)$/, ''));

/** Where each service answers its probes: its own HTTP port, or (the media worker, no HTTP server) its metrics port. */
const PROBE_PORT_VARIABLE: Record<ServiceName, string> = {
  gateway: 'PORT',
  consent: 'CONSENT_PORT',
  billing: 'BILLING_PORT',
  'media-worker': 'METRICS_PORT',
};

interface Rendered {
  yaml: string;
  objects: KubernetesObject[];
  namespace: string;
  /** Stands for the operator's Secret: every key a container requires, and the optional ones the example file sets. */
  secret: Record<string, string>;
}

const example = readEnvExample();

function render(overlay: Overlay): Rendered {
  const yaml = renderOverlay(overlay);
  const objects = parseObjects(yaml);
  const { required, optional } = secretKeysRead(podSpecs(objects).flatMap((pod) => pod.containers));
  const keys = [...required, ...[...optional].filter((key) => example.assigned.has(key))];
  const secret = Object.fromEntries(keys.map((key) => [key, placeholderSecret(key)]));
  const namespace = ofKind(objects, 'Namespace')[0].metadata.name;
  return { yaml, objects, namespace, secret };
}

const rendered = Object.fromEntries(OVERLAYS.map((overlay) => [overlay, render(overlay)])) as Record<Overlay, Rendered>;

function container(deployment: IDeployment): IContainer {
  const containers = deployment.spec?.template.spec?.containers ?? [];
  expect(containers).toHaveLength(1);
  return containers[0];
}

function deploymentOf(objects: KubernetesObject[], service: ServiceName) {
  return named<IDeployment>(objects, 'Deployment', service);
}

function containerPort(deployment: IDeployment, port: string | number | undefined) {
  const found = container(deployment).ports?.find((entry) => entry.name === port || entry.containerPort === port);
  if (!found) throw new Error(`${deployment.metadata?.name} has no port ${port}`);
  return { name: found.name, port: found.containerPort };
}

describe.each(OVERLAYS)('the %s overlay', (overlay) => {
  const { yaml, objects, namespace, secret } = rendered[overlay];
  const env = (service: ServiceName) => containerEnv(container(deploymentOf(objects, service)), objects, secret);

  it('renders only objects that validate against their Kubernetes, KEDA and Prometheus Operator schemas', () => {
    const result = spawnSync(process.execPath, [join(__dirname, 'validate-objects.mjs')], {
      input: yaml,
      encoding: 'utf8',
    });
    const reports = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { kind: string; name: string; errors: string[] });
    expect(reports.filter((report) => report.errors.length)).toEqual([]);
    expect(result.status).toBe(0);
    expect(reports).toHaveLength(objects.length);
    expect(objects.length).toBeGreaterThan(20);
  });

  it('runs the four services, each starting with a configuration its own schema accepts', () => {
    expect(
      ofKind(objects, 'Deployment')
        .map((object) => object.metadata.name)
        .sort(),
    ).toEqual([...SERVICE_NAMES].sort());
    for (const service of SERVICE_NAMES) expect(() => serviceConfig(service, env(service))).not.toThrow();
    // Called by other pods, so not on loopback.
    expect(serviceConfig('consent', env('consent')).CONSENT_HOST).toBe('0.0.0.0');
    expect(serviceConfig('billing', env('billing')).BILLING_HOST).toBe('0.0.0.0');
    for (const service of SERVICE_NAMES) expect(env(service).METRICS_HOST).toBe('0.0.0.0');
    const gateway = serviceConfig('gateway', env('gateway'));
    const consentService = named<IService>(objects, 'Service', 'consent');
    expect(new URL(gateway.CONSENT_SERVICE_URL).hostname).toBe('consent');
    expect(Number(new URL(gateway.CONSENT_SERVICE_URL).port)).toBe(consentService.spec?.ports?.[0].port);
    expect(new URL(serviceConfig('media-worker', env('media-worker')).CONSENT_SERVICE_URL).hostname).toBe('consent');
    expect(new URL(gateway.BILLING_SERVICE_URL).hostname).toBe('billing');
  });

  it('gives the recordings key ring to the consent service and the media worker only', () => {
    const holders = SERVICE_NAMES.filter((service) => 'STORAGE_ENCRYPTION_KEYS' in env(service));
    expect(holders.sort()).toEqual(['consent', 'media-worker']);
    expect(env('consent').STORAGE_ENCRYPTION_KEYS).toBe(env('media-worker').STORAGE_ENCRYPTION_KEYS);
  });

  it.each(SERVICE_NAMES)('probes %s on its own port: /readyz for readiness, /healthz for liveness', (service) => {
    const deployment = deploymentOf(objects, service);
    const { readinessProbe, livenessProbe } = container(deployment);
    expect(readinessProbe?.httpGet?.path).toBe('/readyz');
    expect(livenessProbe?.httpGet?.path).toBe('/healthz');
    const expected = Number(env(service)[PROBE_PORT_VARIABLE[service]]);
    expect(containerPort(deployment, readinessProbe?.httpGet?.port).port).toBe(expected);
    expect(containerPort(deployment, livenessProbe?.httpGet?.port).port).toBe(expected);
    if (service !== 'media-worker')
      expect((serviceConfig(service, env(service)) as Record<string, unknown>)[PROBE_PORT_VARIABLE[service]]).toBe(
        expected,
      );
  });

  it('runs every workload as non-root, without privilege escalation, on a read-only root filesystem, with requests and limits', () => {
    for (const pod of podSpecs(objects)) {
      for (const { securityContext, resources, name } of pod.containers) {
        const context = { name, ...pod.securityContext, ...securityContext };
        expect(context).toMatchObject({
          name,
          runAsNonRoot: true,
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
        });
        expect(securityContext?.capabilities?.drop).toEqual(['ALL']);
        expect(Object.keys(resources?.requests ?? {}).sort()).toEqual(['cpu', 'memory']);
        expect(Object.keys(resources?.limits ?? {}).sort()).toEqual(['cpu', 'memory']);
      }
    }
  });

  it('gives the media worker a writable temporary directory for its workspaces', () => {
    const deployment = deploymentOf(objects, 'media-worker');
    const mount = container(deployment).volumeMounts?.find((entry) => entry.mountPath === '/tmp');
    const volume = deployment.spec?.template.spec?.volumes?.find((entry) => entry.name === mount?.name);
    expect(volume?.emptyDir).toBeDefined();
    expect(mount?.readOnly).toBeFalsy();
  });

  it('lets a media worker finish its job when it is stopped: the grace period exceeds JOB_TIMEOUT_MS', () => {
    const grace = deploymentOf(objects, 'media-worker').spec?.template.spec?.terminationGracePeriodSeconds ?? 30;
    expect(grace * 1000).toBeGreaterThan(jobTimeoutMs(env('media-worker')));
  });

  it('covers every Deployment with a PodDisruptionBudget', () => {
    const budgets = ofKind<IPodDisruptionBudget>(objects, 'PodDisruptionBudget');
    for (const deployment of ofKind<IDeployment>(objects, 'Deployment')) {
      const labels = deployment.spec?.template.metadata?.labels ?? {};
      const covering = budgets.filter((budget) => budget.spec?.selector && selects(budget.spec.selector, labels));
      expect({ deployment: deployment.metadata.name, budgets: covering.length }).toEqual({
        deployment: deployment.metadata.name,
        budgets: 1,
      });
    }
  });

  it('scales media workers on the analysis queue’s wait list and the live takes heard with KEDA, from one worker', () => {
    const [scaled] = ofKind<IScaledObject>(objects, 'ScaledObject');
    expect(scaled.spec.scaleTargetRef.name).toBe(deploymentOf(objects, 'media-worker').metadata.name);
    expect(scaled.spec.scaleTargetRef.kind ?? 'Deployment').toBe('Deployment');
    expect(scaled.spec.minReplicaCount).toBe(1);
    expect(scaled.spec.maxReplicaCount).toBeGreaterThan(1);
    const config = serviceConfig('media-worker', env('media-worker'));
    const { prefix } = queueWiringFromUrl(config.REDIS_URL, config.REDIS_PREFIX);
    const [trigger, live] = scaled.spec.triggers;
    expect(trigger.type).toBe('redis');
    expect(trigger.metadata.listName).toBe(`${prefix}:${QUEUES.mediaAnalysis}:wait`);
    // And on the live takes being heard: the pending entries of the live hearing's consumer group.
    expect(live.type).toBe('redis-streams');
    expect(live.metadata).toMatchObject({
      stream: `${config.REDIS_PREFIX}${LIVE_STREAMS.takes}`,
      consumerGroup: LIVE_STREAMS.group,
    });
    expect(Number(live.metadata.pendingEntriesCount)).toBeLessThan(Number(env('media-worker').LIVE_TAKES));
    // Each trigger reads its own Redis: the queues' (REDIS_ADDRESS), and the live takes' (LIVE_REDIS_ADDRESS).
    const secretKeys = (name = '') => {
      const parameters = named<ITriggerAuthentication>(objects, 'TriggerAuthentication', name).spec?.secretTargetRef;
      for (const { key } of parameters ?? []) expect(example.mentioned).toContain(key);
      return Object.fromEntries((parameters ?? []).map(({ parameter, key }) => [parameter, key]));
    };
    expect(secretKeys(trigger.authenticationRef?.name)).toEqual({
      address: 'REDIS_ADDRESS',
      password: 'REDIS_PASSWORD',
    });
    expect(live.authenticationRef?.name).not.toBe(trigger.authenticationRef?.name);
    expect(secretKeys(live.authenticationRef?.name)).toEqual({
      address: 'LIVE_REDIS_ADDRESS',
      password: 'LIVE_REDIS_PASSWORD',
    });
    expect(env('media-worker').LIVE_REDIS_URL).toBe(secret.LIVE_REDIS_URL);
    expect(env('gateway').LIVE_REDIS_URL).toBe(secret.LIVE_REDIS_URL);
  });

  it('scales the gateway with a HorizontalPodAutoscaler', () => {
    const [autoscaler] = ofKind<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler');
    expect(autoscaler.spec?.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'gateway' });
    expect(autoscaler.spec?.maxReplicas).toBeGreaterThan(autoscaler.spec?.minReplicas ?? 1);
    expect(deploymentOf(objects, 'gateway').spec?.replicas).toBeUndefined();
  });

  it('routes the site and /socket.io to the gateway, Socket.IO with websocket-friendly timeouts', () => {
    const ingresses = ofKind<IIngress>(objects, 'Ingress');
    const route = (path: string) => {
      const ingress = ingresses.find((candidate) =>
        candidate.spec?.rules?.some((rule) => rule.http?.paths.some((entry) => entry.path === path)),
      );
      const entry = ingress?.spec?.rules
        ?.flatMap((rule) => rule.http?.paths ?? [])
        .find((candidate) => candidate.path === path);
      return { ingress, backend: entry?.backend.service, pathType: entry?.pathType };
    };
    const gatewayService = named<IService>(objects, 'Service', 'gateway');
    for (const path of ['/', '/socket.io']) {
      const { backend, pathType } = route(path);
      expect({ path, service: backend?.name, pathType }).toEqual({ path, service: 'gateway', pathType: 'Prefix' });
      const servicePort = gatewayService.spec?.ports?.find(
        (port) => port.name === backend?.port?.name || port.port === backend?.port?.number,
      );
      expect(containerPort(deploymentOf(objects, 'gateway'), servicePort?.targetPort).port).toBe(
        serviceConfig('gateway', env('gateway')).PORT,
      );
    }
    const annotations = route('/socket.io').ingress?.metadata.annotations ?? {};
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(3600);
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-send-timeout'])).toBeGreaterThanOrEqual(3600);
  });

  it('lets only the ingress controller reach the gateway, and only the gateway (and the worker, for consent) the internal services', () => {
    const policies = ofKind<INetworkPolicy>(objects, 'NetworkPolicy');
    expect(policies).toContainEqual(expect.objectContaining({ spec: { podSelector: {}, policyTypes: ['Ingress'] } }));
    const podOf = (service: ServiceName | 'migrate'): Pod => ({
      namespace,
      labels: { 'app.kubernetes.io/name': service },
    });
    const outside = (namespaceName: string): Pod => ({ namespace: namespaceName, labels: {} });
    const port = (service: ServiceName, name: string) => containerPort(deploymentOf(objects, service), name);
    const reaches = (from: Pod, service: ServiceName, portName: string) =>
      ingressAllowed(policies, from, podOf(service), port(service, portName));

    expect(reaches(outside('ingress-nginx'), 'gateway', 'http')).toBe(true);
    expect(reaches(outside('somewhere-else'), 'gateway', 'http')).toBe(false);
    expect(reaches(podOf('consent'), 'gateway', 'http')).toBe(false);
    for (const internal of ['consent', 'billing'] as const) {
      expect(reaches(podOf('gateway'), internal, 'http')).toBe(true);
      expect(reaches(outside('ingress-nginx'), internal, 'http')).toBe(false);
      expect(reaches(outside('somewhere-else'), internal, 'http')).toBe(false);
      expect(reaches(podOf('migrate'), internal, 'http')).toBe(false);
    }
    expect(reaches(podOf('media-worker'), 'consent', 'http')).toBe(true);
    expect(reaches(podOf('media-worker'), 'billing', 'http')).toBe(false);
    expect(reaches(podOf('consent'), 'billing', 'http')).toBe(false);
    expect(reaches(podOf('billing'), 'consent', 'http')).toBe(false);
    for (const service of SERVICE_NAMES) {
      expect(reaches(outside('monitoring'), service, 'metrics')).toBe(true);
      expect(reaches(outside('ingress-nginx'), service, 'metrics')).toBe(false);
      expect(reaches(podOf('gateway'), service, 'metrics')).toBe(false);
    }
    expect(reaches(outside('monitoring'), 'gateway', 'http')).toBe(false);
  });

  it('scrapes every service’s metrics port', () => {
    const [monitor] = ofKind<IPodMonitor>(objects, 'PodMonitor');
    const [endpoint] = monitor.spec.podMetricsEndpoints ?? [];
    for (const service of SERVICE_NAMES) {
      const deployment = deploymentOf(objects, service);
      expect(selects(monitor.spec.selector, deployment.spec?.template.metadata?.labels ?? {})).toBe(true);
      expect(containerPort(deployment, endpoint.port).port).toBe(Number(env(service).METRICS_PORT));
    }
  });

  it('alerts only on series the services export, each alert explained in docs/OPERATIONS.md', () => {
    const operations = readFileSync(join(ROOT, 'docs/OPERATIONS.md'), 'utf8');
    const rules = ofKind<IPrometheusRule>(objects, 'PrometheusRule').flatMap(
      (rule) => rule.spec.groups?.flatMap((group) => group.rules ?? []) ?? [],
    );
    expect(rules.length).toBeGreaterThanOrEqual(6);
    for (const rule of rules) {
      const expression = String(rule.expr);
      expect({ alert: rule.alert, unknown: metricNames(expression).filter((name) => !isKnownSeries(name)) }).toEqual({
        alert: rule.alert,
        unknown: [],
      });
      expect(metricNames(expression).length).toBeGreaterThan(0);
      expect(rule.labels?.severity).toMatch(/^(warning|critical)$/);
      expect(operations).toContain(`### ${rule.alert}`);
    }
    const read = new Set(
      rules.flatMap((rule) => metricNames(String(rule.expr)).map((name) => name.replace(/_(bucket|count|sum)$/, ''))),
    );
    // The alerts: backlog, verdict latency, jobs failing for good, stalled jobs, 5xx rate, a service down.
    const alerted = [
      'ciq_queue_jobs',
      'ciq_verdict_latency_seconds',
      'ciq_jobs_failed_total',
      'ciq_jobs_stalled_total',
      'ciq_http_request_duration_seconds',
      'up',
    ];
    for (const series of alerted) expect(read).toContain(series);
  });

  it('migrates with a Job of the release’s migrate image, and commits no Secret', () => {
    const job = named<IJob>(objects, 'Job', 'migrate');
    const [migrate] = job.spec?.template.spec?.containers ?? [];
    const tagOf = (image = '') => image.slice(image.lastIndexOf(':') + 1);
    expect(migrate.image).toMatch(/consentiq\/migrate:/);
    expect(job.spec?.template.spec?.restartPolicy).toBe('Never');
    expect(containerEnv(migrate, objects, secret).DATABASE_URL).toBe(secret.DATABASE_URL);
    for (const service of SERVICE_NAMES)
      expect(tagOf(container(deploymentOf(objects, service)).image)).toBe(tagOf(migrate.image));
    expect(ofKind(objects, 'Secret')).toEqual([]);
    const { required } = secretKeysRead(podSpecs(objects).flatMap((pod) => pod.containers));
    // The operator learns every key the Secret needs from the example file.
    for (const key of required) expect(example.mentioned).toContain(key);
  });
});

it('lets the production overlay scale media workers further than the development one', () => {
  const maxWorkers = (overlay: Overlay) =>
    ofKind<IScaledObject>(rendered[overlay].objects, 'ScaledObject')[0].spec.maxReplicaCount;
  expect(maxWorkers('prod')).toBeGreaterThan(maxWorkers('dev') ?? 0);
});
