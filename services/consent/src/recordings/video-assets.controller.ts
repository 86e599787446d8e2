import { type RegisterAssetInput, registerAssetRequestSchema } from '@app/contracts';
import { ZodBodyPipe } from '@app/http';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { CallerContext } from '../http/caller-context';
import { Caller } from '../http/caller-context.decorator';
import { VideoAssetsService } from './video-assets.service';

@Controller('video-assets')
export class VideoAssetsController {
  constructor(private readonly assets: VideoAssetsService) {}

  @Post()
  @HttpCode(201)
  register(
    @Body(new ZodBodyPipe(registerAssetRequestSchema)) body: RegisterAssetInput,
    @Caller() caller: CallerContext,
  ): Promise<{ id: string }> {
    return this.assets.register(body, caller);
  }
}
