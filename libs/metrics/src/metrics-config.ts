import { z } from 'zod';

/** Each process's default metrics port, so processes on one host do not collide. */
export const DEFAULT_METRICS_PORTS = { gateway: 9464, consent: 9465, billing: 9466, 'media-worker': 9467 } as const;

/** The metrics endpoint's variables; a service spreads them into its schema with its own default port. */
export function metricsConfigShape(defaultPort: number) {
  return {
    /** Internal: loopback by default; production sets 0.0.0.0 so the cluster's Prometheus can scrape it. */
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** 0 picks a free port (tests that start several stacks at once). */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(defaultPort),
  };
}

export type MetricsConfig = z.infer<z.ZodObject<ReturnType<typeof metricsConfigShape>>>;
