import { z } from 'zod';

/**
 * The spec's asset payload plus the session it belongs to. `storageKey` and `isEncrypted` are dropped: the server
 * builds the key and always encrypts.
 */
export const registerAssetSchema = z.object({
  sessionId: z.string({ message: 'sessionId is required' }),
  filename: z
    .string({ message: 'filename is required' })
    .trim()
    .min(1, 'filename is required')
    .max(200, 'filename must be at most 200 characters'),
  mimeType: z.string({ message: 'mimeType is required' }).max(100, 'mimeType must be at most 100 characters'),
  fileSize: z
    .number({ message: 'fileSize must be a number of bytes' })
    .int('fileSize must be a number of bytes')
    .positive('fileSize must be a number of bytes'),
});

export type RegisterAssetInput = z.infer<typeof registerAssetSchema>;
