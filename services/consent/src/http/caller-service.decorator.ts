import { CallerService as callerServiceFor } from '@app/http';

/** Which internal caller may use a controller's routes; every route not marked is the gateway's. */
export type InternalCaller = 'gateway' | 'media-worker';

/** Least privilege between services: each caller has its own credential, valid only on its own routes. */
export const CallerService = (caller: InternalCaller) => callerServiceFor(caller);
