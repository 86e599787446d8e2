import { UnitOfWork } from '@app/database';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider';
import { DeletedMembersRepository } from './deleted-members.repository';

/**
 * A member's account deletion, the billing service's part (`DELETE /members/:userId`, called by the gateway's
 * scheduled deletion): the member's billing rows in one transaction (`DeletedMembersRepository.deleteMember`), then
 * the provider's own records of the member where it keeps them here (`local`'s tables; Stripe keeps its customer on
 * its side). Idempotent: a second run finds nothing left and answers the same.
 */
@Injectable()
export class DeleteMember {
  private readonly logger = new Logger(DeleteMember.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly members: DeletedMembersRepository,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async run(userId: string): Promise<void> {
    await this.unitOfWork.run((transaction) => this.members.deleteMember(transaction, userId));
    await this.provider.forgetMember(userId);
    this.logger.log(`Member ${userId}: billing data deleted`);
  }
}
