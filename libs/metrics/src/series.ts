import { Counter, Gauge, Histogram } from 'prom-client';
import { metricsRegistry } from './metrics-registry';
import { readQueueDepths } from './queue-depth';

const registers = [metricsRegistry];

/** From a quick job to the media worker's whole-job limit (120 s) and beyond. */
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300];
/** A No is stored at once; an analysis takes seconds, retried ones minutes. */
const VERDICT_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600];

/** Every series the services record (their names are part of the dashboards' and alerts' contract). */
export const METRICS = {
  /** `route` is the matched route's template, never the URL: ids and tokens must not become labels. */
  httpRequestDuration: new Histogram({
    name: 'ciq_http_request_duration_seconds',
    help: 'HTTP requests by method, matched route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
  }),
  /** Read from Redis at scrape time, for the queues this process consumes. */
  queueJobs: new Gauge({
    name: 'ciq_queue_jobs',
    help: 'Jobs in each queue this process consumes, by state',
    labelNames: ['queue', 'state'] as const,
    registers,
    async collect() {
      const depths = await readQueueDepths();
      this.reset();
      for (const { queue, state, jobs } of depths) this.set({ queue, state }, jobs);
    },
  }),
  jobDuration: new Histogram({
    name: 'ciq_job_duration_seconds',
    help: 'Time one attempt of a job took in its handler, by queue, job and outcome (completed or failed)',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers,
  }),
  jobsFailed: new Counter({
    name: 'ciq_jobs_failed_total',
    help: 'Failed job attempts; final="true" when no attempt is left',
    labelNames: ['queue', 'job', 'final'] as const,
    registers,
  }),
  jobsStalled: new Counter({
    name: 'ciq_jobs_stalled_total',
    help: 'Jobs whose lock lapsed (their worker died or hung) and were taken back by this process',
    labelNames: ['queue'] as const,
    registers,
  }),
  verdictLatency: new Histogram({
    name: 'ciq_verdict_latency_seconds',
    help: "From the partner's submitted decision to the stored verdict, by outcome",
    labelNames: ['outcome'] as const,
    buckets: VERDICT_BUCKETS,
    registers,
  }),
  socketConnections: new Gauge({
    name: 'ciq_socket_connections',
    help: 'Live-update sockets connected to this gateway instance',
    registers,
  }),
  /** The refusal's code is one of a few (API_ERRORS' live-hearing codes and the rate limit's): no id becomes a label. */
  liveTakeStarts: new Counter({
    name: 'ciq_live_take_starts_total',
    help: "Live takes asked for by partners' phones, by answer: started, or the refusal's code",
    labelNames: ['answer'] as const,
    registers,
  }),
  liveTakesStopped: new Counter({
    name: 'ciq_live_takes_stopped_total',
    help: 'Live takes a gateway ended before the phone did, by the code told to the phone',
    labelNames: ['code'] as const,
    registers,
  }),
  /** Labels from `HeldFate` only: never an id. */
  heldAnalyses: new Counter({
    name: 'ciq_held_analyses_total',
    help: "Takes analysed while their partner reviewed them, by fate at the answer: published (the verdict at the tap), awaited (Yes while it ran), analysed_again (it failed), or the discard's reason",
    labelNames: ['fate'] as const,
    registers,
  }),
  liveTakesHeard: new Counter({
    name: 'ciq_live_takes_heard_total',
    help: 'Live takes a media worker heard to their end, by result: complete (the whole sentence heard last), incomplete, refused (the session no longer waits for a recording) or failed',
    labelNames: ['result'] as const,
    registers,
  }),
};
