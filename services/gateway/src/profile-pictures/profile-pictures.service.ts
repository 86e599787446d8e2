import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';
import { OBJECT_STORAGE, ObjectStorage } from '@app/storage';
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { decodeDataUrl } from './data-url';
import { detectImageType } from './image-type';
import {
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_MAX_INPUT_PIXELS,
  PROFILE_PICTURE_MAX_SIDE,
} from './profile-picture.rules';

const KEY_PATTERN = /^[a-f0-9]{32}\.webp$/;
const PREFIX = 'profile-pictures/';

/** Turns an uploaded data URL into a clean, bounded WebP without any metadata, and stores it. */
@Injectable()
export class ProfilePicturesService {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  /** Validates and re-encodes; nothing is stored yet, so a failure leaves nothing behind. */
  async prepare(dataUrl: string): Promise<Buffer> {
    const bytes = decodeDataUrl(dataUrl);
    if (!bytes || bytes.length === 0) throw new ApiException(API_ERRORS.pictureInvalid);
    if (bytes.length > PROFILE_PICTURE_MAX_BYTES) throw new ApiException(API_ERRORS.pictureTooLarge);
    if (!detectImageType(bytes)) throw new ApiException(API_ERRORS.pictureUnsupported);
    try {
      // rotate() bakes in the EXIF orientation; sharp writes no metadata (EXIF, GPS, ICC, XMP) unless asked to.
      return await sharp(bytes, { limitInputPixels: PROFILE_PICTURE_MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize(PROFILE_PICTURE_MAX_SIDE, PROFILE_PICTURE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw new ApiException(API_ERRORS.pictureUnreadable);
    }
  }

  /** Stores a prepared picture under an unguessable name and returns its key. */
  async store(picture: Buffer): Promise<string> {
    const key = `${randomBytes(16).toString('hex')}.webp`;
    await this.storage.put(PREFIX + key, picture);
    return key;
  }

  async remove(key: string): Promise<void> {
    await this.storage.delete(PREFIX + key);
  }

  /** Null for anything that is not a key this service could have produced. */
  async open(key: string): Promise<Readable | null> {
    if (!KEY_PATTERN.test(key)) return null;
    return this.storage.get(PREFIX + key).catch(() => null);
  }

  static urlFor(key: string | null): string | null {
    return key ? `/api/media/profile-pictures/${key}` : null;
  }
}
