import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import type { ProviderEvent } from '../providers/payment-provider';
import { ProviderEventRecord } from './provider-event.entity';

/** The queries of `provider_events`. */
@Injectable()
export class ProviderEventsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Stores a verified event once (insert ... on conflict do nothing on provider_event_id) and answers its row: the new
   * one, or the one stored when it first arrived.
   */
  async storeOnce(event: ProviderEvent): Promise<{ id: string; processed: boolean; duplicate: boolean }> {
    const inserted = await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(ProviderEventRecord)
      .values({
        providerEventId: event.id,
        type: event.type,
        createdAtProvider: event.createdAt,
        subscriptionId: event.subscriptionId,
        checkoutId: event.checkoutId,
        customerId: event.customerId,
        userId: event.userId,
        payload: event.payload as object,
      })
      .orIgnore()
      .returning(['id'])
      .updateEntity(false)
      .execute();
    const id = (inserted.raw as { id: string }[])[0]?.id;
    if (id) return { id, processed: false, duplicate: false };
    const stored = await this.dataSource
      .getRepository(ProviderEventRecord)
      .findOneOrFail({ select: { id: true, processedAt: true }, where: { providerEventId: event.id } });
    return { id: stored.id, processed: stored.processedAt !== null, duplicate: true };
  }

  get(id: string): Promise<ProviderEventRecord | null> {
    return this.dataSource.getRepository(ProviderEventRecord).findOneBy({ id });
  }

  async markProcessed(id: string): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .update(ProviderEventRecord)
      .set({ processedAt: () => 'now()' })
      .where({ id, processedAt: IsNull() })
      .execute();
  }

  /** Stored events not processed yet, oldest first (for the requeue pass). */
  async unprocessedIds(limit: number): Promise<string[]> {
    const rows = await this.dataSource
      .getRepository(ProviderEventRecord)
      .find({ select: { id: true }, where: { processedAt: IsNull() }, order: { receivedAt: 'ASC' }, take: limit });
    return rows.map(({ id }) => id);
  }
}
