import { HTTP_SERVER_ERROR_STATUS } from '../../constants.ts';
import { MESSAGES, type MessageKey } from '../../messages.ts';

export interface HttpFailure {
  cancelled?: boolean;
  /** HTTP status when a response arrived. */
  status?: number | undefined;
  /** The server's own message, when it sent one. */
  serverMessage?: string | undefined;
  /** True when the request left but no response came back. */
  noResponse?: boolean;
}

/** W §8 HTTP helper: the user-facing message for a failed request (toast titled 오류). */
export function httpErrorMessage(failure: HttpFailure): {
  key: MessageKey;
  message: string;
  isAuthError: boolean;
} {
  const pick = (key: MessageKey, message: string = MESSAGES[key].ko) => ({
    key,
    message,
    isAuthError: key === 'authRequired',
  });
  if (failure.cancelled) return pick('requestCancelled');
  if (failure.status !== undefined) {
    if (failure.status === 401) return pick('authRequired');
    if (failure.status >= HTTP_SERVER_ERROR_STATUS) return pick('serverError');
    return pick('requestFailed', failure.serverMessage?.trim() || MESSAGES.requestFailed.ko);
  }
  if (failure.noResponse) return pick('noServerConnection');
  return pick('unknownErrorOccurred');
}
