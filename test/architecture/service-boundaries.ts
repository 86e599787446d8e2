import type { ImportEdge } from './import-graph';

/** `gateway` for `services/gateway/…`; undefined outside services/. */
export function serviceOf(path: string): string | undefined {
  const [top, service] = path.split('/');
  return top === 'services' ? service : undefined;
}

/**
 * Imports that cross into a service from outside it: another service (it is reached over HTTP or a job, never by its
 * code), a lib (shared code serves the services, not the other way round) or the web app.
 */
export function importsIntoOtherServices(edges: readonly ImportEdge[]): ImportEdge[] {
  return edges.filter((edge) => {
    const target = serviceOf(edge.to);
    return target !== undefined && serviceOf(edge.from) !== target;
  });
}
