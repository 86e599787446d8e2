import type { Receipt } from '@app/contracts';
import { RECEIPT_SECRET_HEADER } from '@app/contracts/receipt-link';
import { type ExtraHeaders, request, requestBlob } from '@/lib/api/http';
import { downloadFile } from '@/lib/download-file';

const segment = encodeURIComponent;
/** Every receipt call carries its secret, read from the link's fragment (docs/API.md, "The partner's receipt"). */
const receiptSecret = (secret: string): ExtraHeaders => ({ [RECEIPT_SECRET_HEADER]: secret });

/** The receipt page's calls, in its own chunk: no other screen makes them. */
export const receiptApi = {
  receipt: (id: string, secret: string) =>
    request<Receipt>('GET', `/api/receipts/${segment(id)}`, { headers: receiptSecret(secret) }),
  /** The partner's own recording, decrypted by the server, played from a blob: address. */
  recording: (id: string, secret: string) =>
    requestBlob(`/api/receipts/${segment(id)}/recording`, receiptSecret(secret)),
  /** Saves the session's signed certificate (as the member's history offers it), fetched with the secret. */
  saveCertificate: (id: string, secret: string, format: 'pdf' | 'json', filename: string) =>
    downloadFile(
      `/api/receipts/${segment(id)}/certificate${format === 'pdf' ? '.pdf' : ''}`,
      filename,
      receiptSecret(secret),
    ),
  withdraw: (id: string, secret: string) =>
    request<Receipt>('POST', `/api/receipts/${segment(id)}/withdraw`, { headers: receiptSecret(secret) }),
  deleteRecording: (id: string, secret: string) =>
    request<Receipt>('POST', `/api/receipts/${segment(id)}/delete-recording`, { headers: receiptSecret(secret) }),
};
