import type { SupportSessionRecord } from '@app/contracts';
import { Controller, Get, Param } from '@nestjs/common';
import { CallerService } from '../http/caller-service.decorator';
import { SupportLookup } from './support-lookup';

/**
 * The support lookup, for the gateway only (its credential; the media worker's is refused): the gateway checks the
 * staff member's role and writes the access log before it calls.
 */
@Controller('support/sessions')
@CallerService('gateway')
export class SupportController {
  constructor(private readonly lookup: SupportLookup) {}

  /** Unknown or malformed id: the unknown session's 404. */
  @Get(':id')
  read(@Param('id') id: string): Promise<SupportSessionRecord> {
    return this.lookup.read(id);
  }
}
