import { API_ERRORS } from '@app/contracts';
import { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { ApiException } from './api.exception';

/** Validates a request body; the first failing rule's message becomes the 400 answer (code `validation_failed`). */
export class ZodBodyPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value ?? {});
    if (!result.success) throw new ApiException(API_ERRORS.validationFailed, result.error.issues[0].message);
    return result.data;
  }
}
