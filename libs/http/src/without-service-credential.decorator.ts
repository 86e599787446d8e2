import { SetMetadata } from '@nestjs/common';

export const WITHOUT_SERVICE_CREDENTIAL = 'withoutServiceCredential';

/** Opts a route out of an internal service's credential guard: only health probes, which reveal nothing. */
export const WithoutServiceCredential = () => SetMetadata(WITHOUT_SERVICE_CREDENTIAL, true);
