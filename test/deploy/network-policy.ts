import type { INetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';

type LabelSelector = NonNullable<INetworkPolicy['spec']>['podSelector'];

/** A pod as NetworkPolicies see it: its labels and its namespace (whose name the cluster puts in a label too). */
export interface Pod {
  namespace: string;
  labels: Record<string, string>;
}

/** A container port: policies name it by number or by the container's name for it. */
export interface Port {
  name?: string;
  port: number;
}

/** Whether a label selector selects these labels (a missing selector selects everything). */
export function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return true;
  const byLabel = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  return (
    byLabel &&
    (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
      if (operator === 'In') return values.includes(labels[key]);
      if (operator === 'NotIn') return !values.includes(labels[key]);
      if (operator === 'Exists') return key in labels;
      if (operator === 'DoesNotExist') return !(key in labels);
      throw new Error(`unknown selector operator ${operator}`);
    })
  );
}

const namespaceLabels = (pod: Pod) => ({ 'kubernetes.io/metadata.name': pod.namespace });

/**
 * Whether the policies let `from` reach `to` on `port` (TCP), as a cluster enforces them: a pod no policy selects
 * takes everything; a selected pod takes only what one of its policies' rules allows.
 */
export function ingressAllowed(
  policies: (INetworkPolicy & { metadata: { namespace?: string } })[],
  from: Pod,
  to: Pod,
  port: Port,
): boolean {
  const applying = policies.filter(
    (policy) =>
      policy.metadata.namespace === to.namespace &&
      (policy.spec?.policyTypes ?? ['Ingress']).includes('Ingress') &&
      selects(policy.spec?.podSelector, to.labels),
  );
  if (!applying.length) return true;
  return applying.some((policy) =>
    (policy.spec?.ingress ?? []).some((rule) => {
      const peers = rule.from ?? [];
      const peerAllowed =
        !peers.length ||
        peers.some((peer) => {
          if (peer.ipBlock) return false;
          const namespaceMatches = peer.namespaceSelector
            ? selects(peer.namespaceSelector, namespaceLabels(from))
            : from.namespace === to.namespace;
          return namespaceMatches && (!peer.podSelector || selects(peer.podSelector, from.labels));
        });
      const ports = rule.ports ?? [];
      const portAllowed =
        !ports.length ||
        ports.some(
          (entry) => (entry.protocol ?? 'TCP') === 'TCP' && (entry.port === port.port || entry.port === port.name),
        );
      return peerAllowed && portAllowed;
    }),
  );
}
