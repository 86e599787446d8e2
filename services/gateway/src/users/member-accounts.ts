import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import { Injectable } from '@nestjs/common';
import type { User } from './user.entity';
import { UsersRepository } from './users.repository';

/**
 * The account behind a signed-in member, for the routes that need more than who they are (their details, status,
 * phone or role), read from its row on every request, so a change shows at once.
 */
@Injectable()
export class MemberAccounts {
  constructor(private readonly users: UsersRepository) {}

  /** The account; 401, as for a sign-in that ended, when it is gone or past its deletion date. */
  async of(userId: string): Promise<User> {
    const account = await this.users.liveAccount(userId);
    if (!account) throw new ApiException(API_ERRORS.notSignedIn);
    return account;
  }
}
