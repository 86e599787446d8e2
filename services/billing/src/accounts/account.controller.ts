import { type BillingAccount, billingAccountSchema, type BillingPortal, billingPortalSchema } from '@app/contracts';
import { ActorUserId, ZodBodyPipe } from '@app/http';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { z } from 'zod';
import { MemberAccount } from './member-account';

/** Where the portal sends the member back: an http(s) address of the app. */
const portalRequestSchema = z.object({
  returnUrl: z
    .string()
    .max(2000)
    .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), 'returnUrl must be an http(s) URL'),
});

/** The member's billing account (X-Actor-User-Id). */
@Controller('account')
export class AccountController {
  constructor(private readonly account: MemberAccount) {}

  @Get()
  async read(@ActorUserId() userId: string): Promise<BillingAccount> {
    return billingAccountSchema.parse(await this.account.read(userId));
  }

  @Post('cancel')
  @HttpCode(200)
  async cancel(@ActorUserId() userId: string): Promise<BillingAccount> {
    return billingAccountSchema.parse(await this.account.cancel(userId));
  }

  /** Undoes a cancel at period end; 409 nothing_to_resume when there is none to undo. */
  @Post('resume')
  @HttpCode(200)
  async resume(@ActorUserId() userId: string): Promise<BillingAccount> {
    return billingAccountSchema.parse(await this.account.resume(userId));
  }

  @Post('portal')
  @HttpCode(200)
  async portal(
    @ActorUserId() userId: string,
    @Body(new ZodBodyPipe(portalRequestSchema)) body: z.infer<typeof portalRequestSchema>,
  ): Promise<BillingPortal> {
    return billingPortalSchema.parse(await this.account.portal(userId, body.returnUrl));
  }
}
