import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's one registry: every series below and prom-client's default process metrics (CPU, memory, event
 * loop, handles). One per process, so a library (the queue's workers) records into it without being handed it.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });
