import { API_ERRORS, type BillingCheckoutRequest, type CreateSubscriptionResponse } from '@app/contracts';
import { UnitOfWork } from '@app/database';
import { ApiException } from '@app/http';
import { Inject, Injectable } from '@nestjs/common';
import { CustomersRepository } from '../customers/customers.repository';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/payment-provider';
import { checkoutAnswer } from '../subscriptions/lifecycle';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';
import { OneLiveSubscription } from './one-live-subscription';
import { RecordSubscription } from './record-subscription';

/** The provider's placeholder in the success address, replaced by the checkout's id on the way back. */
export const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/**
 * create-subscription, under the member's lock (two requests at once run one after the other): `{status: 'active'}`
 * for a member whose subscription is active; 409 `subscription_past_due` for one whose renewal failed (they pay it in
 * the portal rather than start a second subscription); else at most one open checkout per member. The member's open
 * checkouts are read from the provider first: one paid meanwhile is recorded (then they are active), one still open
 * for the same plan is answered again, one for another plan is expired. Only then is a new checkout created at the
 * provider in subscription mode (returning to `/success?session_id=...` or `/cancel` on the app's origin), recorded
 * as the member's so verify-payment reads only their own.
 */
@Injectable()
export class StartCheckout {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly unitOfWork: UnitOfWork,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly customers: CustomersRepository,
    private readonly checkouts: CheckoutSessionsRepository,
    private readonly record: RecordSubscription,
    private readonly oneLive: OneLiveSubscription,
  ) {}

  start(userId: string, request: BillingCheckoutRequest): Promise<CreateSubscriptionResponse> {
    return this.unitOfWork.run(async (transaction) => {
      await this.subscriptions.lockMember(transaction, userId);
      const answer = await this.answerOf(userId);
      if (answer) return answer;
      for (const open of await this.checkouts.openOfUser(userId)) {
        const state = await this.provider.retrieveCheckout(open.id);
        if (state.status === 'open' && state.url && open.plan === request.plan)
          return { sessionId: open.id, url: state.url };
        await (state.status === 'open'
          ? this.oneLive.expireCheckout(transaction, userId, open.id, 'replaced')
          : this.record.checkout(state, userId));
      }
      const paidMeanwhile = await this.answerOf(userId);
      if (paidMeanwhile) return paidMeanwhile;
      const origin = request.origin.replace(/\/$/, '');
      const customer = await this.customers.ofUser(userId);
      const { checkoutId, url } = await this.provider.createCheckout({
        userId,
        email: request.email,
        plan: request.plan,
        customerId: customer?.providerCustomerId ?? null,
        checkoutsBefore: await this.checkouts.countOfUser(userId),
        successUrl: `${origin}/success?session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`,
        cancelUrl: `${origin}/cancel`,
      });
      await this.checkouts.insert({ id: checkoutId, userId, plan: request.plan });
      return { sessionId: checkoutId, url };
    });
  }

  /** `{status: 'active'}` or the past-due refusal; undefined when the member may check out. */
  private async answerOf(userId: string): Promise<CreateSubscriptionResponse | undefined> {
    const answer = checkoutAnswer(await this.subscriptions.currentOf(userId), new Date());
    if (answer === 'past_due') throw new ApiException(API_ERRORS.subscriptionPastDue);
    return answer === 'active' ? { status: 'active' } : undefined;
  }
}
