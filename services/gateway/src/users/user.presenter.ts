import type { User as UserJson } from '@app/contracts';
import { ProfilePicturesService } from '../profile-pictures/profile-pictures.service';
import type { User } from './user.entity';

/** The User as the client holds it (spec section 3). */
export function presentUser(user: User): UserJson {
  return {
    id: user.id,
    username: user.email,
    fullName: user.fullName,
    phoneNumber: user.phoneNumber,
    phoneVerified: user.phoneVerifiedAt != null,
    profile_picture_url: ProfilePicturesService.urlFor(user.profilePictureKey),
    subscriptionStatus: user.subscriptionStatus,
    accountDeletionDate: user.accountDeletionDate ? user.accountDeletionDate.toISOString() : null,
  };
}
