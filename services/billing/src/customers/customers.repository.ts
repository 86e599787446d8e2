import type { Transaction } from '@app/database';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Customer } from './customer.entity';

/** The queries of `customers`. */
@Injectable()
export class CustomersRepository {
  constructor(private readonly dataSource: DataSource) {}

  ofUser(userId: string): Promise<Customer | null> {
    return this.dataSource.getRepository(Customer).findOneBy({ userId });
  }

  async userOf(transaction: Transaction, providerCustomerId: string): Promise<string | null> {
    const row = await transaction.findOneBy(Customer, { providerCustomerId });
    return row?.userId ?? null;
  }

  /** Links a provider customer to the member; a member who has one already keeps it (insert ... on conflict do nothing). */
  async link(
    transaction: Transaction,
    customer: Pick<Customer, 'userId' | 'provider' | 'providerCustomerId'>,
  ): Promise<void> {
    await transaction
      .createQueryBuilder()
      .insert()
      .into(Customer)
      .values(customer)
      .orIgnore()
      .updateEntity(false)
      .execute();
  }
}
