import { ProfilePicturesService } from '../profile-pictures/profile-pictures.service';
import type { SubscriptionStatus, User } from './user.entity';

/** The User as the client holds it (spec section 3). */
export interface UserJson {
  id: string;
  username: string;
  fullName: string;
  phoneNumber: string;
  profile_picture_url: string | null;
  subscriptionStatus: SubscriptionStatus;
  accountDeletionDate: string | null;
}

export function presentUser(user: User): UserJson {
  return {
    id: user.id,
    username: user.email,
    fullName: user.fullName,
    phoneNumber: user.phoneNumber,
    profile_picture_url: ProfilePicturesService.urlFor(user.profilePictureKey),
    subscriptionStatus: user.subscriptionStatus,
    accountDeletionDate: user.accountDeletionDate ? user.accountDeletionDate.toISOString() : null,
  };
}
