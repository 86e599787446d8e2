import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import { Controller, Get, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { ProfilePicturesService } from './profile-pictures.service';

/** Pictures are public by unguessable name: the partner, who has no account, sees the member's photo. */
@Controller('api/media/profile-pictures')
export class ProfilePicturesController {
  constructor(private readonly pictures: ProfilePicturesService) {}

  @Get(':key')
  async show(@Param('key') key: string, @Res() response: Response): Promise<void> {
    const stream = await this.pictures.open(key);
    if (!stream) throw new ApiException(API_ERRORS.pictureNotFound);
    response.setHeader('Content-Type', 'image/webp');
    response.setHeader('Cache-Control', 'private, max-age=86400, immutable');
    await pipeline(stream, response);
  }
}
