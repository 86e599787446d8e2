import { API_ERRORS } from '@app/contracts';
import { ApiException } from '@app/http';

/** The one answer to every refused receipt (unknown id, missing, malformed or wrong secret): it reveals nothing. */
export class ReceiptNotFoundException extends ApiException {
  constructor() {
    super(API_ERRORS.receiptNotFound);
  }
}
