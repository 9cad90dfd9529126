import { errorMessage, HttpError, http } from '../../app/http';

/** The products screens call the server through the shell's HTTP helper (spec §8 messages). */
export { HttpError };

export const post = <T>(path: string, body: unknown, signal?: AbortSignal) =>
  http.post<T>(path, body, signal ? { signal } : undefined);
export const get = <T>(path: string, signal?: AbortSignal) =>
  http.get<T>(path, signal ? { signal } : undefined);

export function errorText(e: unknown): string {
  if (e instanceof HttpError) return e.message;
  if (e instanceof Error && e.message) return e.message;
  return errorMessage(e);
}
